import { describe, expect, it } from "vitest";
import { keyGuard } from "./keys";

describe("keyGuard", () => {
  const isColor = keyGuard({ red: "Rouge", teal: "Bleu canard" } as const);

  it("accepts the map's own keys only", () => {
    expect(isColor("red")).toBe(true);
    expect(isColor("teal")).toBe(true);
    expect(isColor("Rouge")).toBe(false);
    expect(isColor("toString")).toBe(false);
    expect(isColor("__proto__")).toBe(false);
  });

  it("refuses what is not a string", () => {
    expect(isColor(undefined)).toBe(false);
    expect(isColor(null)).toBe(false);
    expect(isColor(1)).toBe(false);
    expect(isColor(["red"])).toBe(false);
  });
});
