import { describe, expect, test } from "vitest";
import { SITE_SCRIPT } from "./site-script";

describe("SITE_SCRIPT", () => {
  test("is one self-contained call: valid JavaScript, nothing imported or loaded", () => {
    expect(() => new Function(SITE_SCRIPT)).not.toThrow();
    expect(SITE_SCRIPT).not.toMatch(/\bimport\b|\brequire\(|__vite|__name/);
    expect(SITE_SCRIPT).toMatch(/^\(function enhanceSite\(/);
    expect(SITE_SCRIPT).toContain('{"delays":{"hover":200,"skip":300,"close":150}');
    expect(SITE_SCRIPT).toContain('"hashOffset":120,"hashDelay":100');
  });

  test("never closes its own <script> element", () => {
    expect(SITE_SCRIPT).not.toMatch(/<\/script|<!--/i);
  });
});
