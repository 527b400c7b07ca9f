import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { getSecretKey, openSecret, sealSecret } from "./secret-box.server";

const freshDir = () => fs.mkdtempSync(path.join(os.tmpdir(), "secret-box-"));

describe("secret box", () => {
  it("generates the key once into DATA_DIR/secret-key, mode 0600, and never rewrites it", () => {
    const dir = freshDir();
    const key = getSecretKey(dir);
    const file = path.join(dir, "secret-key");
    expect(key).toHaveLength(32);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const written = fs.readFileSync(file, "utf8");
    expect(getSecretKey(dir).equals(key)).toBe(true);
    expect(fs.readFileSync(file, "utf8")).toBe(written);
    // No temporary file is left beside it.
    expect(fs.readdirSync(dir)).toEqual(["secret-key"]);
  });

  it("keeps a key another process wrote first", () => {
    const dir = freshDir();
    const theirs = "ab".repeat(32);
    fs.writeFileSync(path.join(dir, "secret-key"), `${theirs}\n`, { mode: 0o600 });
    expect(getSecretKey(dir).toString("hex")).toBe(theirs);
  });

  it("round-trips a secret, with a new IV each time, and the database text hides it", () => {
    const key = getSecretKey(freshDir());
    const first = sealSecret("JBSWY3DPEHPK3PXP", key);
    const second = sealSecret("JBSWY3DPEHPK3PXP", key);
    expect(first).not.toBe(second);
    expect(first).not.toContain("JBSWY3DPEHPK3PXP");
    expect(openSecret(first, key)).toBe("JBSWY3DPEHPK3PXP");
    expect(openSecret(second, key)).toBe("JBSWY3DPEHPK3PXP");
  });

  it("refuses an altered text and another key", () => {
    const key = getSecretKey(freshDir());
    const sealed = sealSecret("secret", key);
    const parts = sealed.split(".");
    const body = Buffer.from(parts[3] ?? "", "base64url");
    body.writeUInt8(body.readUInt8(0) ^ 1, 0);
    parts[3] = body.toString("base64url");
    expect(() => openSecret(parts.join("."), key)).toThrow();
    expect(() => openSecret(sealed, getSecretKey(freshDir()))).toThrow();
    expect(() => openSecret("plain text", key)).toThrow();
  });

  it("uses the app's DATA_DIR by default", () => {
    expect(openSecret(sealSecret("x"))).toBe("x");
    expect(fs.existsSync(path.join(process.env.DATA_DIR!, "secret-key"))).toBe(true);
  });
});
