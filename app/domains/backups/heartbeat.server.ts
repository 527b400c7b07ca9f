/*
 * A running server's sign of life, so that a restore refuses to replace the data under
 * it: the first process writes the time into app_meta every minute; a restore refuses
 * while it is younger than two minutes. It works the same on SQLite and on PostgreSQL,
 * whichever machine the server runs on. docs/decisions/019-backup-archive.md.
 */
import { getDb } from "~/db/client.server";
import { startPeriodic } from "~/core/jobs.server";
import type { AnyDb } from "./connection.server";

export const HEARTBEAT_KEY = "server_heartbeat";
export const HEARTBEAT_INTERVAL_MS = 60_000;
/** A heartbeat younger than this says a server runs on the data. */
export const HEARTBEAT_FRESH_MS = 2 * 60_000;

export async function writeHeartbeat(db: AnyDb = getDb(), now = new Date()): Promise<void> {
  const value = now.toISOString();
  await db
    .insertInto("app_meta")
    .values({ key: HEARTBEAT_KEY, value })
    .onConflict((conflict) => conflict.column("key").doUpdateSet({ value }))
    .execute();
}

/** The last heartbeat's time; null when there is none (or no database yet). */
export async function readHeartbeat(db: AnyDb): Promise<Date | null> {
  try {
    const row = (await db
      .selectFrom("app_meta")
      .select("value")
      .where("key", "=", HEARTBEAT_KEY)
      .executeTakeFirst()) as { value: string } | undefined;
    return row ? new Date(row.value) : null;
  } catch {
    return null;
  }
}

/** Started by the first process once it listens; returns a function that stops it. */
export function startHeartbeat(): () => void {
  return startPeriodic({
    task: () => writeHeartbeat(),
    intervalMs: HEARTBEAT_INTERVAL_MS,
    failure: "Signe de vie du serveur impossible à écrire",
  });
}
