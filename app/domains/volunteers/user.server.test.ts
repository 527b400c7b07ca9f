import { describe, it, expect } from "vitest";
import { getDb } from "~/db/client.server";
import { verifyPassword } from "~/domains/volunteers/password.server";
import { ensureFirstAdmin } from "./user.server";

async function users() {
  return getDb().selectFrom("users").select(["username", "password_hash"]).execute();
}

async function clearUsers() {
  await getDb().deleteFrom("users").execute();
}

describe("ensureFirstAdmin", () => {
  it("creates the first admin with the given password, stored hashed", async () => {
    await clearUsers();
    const result = await ensureFirstAdmin(getDb(), { username: "admin", password: "secret-123" });
    expect(result).toEqual({ created: true, generatedPassword: null });

    const rows = await users();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.username).toBe("admin");
    const hash = rows[0]!.password_hash;
    expect(hash).not.toBe("secret-123");
    expect(hash).not.toContain("secret-123");
    expect(await verifyPassword("secret-123", hash)).toBe(true);
    expect(await verifyPassword("mauvais-mdp", hash)).toBe(false);
  });

  it("generates a 16-character password when none is given, and returns it once", async () => {
    await clearUsers();
    const result = await ensureFirstAdmin(getDb(), { username: "admin", password: null });
    expect(result.created).toBe(true);
    expect(result.generatedPassword).toHaveLength(16);

    const rows = await users();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.password_hash).not.toContain(result.generatedPassword!);
    expect(await verifyPassword(result.generatedPassword!, rows[0]!.password_hash)).toBe(true);
  });

  it("creates nothing when a user already exists", async () => {
    await clearUsers();
    await ensureFirstAdmin(getDb(), { username: "admin", password: "secret-123" });
    const before = await users();

    expect(await ensureFirstAdmin(getDb(), { username: "admin", password: "autre-456" })).toEqual({
      created: false,
      generatedPassword: null,
    });
    expect(await ensureFirstAdmin(getDb(), { username: "autre", password: null })).toEqual({
      created: false,
      generatedPassword: null,
    });

    const after = await users();
    expect(after).toEqual(before);
    expect(await verifyPassword("secret-123", after[0]!.password_hash)).toBe(true);
    expect(await verifyPassword("autre-456", after[0]!.password_hash)).toBe(false);
  });
});
