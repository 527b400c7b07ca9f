import { getDb, type DB } from "~/db/client.server";
import { generatePassword, hashPassword, verifyPassword } from "~/utils/password.server";

/**
 * On a start with no user, creates the first admin with ADMIN_PASSWORD, or with a random
 * password that is returned so the caller can print it once.
 */
export async function ensureFirstAdmin(
  db: DB,
  { username, password }: { username: string; password: string | null },
): Promise<{ created: boolean; generatedPassword: string | null }> {
  const existing = await db.selectFrom("users").select("id").limit(1).executeTakeFirst();
  if (existing) return { created: false, generatedPassword: null };
  const chosen = password ?? generatePassword();
  const stamp = new Date().toISOString();
  const inserted = await db
    .insertInto("users")
    .values({
      username,
      password_hash: await hashPassword(chosen),
      roles: "admin",
      created_at: stamp,
      updated_at: stamp,
    })
    .onConflict((oc) => oc.column("username").doNothing())
    .executeTakeFirst();
  const created = (inserted.numInsertedOrUpdatedRows ?? 0n) > 0n;
  return { created, generatedPassword: created && password === null ? chosen : null };
}

export interface User {
  id: number;
  username: string;
}

// A hash to check the password against when the username is unknown, so that an unknown
// user costs the same scrypt time as a known one and timing reveals nothing.
let decoyHash: Promise<string> | undefined;
function getDecoyHash(): Promise<string> {
  decoyHash ??= hashPassword(generatePassword(24));
  return decoyHash;
}

/** The user whose username and password match, else null. The only reader of hashes. */
export async function verifyLogin({
  username,
  password,
}: {
  username: string;
  password: string;
}): Promise<User | null> {
  const row = await getDb()
    .selectFrom("users")
    .select(["id", "username", "password_hash"])
    .where("username", "=", username)
    .executeTakeFirst();
  const matches = await verifyPassword(password, row?.password_hash ?? (await getDecoyHash()));
  return row && matches ? { id: row.id, username: row.username } : null;
}

export async function getUserByUsername({ username }: { username: string }): Promise<User | null> {
  const row = await getDb()
    .selectFrom("users")
    .select(["id", "username"])
    .where("username", "=", username)
    .executeTakeFirst();
  return row ?? null;
}

export async function setUserPassword({
  userId,
  password,
}: {
  userId: number;
  password: string;
}): Promise<void> {
  await getDb()
    .updateTable("users")
    .set({ password_hash: await hashPassword(password), updated_at: new Date().toISOString() })
    .where("id", "=", userId)
    .execute();
}
