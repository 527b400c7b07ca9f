import { getDb, type DB } from "~/db/client.server";
import { parseRoles, type Role } from "~/domains/volunteers/capabilities";
import {
  generatePassword,
  hashPassword,
  verifyPassword,
} from "~/domains/volunteers/password.server";

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

/** What the sign-in needs to know after a valid password: which second step follows. */
export interface VerifiedUser extends User {
  roles: Role[];
  /** A confirmed second factor. */
  twoFactor: boolean;
}

// A hash to check the password against when the username is unknown, so that an unknown
// user costs the same scrypt time as a known one and timing reveals nothing.
let decoyHash: Promise<string> | undefined;
function getDecoyHash(): Promise<string> {
  decoyHash ??= hashPassword(generatePassword(24));
  return decoyHash;
}

/** E-mails are stored and compared lowercased (the sign-in and the reset look them up). */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The account a sign-in names: its username, or its e-mail whatever the case. */
function byIdentifier(identifier: string) {
  return getDb()
    .selectFrom("users")
    .where((eb) =>
      eb.or([eb("username", "=", identifier), eb("email", "=", normalizeEmail(identifier))]),
    )
    .orderBy("id");
}

/**
 * The active user whose username or e-mail and password match, else null. The only reader
 * of hashes. A deactivated account answers as a wrong password, after the same hashing.
 */
export async function verifyLogin({
  username,
  password,
}: {
  /** What was typed in "Nom d'utilisateur ou e-mail". */
  username: string;
  password: string;
}): Promise<VerifiedUser | null> {
  const row = await byIdentifier(username)
    .select(["id", "username", "password_hash", "roles", "deactivated_at", "totp_enabled_at"])
    .executeTakeFirst();
  const matches = await verifyPassword(password, row?.password_hash ?? (await getDecoyHash()));
  if (!row || !matches || row.deactivated_at !== null) return null;
  return {
    id: row.id,
    username: row.username,
    roles: parseRoles(row.roles),
    twoFactor: row.totp_enabled_at !== null,
  };
}

/** The account a typed identifier names (for the journal of a failed sign-in), or null. */
export async function getUserByIdentifier({
  identifier,
}: {
  identifier: string;
}): Promise<User | null> {
  const row = await byIdentifier(identifier).select(["id", "username"]).executeTakeFirst();
  return row ?? null;
}

export async function getUserByUsername({ username }: { username: string }): Promise<User | null> {
  const row = await getDb()
    .selectFrom("users")
    .select(["id", "username"])
    .where("username", "=", username)
    .executeTakeFirst();
  return row ?? null;
}

/** Thrown when another account already uses the e-mail. */
export class EmailTakenError extends Error {}

/** Sets a user's e-mail (lowercased); EmailTakenError when another account has it. */
export async function setUserEmail({
  userId,
  email,
}: {
  userId: number;
  email: string;
}): Promise<void> {
  const db = getDb();
  const normalized = normalizeEmail(email);
  const other = await db
    .selectFrom("users")
    .select("id")
    .where("email", "=", normalized)
    .where("id", "!=", userId)
    .executeTakeFirst();
  if (other) throw new EmailTakenError();
  try {
    await db
      .updateTable("users")
      .set({ email: normalized, updated_at: new Date().toISOString() })
      .where("id", "=", userId)
      .execute();
  } catch (error) {
    // Two saves racing for one address: the unique index decides.
    if (/unique|duplicate/i.test(String((error as Error).message))) throw new EmailTakenError();
    throw error;
  }
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
