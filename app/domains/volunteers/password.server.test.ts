import { afterEach, describe, it, expect, vi } from "vitest";
import { generatePassword, hashPassword, verifyPassword } from "./password.server";

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("hashPassword / verifyPassword", () => {
  it("never stores the password and verifies only the right one", async () => {
    // The real cost, which Vitest lowers for the other tests (vitest.config.ts).
    vi.stubEnv("TEST_PASSWORD_COST", "");
    const hash = await hashPassword("secret-123");
    expect(hash).not.toContain("secret-123");
    expect(hash).toMatch(/^scrypt\$131072\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(await verifyPassword("secret-123", hash)).toBe(true);
    expect(await verifyPassword("secret-124", hash)).toBe(false);
    expect(await verifyPassword("", hash)).toBe(false);
  });

  it("lowers the cost for the test runner only, never below 2^10", async () => {
    vi.stubEnv("TEST_PASSWORD_COST", "12");
    expect(await hashPassword("secret-123")).toMatch(/^scrypt\$4096\$8\$1\$/);
    vi.stubEnv("TEST_PASSWORD_COST", "4");
    expect(await hashPassword("secret-123")).toMatch(/^scrypt\$131072\$/);
    vi.stubEnv("TEST_PASSWORD_COST", "12");
    vi.stubEnv("NODE_ENV", "production");
    expect(await hashPassword("secret-123")).toMatch(/^scrypt\$131072\$/);
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
