import type { DB } from "~/db/client.server";
import { generatePassword, hashPassword } from "~/utils/password.server";

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
      created_at: stamp,
      updated_at: stamp,
    })
    .onConflict((oc) => oc.column("username").doNothing())
    .executeTakeFirst();
  const created = (inserted.numInsertedOrUpdatedRows ?? 0n) > 0n;
  return { created, generatedPassword: created && password === null ? chosen : null };
}
