import { describe, it, expect } from "vitest";
import { generatePassword, hashPassword, verifyPassword } from "./password.server";

describe("hashPassword / verifyPassword", () => {
  it("never stores the password and verifies only the right one", async () => {
    const hash = await hashPassword("secret-123");
    expect(hash).not.toContain("secret-123");
    expect(hash).toMatch(/^scrypt\$131072\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(await verifyPassword("secret-123", hash)).toBe(true);
    expect(await verifyPassword("secret-124", hash)).toBe(false);
    expect(await verifyPassword("", hash)).toBe(false);
  });

  it("salts: the same password twice gives two different hashes, both valid", async () => {
    const first = await hashPassword("secret-123");
    const second = await hashPassword("secret-123");
    expect(first).not.toBe(second);
    expect(await verifyPassword("secret-123", first)).toBe(true);
    expect(await verifyPassword("secret-123", second)).toBe(true);
  });

  it("treats composed and decomposed accents as the same password", async () => {
    const hash = await hashPassword("été-2025");
    expect(await verifyPassword("e\u0301te\u0301-2025", hash)).toBe(true);
  });

  it("refuses a malformed stored hash", async () => {
    expect(await verifyPassword("secret-123", "")).toBe(false);
    expect(await verifyPassword("secret-123", "secret-123")).toBe(false);
    expect(await verifyPassword("secret-123", "bcrypt$1$2$3$c2FsdA==$aGFzaA==")).toBe(false);
  });
});

describe("generatePassword", () => {
  it("gives 16 characters without look-alikes, different each time", () => {
    const first = generatePassword();
    expect(first).toHaveLength(16);
    expect(first).toMatch(/^[a-km-zA-HJ-NP-Z2-9]+$/);
    expect(first).not.toMatch(/[lIO01]/);
    expect(generatePassword()).not.toBe(first);
  });
});
