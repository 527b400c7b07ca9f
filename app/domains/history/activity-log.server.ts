import { type DB, getDb, inTransaction } from "~/db/client.server";
import {
  ACTIVITY_KINDS,
  CHANGE_ACTIONS,
  type ActivityItemType,
  type ActivityKind,
} from "./activity";
import { addDays, parisMidnight, type IsoDate } from "~/core/club-time";
import { recordEntryVersion } from "./versions.server";
import type { Actor, ActivityEntry } from "./actor";
import { pageOf, whereSearch, type ListPage } from "~/utils/list-page.server";
import type { Session } from "~/domains/volunteers/index.server";

/*
 * The journal: one row per meaningful act, written in the act's own transaction, so a
 * row exists exactly when the act happened (docs/decisions/017-roles-and-capabilities.md).
 */

/** The journal keeps 13 months (the sweep removes older rows). */
export const ACTIVITY_RETENTION_MONTHS = 13;

export function actorOf(session: Pick<Session, "userId" | "username">, ip: string): Actor {
  return { userId: session.userId, username: session.username, ip };
}

/** Writes one row, in the caller's transaction when there is one. */
export async function logActivity(
  actor: Actor,
  entry: ActivityEntry,
  { now = new Date(), db = getDb() }: { now?: Date; db?: DB } = {},
): Promise<void> {
  await db
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

type Entries = ActivityEntry | readonly ActivityEntry[] | null;

/**
 * Runs the act and writes its row in one transaction: both happen or neither. The entry
 * may depend on the act's result (the id it created); null writes nothing (an act that
 * answered "nothing done", such as a stale save). An act on several items at once (a
 * content save of three blocks) gives one entry per item. An entry that saves, publishes,
 * unpublishes or restores a versioned item also keeps its new version, in the same
 * transaction (app/domains/history/versions.server.ts).
 */
export async function withActivity<T>(
  actor: Actor,
  entry: Entries | ((result: T) => Entries),
  act: () => Promise<T>,
): Promise<T> {
  return inTransaction(async () => {
    const result = await act();
    const written = typeof entry === "function" ? entry(result) : entry;
    for (const one of written === null ? [] : Array.isArray(written) ? written : [written]) {
      await logActivity(actor, one as ActivityEntry);
      await recordEntryVersion(actor, one as ActivityEntry);
    }
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

export interface ActivityRow {
  id: number;
  userId: number | null;
  username: string;
  action: string;
  itemType: string;
  itemId: string;
  itemLabel: string;
  ip: string;
  createdAt: string;
}

export interface ActivityFilters {
  /** Only this volunteer's rows (the Journal of anyone but the admin is always their own). */
  userId?: number | null;
  kind?: ActivityKind | null;
  /** Paris dates, both included. */
  from?: IsoDate | null;
  to?: IsoDate | null;
  /** Words found in the item's name or the person's. */
  search?: string;
}

function activityQuery(filters: ActivityFilters) {
  let query = getDb()
    .selectFrom("activity_log")
    .select([
      "id",
      "user_id as userId",
      "username",
      "action",
      "item_type as itemType",
      "item_id as itemId",
      "item_label as itemLabel",
      "ip",
      "created_at as createdAt",
    ])
    .orderBy("created_at", "desc")
    .orderBy("id", "desc");
  if (filters.userId != null) query = query.where("user_id", "=", filters.userId);
  if (filters.kind) {
    const kind: { actions?: readonly string[]; itemTypes?: readonly string[] } =
      ACTIVITY_KINDS[filters.kind];
    if (kind.actions) query = query.where("action", "in", kind.actions);
    if (kind.itemTypes) {
      query = query.where("item_type", "in", kind.itemTypes).where("action", "in", CHANGE_ACTIONS);
    }
  }
  if (filters.from) query = query.where("created_at", ">=", parisMidnight(filters.from));
  if (filters.to) query = query.where("created_at", "<", parisMidnight(addDays(filters.to, 1)));
  if (filters.search) query = whereSearch(query, ["item_label", "username"], filters.search);
  return query;
}

export const ACTIVITY_PER_PAGE = 25;

/** A page of the journal, newest first. */
export async function listActivity(
  filters: ActivityFilters,
  { page = 1, perPage = ACTIVITY_PER_PAGE }: { page?: number; perPage?: number } = {},
): Promise<ListPage<ActivityRow>> {
  return pageOf(activityQuery(filters), { page, perPage });
}

/** The last changes to the site and the club's records (no sign-ins), newest first. */
export async function recentChanges({
  userId = null,
  limit = 8,
}: {
  userId?: number | null;
  limit?: number;
}): Promise<ActivityRow[]> {
  return activityQuery({ userId })
    .where("action", "in", CHANGE_ACTIONS)
    .where("item_type", "not in", ["user"])
    .limit(limit)
    .execute();
}

/** The volunteers who appear in the journal (the admin's "person" filter), by name. */
export async function activityPeople(): Promise<{ userId: number; username: string }[]> {
  const rows = await getDb()
    .selectFrom("users")
    .select(["id", "username"])
    .orderBy("username")
    .orderBy("id")
    .execute();
  return rows.map((row) => ({ userId: row.id, username: row.username }));
}

/** The tables of the items a row can open by their id (the Journal's link to the item). */
const ITEM_TABLES = {
  post: "blog_posts",
  page: "site_pages",
  discipline: "disciplines",
  format: "training_formats",
} as const satisfies Partial<Record<ActivityItemType, string>>;

export type LinkedItemType = keyof typeof ITEM_TABLES;

export function isLinkedItemType(itemType: string): itemType is LinkedItemType {
  return Object.hasOwn(ITEM_TABLES, itemType);
}

/** Which of these rows' items still exist ("post:12"), read in one query per type. */
export async function existingItems(rows: readonly ActivityRow[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (const [itemType, table] of Object.entries(ITEM_TABLES)) {
    const ids = [
      ...new Set(
        rows
          .filter((row) => row.itemType === itemType && /^\d{1,9}$/.test(row.itemId))
          .map((row) => Number(row.itemId)),
      ),
    ];
    if (ids.length === 0) continue;
    const existing = await getDb().selectFrom(table).select("id").where("id", "in", ids).execute();
    for (const { id } of existing) found.add(`${itemType}:${id}`);
  }
  return found;
}
