import { getDb, inTransaction } from "~/db/client.server";
import { getMailClub } from "~/core/club.server";
import { queueMail } from "~/domains/mail/index.server";
import { resetMail, resetUrl } from "~/domains/volunteers/volunteer-mails.server";
import { hashPassword } from "~/domains/volunteers/password.server";
import { logActivity } from "~/domains/history/index.server";
import { clearUsernameFailures, LOGIN_WINDOW_MS } from "./login-attempt.server";
import { deleteUserSessions } from "./sessions.server";
import {
  consumeUserToken,
  countUserTokensSince,
  createUserToken,
  findUserToken,
  voidUserTokens,
} from "./user-token.server";
import { NO_PASSWORD } from "./volunteer.server";

/*
 * "Mot de passe oublié ?": a link by e-mail, valid one hour, single use, stored hashed
 * (user-token.server.ts). The page answers the same whatever the address; what differs
 * (a mail or none) stays on the server. Limits: RESET_IP_LIMIT requests per address
 * within the login's window (they are rows of login_attempts, kind RESET_ATTEMPT_KEY,
 * counted apart from failed sign-ins), and RESET_ACCOUNT_LIMIT mails per account and hour
 * (its reset links), beyond which the answer stays the same but no mail leaves.
 */

export const RESET_IP_LIMIT = 5;
export const RESET_ACCOUNT_LIMIT = 3;
const HOUR_MS = 60 * 60 * 1000;
/** login_attempts.username of a reset request (no username has a colon). */
const RESET_ATTEMPT_KEY = "reset:request";

export type ResetRequest = "sent" | "quiet" | "throttled";

/** Counts this address's request; true when it is over the limit (and then not counted). */
async function overIpLimit(ip: string, now: Date): Promise<boolean> {
  const db = getDb();
  // Recorded first, then counted up to itself: parallel requests cannot all slip under.
  const { id } = await db
    .insertInto("login_attempts")
    .values({ ip, username: RESET_ATTEMPT_KEY, succeeded: 1, attempted_at: now.toISOString() })
    .returning("id")
    .executeTakeFirstOrThrow();
  const row = await db
    .selectFrom("login_attempts")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("ip", "=", ip)
    .where("username", "=", RESET_ATTEMPT_KEY)
    .where("attempted_at", ">", new Date(now.getTime() - LOGIN_WINDOW_MS).toISOString())
    .where("id", "<=", id)
    .executeTakeFirstOrThrow();
  if (Number(row.count) <= RESET_IP_LIMIT) return false;
  await db.deleteFrom("login_attempts").where("id", "=", id).execute();
  return true;
}

/**
 * A reset asked for this address: a link mailed when it belongs to an active account that
 * has joined and has had fewer than RESET_ACCOUNT_LIMIT links this hour; "quiet" when
 * nothing is sent (the visitor is told the same as for "sent").
 */
export async function requestPasswordReset({
  email,
  ip,
  now = new Date(),
}: {
  email: string;
  ip: string;
  now?: Date;
}): Promise<ResetRequest> {
  if (await overIpLimit(ip, now)) return "throttled";
  const user = await getDb()
    .selectFrom("users")
    .select(["id", "username", "email"])
    .where("email", "=", email.trim().toLowerCase())
    .where("deactivated_at", "is", null)
    .where("password_hash", "!=", NO_PASSWORD)
    .executeTakeFirst();
  if (!user?.email) return "quiet";
  const since = new Date(now.getTime() - HOUR_MS);
  const sent = await countUserTokensSince({ userId: user.id, purpose: "reset", since });
  if (sent >= RESET_ACCOUNT_LIMIT) return "quiet";
  const club = await getMailClub();
  await inTransaction(async () => {
    const { token, expiresAt } = await createUserToken({
      userId: user.id,
      purpose: "reset",
      ip,
      now,
    });
    await queueMail(
      resetMail({
        to: user.email!,
        username: user.username,
        clubName: club.name,
        link: resetUrl(club.origin, token),
        expiresAt,
      }),
    );
    await logActivity(
      { userId: user.id, username: user.username, ip },
      {
        action: "password.reset-requested",
        itemType: "user",
        itemId: user.id,
        itemLabel: user.username,
      },
      { now },
    );
  });
  return "sent";
}

async function activeAccount(userId: number) {
  return getDb()
    .selectFrom("users")
    .select(["id", "username"])
    .where("id", "=", userId)
    .where("deactivated_at", "is", null)
    .executeTakeFirst();
}

/** The account a live reset link opens, or null. */
export async function getPasswordReset({
  token,
  now = new Date(),
}: {
  token: string;
  now?: Date;
}): Promise<{ userId: number; username: string } | null> {
  const found = await findUserToken({ token, purpose: "reset", now });
  const user = found && (await activeAccount(found.userId));
  return user ? { userId: user.id, username: user.username } : null;
}

/**
 * The new password from a reset link: the link used (once, atomically), every other reset
 * link voided, every session of the account ended, the journal's "password.reset". The
 * person then signs in (with their second factor, if any). False: the link no longer works.
 */
export async function resetPassword({
  token,
  password,
  ip,
  now = new Date(),
}: {
  token: string;
  password: string;
  ip: string;
  now?: Date;
}): Promise<boolean> {
  if (!(await getPasswordReset({ token, now }))) return false;
  // scrypt runs before the transaction, which then holds the write lock a few ms only.
  const passwordHash = await hashPassword(password);
  const username = await inTransaction(async () => {
    const userId = await consumeUserToken({ token, purpose: "reset", now });
    const user = userId === null ? undefined : await activeAccount(userId);
    if (!user) return null;
    await getDb()
      .updateTable("users")
      .set({ password_hash: passwordHash, updated_at: now.toISOString() })
      .where("id", "=", user.id)
      .execute();
    await voidUserTokens({ userId: user.id, purpose: "reset", now });
    await deleteUserSessions({ userId: user.id });
    await logActivity(
      { userId: user.id, username: user.username, ip },
      { action: "password.reset", itemType: "user", itemId: user.id, itemLabel: user.username },
      { now },
    );
    return user.username;
  });
  if (username === null) return false;
  // A fresh start for the sign-in's throttle, as after a successful login.
  await clearUsernameFailures({ username });
  return true;
}
