import { getDb } from "~/db/client.server";

/** Failures counted over this window; rows older than it are useless and removed. */
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
/**
 * Failures for one username from one address within the window before that address gets
 * 429 for it (per address whatever the username: LOGIN_IP_LIMIT). Beyond it, failures
 * against the username from elsewhere only slow it down (docs/decisions/008-login-throttle.md).
 */
export const LOGIN_MAX_FAILURES = 5;
/** The longest a username's failures from many addresses can delay any attempt for it. */
export const LOGIN_MAX_DELAY_MS = 10_000;
const LOGIN_FIRST_DELAY_MS = 500;

/**
 * How long an attempt for a username waits, given its failures within the window from all
 * addresses (this attempt included): nothing up to LOGIN_MAX_FAILURES, then 0.5 s doubling
 * with each failure, capped at LOGIN_MAX_DELAY_MS. Never a refusal: the owner always gets in.
 */
export function usernameDelayMs(failures: number): number {
  if (failures <= LOGIN_MAX_FAILURES) return 0;
  const doublings = Math.min(failures - LOGIN_MAX_FAILURES - 1, 10);
  return Math.min(LOGIN_MAX_DELAY_MS, LOGIN_FIRST_DELAY_MS * 2 ** doublings);
}

/** The username as counted for throttling: "Admin " and "admin" are one target. */
export function throttleKey(username: string): string {
  return username.trim().toLowerCase();
}

/** Records an attempt (a failure until marked otherwise); returns its id. */
export async function recordLoginAttempt({
  ip,
  username,
  succeeded,
  now = new Date(),
}: {
  ip: string;
  username: string;
  succeeded: boolean;
  now?: Date;
}): Promise<number> {
  const row = await getDb()
    .insertInto("login_attempts")
    .values({
      ip,
      username: throttleKey(username),
      succeeded: succeeded ? 1 : 0,
      attempted_at: now.toISOString(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function markLoginAttemptSucceeded({ id }: { id: number }): Promise<void> {
  await getDb().updateTable("login_attempts").set({ succeeded: 1 }).where("id", "=", id).execute();
}

export async function deleteLoginAttempt({ id }: { id: number }): Promise<void> {
  await getDb().deleteFrom("login_attempts").where("id", "=", id).execute();
}

/**
 * Failures within the window from this IP, against this username from this IP, and
 * against this username from anywhere; with `upToId`, only those recorded up to that
 * attempt (so concurrent attempts are counted in order).
 */
export async function countRecentFailures({
  ip,
  username,
  upToId,
  now = new Date(),
}: {
  ip: string;
  username: string;
  upToId?: number;
  now?: Date;
}): Promise<{ byIp: number; byUsernameAtIp: number; byUsername: number }> {
  const since = new Date(now.getTime() - LOGIN_WINDOW_MS).toISOString();
  const failures = () => {
    let query = getDb()
      .selectFrom("login_attempts")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("succeeded", "=", 0)
      .where("attempted_at", ">", since);
    if (upToId !== undefined) query = query.where("id", "<=", upToId);
    return query;
  };
  const key = throttleKey(username);
  const [byIp, byUsernameAtIp, byUsername] = await Promise.all([
    failures().where("ip", "=", ip).executeTakeFirstOrThrow(),
    failures().where("username", "=", key).where("ip", "=", ip).executeTakeFirstOrThrow(),
    failures().where("username", "=", key).executeTakeFirstOrThrow(),
  ]);
  return {
    byIp: Number(byIp.count),
    byUsernameAtIp: Number(byUsernameAtIp.count),
    byUsername: Number(byUsername.count),
  };
}

/**
 * The username starts again from zero failures, from every address: after a successful
 * login, a password reset or `npm run admin -- unlock`. Returns how many were cleared.
 */
export async function clearUsernameFailures({ username }: { username: string }): Promise<number> {
  const result = await getDb()
    .deleteFrom("login_attempts")
    .where("username", "=", throttleKey(username))
    .where("succeeded", "=", 0)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function deleteOldLoginAttempts({ now = new Date() }: { now?: Date } = {}) {
  const before = new Date(now.getTime() - LOGIN_WINDOW_MS).toISOString();
  const result = await getDb()
    .deleteFrom("login_attempts")
    .where("attempted_at", "<=", before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
