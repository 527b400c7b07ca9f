import { getDb, inTransaction } from "~/db/client.server";
import type { ActivityAction, ActivityItemType } from "~/content/activity";
import type { Session } from "./session.server";

/*
 * The journal: one row per meaningful act, written in the act's own transaction, so a
 * row exists exactly when the act happened (docs/decisions/017-roles-and-capabilities.md).
 */

/** The journal keeps 13 months (the sweep removes older rows). */
export const ACTIVITY_RETENTION_MONTHS = 13;

/** Who acts, from where. userId null: someone not signed in (a failed sign-in). */
export interface Actor {
  userId: number | null;
  username: string;
  ip: string;
}

export interface ActivityEntry {
  action: ActivityAction;
  itemType?: ActivityItemType;
  itemId?: string | number;
  /** What a reader recognises the item by (a title, a name), copied at the time. */
  itemLabel?: string;
}

export function actorOf(session: Pick<Session, "userId" | "username">, ip: string): Actor {
  return { userId: session.userId, username: session.username, ip };
}

/** Writes one row, in the caller's transaction when there is one. */
export async function logActivity(
  actor: Actor,
  entry: ActivityEntry,
  { now = new Date() }: { now?: Date } = {},
): Promise<void> {
  await getDb()
    .insertInto("activity_log")
    .values({
      user_id: actor.userId,
      username: actor.username.slice(0, 100),
      action: entry.action,
      item_type: entry.itemType ?? "",
      item_id: entry.itemId === undefined ? "" : String(entry.itemId),
      item_label: (entry.itemLabel ?? "").slice(0, 200),
      ip: actor.ip.slice(0, 64),
      created_at: now.toISOString(),
    })
    .execute();
}

/**
 * Runs the act and writes its row in one transaction: both happen or neither. The entry
 * may depend on the act's result (the id it created); null writes nothing (an act that
 * answered "nothing done", such as a stale save).
 */
export async function withActivity<T>(
  actor: Actor,
  entry: ActivityEntry | ((result: T) => ActivityEntry | null),
  act: () => Promise<T>,
): Promise<T> {
  return inTransaction(async () => {
    const result = await act();
    const written = typeof entry === "function" ? entry(result) : entry;
    if (written) await logActivity(actor, written);
    return result;
  });
}

/** Removes the rows older than the retention; returns how many went. */
export async function deleteOldActivity({ now = new Date() }: { now?: Date } = {}) {
  const limit = new Date(now);
  limit.setUTCMonth(limit.getUTCMonth() - ACTIVITY_RETENTION_MONTHS);
  const result = await getDb()
    .deleteFrom("activity_log")
    .where("created_at", "<", limit.toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
