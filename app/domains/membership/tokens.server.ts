/*
 * A household's links: the draft's resume link (also the file's page once it is
 * sent, and the household's data download), and the renewal link, single-use. Like the
 * volunteers' links (app/domains/volunteers/user-token.server.ts): 256 random bits in the mail, only
 * their SHA-256 in the table; a renewal link is taken by one conditional UPDATE.
 */
import { randomBytes } from "node:crypto";
import { getDb } from "~/db/client.server";
import { hashSessionId } from "~/core/session-hash";

/** "optout": the renewal mail's unsubscribe link (reusable; it only ever stops the mails). */
export type MembershipTokenPurpose = "draft" | "renewal" | "optout";

/** A draft's link works for the season (a year); a renewal link 60 days. */
export const MEMBERSHIP_TOKEN_LIFETIME_MS: Readonly<Record<MembershipTokenPurpose, number>> = {
  draft: 400 * 24 * 60 * 60 * 1000,
  renewal: 60 * 24 * 60 * 60 * 1000,
  optout: 400 * 24 * 60 * 60 * 1000,
};

export type MembershipTokenTarget = { householdId: number | null; fileId: number | null };

function isTokenShaped(token: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(token);
}

/** A new link; returns the token (for the mail, never stored). */
export async function createMembershipToken({
  purpose,
  householdId = null,
  fileId = null,
  now = new Date(),
}: {
  purpose: MembershipTokenPurpose;
  householdId?: number | null;
  fileId?: number | null;
  now?: Date;
}): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await getDb()
    .insertInto("membership_tokens")
    .values({
      household_id: householdId,
      file_id: fileId,
      purpose,
      token_hash: hashSessionId(token),
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + MEMBERSHIP_TOKEN_LIFETIME_MS[purpose]).toISOString(),
    })
    .execute();
  return token;
}

/** A link as it comes back: the raw token, what it was made for, and the time of asking. */
type MembershipTokenUse = { token: string; purpose: MembershipTokenPurpose; now?: Date };

/** What a live link (unused, unexpired) opens, without using it; else null. */
export async function findMembershipToken({
  token,
  purpose,
  now = new Date(),
}: MembershipTokenUse): Promise<MembershipTokenTarget | null> {
  if (!isTokenShaped(token)) return null;
  const row = await getDb()
    .selectFrom("membership_tokens")
    .select(["household_id", "file_id"])
    .where("token_hash", "=", hashSessionId(token))
    .where("purpose", "=", purpose)
    .where("used_at", "is", null)
    .where("expires_at", ">", now.toISOString())
    .executeTakeFirst();
  return row ? { householdId: row.household_id, fileId: row.file_id } : null;
}

/** Uses a live link once: of two requests with the same link, one gets its target. */
export async function consumeMembershipToken({
  token,
  purpose,
  now = new Date(),
}: MembershipTokenUse): Promise<MembershipTokenTarget | null> {
  if (!isTokenShaped(token)) return null;
  const stamp = now.toISOString();
  const row = await getDb()
    .updateTable("membership_tokens")
    .set({ used_at: stamp })
    .where("token_hash", "=", hashSessionId(token))
    .where("purpose", "=", purpose)
    .where("used_at", "is", null)
    .where("expires_at", ">", stamp)
    .returning(["household_id", "file_id"])
    .executeTakeFirst();
  return row ? { householdId: row.household_id, fileId: row.file_id } : null;
}
