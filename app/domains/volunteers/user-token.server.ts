import { randomBytes } from "node:crypto";
import { getDb } from "~/db/client.server";
import { hashSessionId } from "~/core/session-hash";

/*
 * Single-use links of the volunteers' accounts: an invitation (the person chooses their
 * password) and a password reset. The link carries 256 random bits; the table holds only
 * their SHA-256 (the sessions' hash, app/core/session-hash.ts), so reading the table or
 * a backup opens no account. A link is taken by one conditional UPDATE, so two clicks at
 * once cannot both use it.
 */

export type TokenPurpose = "invitation" | "reset";

/** An invitation's link works 72 hours; a reset link 1 hour. */
export const TOKEN_LIFETIME_MS: Readonly<Record<TokenPurpose, number>> = {
  invitation: 72 * 60 * 60 * 1000,
  reset: 60 * 60 * 1000,
};

/** A link's token is base64url text: anything else is not looked up. */
function isTokenShaped(token: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(token);
}

/**
 * A new link for this user and purpose, the earlier ones of that purpose voided.
 * Returns the token (for the mail; never stored) and when it expires.
 */
export async function createUserToken({
  userId,
  purpose,
  ip = "",
  now = new Date(),
}: {
  userId: number;
  purpose: TokenPurpose;
  ip?: string;
  now?: Date;
}): Promise<{ token: string; expiresAt: string }> {
  await voidUserTokens({ userId, purpose, now });
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + TOKEN_LIFETIME_MS[purpose]).toISOString();
  await getDb()
    .insertInto("user_tokens")
    .values({
      user_id: userId,
      purpose,
      token_hash: hashSessionId(token),
      ip: ip.slice(0, 64),
      created_at: now.toISOString(),
      expires_at: expiresAt,
    })
    .execute();
  return { token, expiresAt };
}

/** Marks the user's unused links of this purpose as used: they no longer open anything. */
export async function voidUserTokens({
  userId,
  purpose,
  now = new Date(),
}: {
  userId: number;
  purpose: TokenPurpose;
  now?: Date;
}): Promise<void> {
  await getDb()
    .updateTable("user_tokens")
    .set({ used_at: now.toISOString() })
    .where("user_id", "=", userId)
    .where("purpose", "=", purpose)
    .where("used_at", "is", null)
    .execute();
}

/** A link as it comes back: the raw token, what it was made for, and the time of asking. */
type UserTokenUse = { token: string; purpose: TokenPurpose; now?: Date };

/** The user a live link (unused, unexpired) belongs to, without using it; else null. */
export async function findUserToken({
  token,
  purpose,
  now = new Date(),
}: UserTokenUse): Promise<{ userId: number; expiresAt: string } | null> {
  if (!isTokenShaped(token)) return null;
  const row = await getDb()
    .selectFrom("user_tokens")
    .select(["user_id", "expires_at"])
    .where("token_hash", "=", hashSessionId(token))
    .where("purpose", "=", purpose)
    .where("used_at", "is", null)
    .where("expires_at", ">", now.toISOString())
    .executeTakeFirst();
  return row ? { userId: row.user_id, expiresAt: row.expires_at } : null;
}

/**
 * Uses a live link: the one UPDATE that marks it used answers whose it was, so of two
 * requests with the same link only one gets a user. Null: unknown, used or expired.
 */
export async function consumeUserToken({
  token,
  purpose,
  now = new Date(),
}: UserTokenUse): Promise<number | null> {
  if (!isTokenShaped(token)) return null;
  const stamp = now.toISOString();
  const row = await getDb()
    .updateTable("user_tokens")
    .set({ used_at: stamp })
    .where("token_hash", "=", hashSessionId(token))
    .where("purpose", "=", purpose)
    .where("used_at", "is", null)
    .where("expires_at", ">", stamp)
    .returning("user_id")
    .executeTakeFirst();
  return row?.user_id ?? null;
}

/** How many links of this purpose the user was given since `since` (the reset's limit). */
export async function countUserTokensSince({
  userId,
  purpose,
  since,
}: {
  userId: number;
  purpose: TokenPurpose;
  since: Date;
}): Promise<number> {
  const row = await getDb()
    .selectFrom("user_tokens")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("user_id", "=", userId)
    .where("purpose", "=", purpose)
    .where("created_at", ">", since.toISOString())
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The latest invitation of each of these users (sent, expiring, used or not). */
export async function latestInvitations({
  userIds,
}: {
  userIds: number[];
}): Promise<Map<number, { createdAt: string; expiresAt: string; usedAt: string | null }>> {
  const latest = new Map<number, { createdAt: string; expiresAt: string; usedAt: string | null }>();
  if (userIds.length === 0) return latest;
  const rows = await getDb()
    .selectFrom("user_tokens")
    .select(["user_id", "created_at", "expires_at", "used_at"])
    .where("purpose", "=", "invitation")
    .where("user_id", "in", userIds)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  for (const row of rows) {
    latest.set(row.user_id, {
      createdAt: row.created_at,
      expiresAt: row.expires_at,
      usedAt: row.used_at,
    });
  }
  return latest;
}

/** Removes the links past their expiry (the periodic sweep); returns how many went. */
export async function deleteExpiredUserTokens({ now = new Date() }: { now?: Date } = {}) {
  const result = await getDb()
    .deleteFrom("user_tokens")
    .where("expires_at", "<=", now.toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
