import { getDb } from "~/db/client.server";

/** Failures counted over this window; rows older than it are useless and removed. */
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
/** Failures per username within the window before logins answer 429 (per IP: LOGIN_IP_LIMIT). */
export const LOGIN_MAX_FAILURES = 5;

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
 * Failures within the window from this IP and against this username; with `upToId`,
 * only those recorded up to that attempt (so concurrent attempts are counted in order).
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
}): Promise<{ byIp: number; byUsername: number }> {
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
  const [byIp, byUsername] = await Promise.all([
    failures().where("ip", "=", ip).executeTakeFirstOrThrow(),
    failures().where("username", "=", throttleKey(username)).executeTakeFirstOrThrow(),
  ]);
  return { byIp: Number(byIp.count), byUsername: Number(byUsername.count) };
}

/** After a successful login the username starts again from zero failures. */
export async function clearUsernameFailures({ username }: { username: string }): Promise<void> {
  await getDb()
    .deleteFrom("login_attempts")
    .where("username", "=", throttleKey(username))
    .where("succeeded", "=", 0)
    .execute();
}

export async function deleteOldLoginAttempts({ now = new Date() }: { now?: Date } = {}) {
  const before = new Date(now.getTime() - LOGIN_WINDOW_MS).toISOString();
  const result = await getDb()
    .deleteFrom("login_attempts")
    .where("attempted_at", "<=", before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
