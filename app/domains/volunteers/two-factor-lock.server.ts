import { getDb, inTransaction, isPostgres, afterCommit } from "~/db/client.server";
import { codeLockMail } from "~/domains/volunteers/code-lock-mail.server";
import { queueMail } from "~/domains/mail/index.server";
import { getMailClub } from "~/core/club.server";
import { kickMailWorker } from "~/domains/mail/index.server";
import { logActivity } from "~/domains/history/index.server";
import { type Actor } from "~/domains/history";
import { LOGIN_WINDOW_MS } from "./login-attempt.server";

/*
 * The account-wide lock of the code step (docs/decisions/018-two-factor-sign-in.md).
 * The per-address limit alone let a password thief try codes from many addresses; so
 * wrong codes are also counted per account, from every address together. Whoever types
 * them has the password: the owner is told so by mail, once per lock.
 */

/** Wrong codes for one account within the login window before its code step answers 429. */
export const CODE_ACCOUNT_LIMIT = 10;

/** Whether this attempt (counted with the account's failures) comes after the lock. */
export function isAccountLocked(failuresByAccount: number): boolean {
  return failuresByAccount > CODE_ACCOUNT_LIMIT;
}

/**
 * After a wrong code: when the account's failures reach the limit, the lock begins; the
 * journal says so ("2fa.locked") and the owner gets codeLockMail, when the account has an
 * e-mail. A lock already noted within the window is not noted again, so an attacker going
 * on mails the owner at most once per window, not once per wrong code.
 * NOTE: the account's row is locked (PostgreSQL) or the write lock held (SQLite's begin
 * immediate) while the journal is read, so two wrong codes at once note one lock.
 */
export async function noteWrongCode({
  userId,
  failuresByAccount,
  actor,
  now,
}: {
  userId: number;
  failuresByAccount: number;
  actor: Actor;
  now: Date;
}): Promise<void> {
  if (failuresByAccount < CODE_ACCOUNT_LIMIT) return;
  const club = await getMailClub();
  await inTransaction(async () => {
    const db = getDb();
    let query = db.selectFrom("users").select(["username", "email"]).where("id", "=", userId);
    if (isPostgres(db)) query = query.forUpdate();
    const user = await query.executeTakeFirst();
    if (!user) return;
    const since = new Date(now.getTime() - LOGIN_WINDOW_MS).toISOString();
    const noted = await db
      .selectFrom("activity_log")
      .select("id")
      .where("user_id", "=", userId)
      .where("action", "=", "2fa.locked")
      .where("created_at", ">", since)
      .executeTakeFirst();
    if (noted) return;
    await logActivity(
      actor,
      { action: "2fa.locked", itemType: "user", itemId: userId, itemLabel: user.username },
      { now },
    );
    if (!user.email) return;
    await queueMail(
      codeLockMail({
        to: user.email,
        username: user.username,
        clubName: club.name,
        origin: club.origin,
        wrongCodes: CODE_ACCOUNT_LIMIT,
        lockMinutes: LOGIN_WINDOW_MS / 60_000,
      }),
    );
    afterCommit(kickMailWorker);
  });
}
