import { createHash } from "node:crypto";
import { getDb } from "~/db/client.server";
import {
  HISTORY_TYPES,
  isHistoryType,
  type HistoryType,
  type VersionAction,
} from "~/domains/history/history";
import { SERVER_ACTOR, type Actor, type ActivityEntry } from "~/domains/history/actor";
import { HISTORY_KINDS, MENU_ID, PRICE_LIST_ID, type Snapshot } from "./kinds.server";

/*
 * The versions of editable items (docs/decisions/021-history.md): recordVersion reads the
 * item's fields as they are now and keeps them unless identical to its last version. It
 * runs in the caller's transaction: withActivity calls it for every journal entry that
 * saves, publishes, unpublishes or restores a versioned item, so a version exists exactly
 * when the change does. pruneHistory bounds the table (the sweep).
 */

/** Kept per item whatever their age: the newest 50, and every version of the last 90 days. */
export const HISTORY_KEEP_VERSIONS = 50;
export const HISTORY_KEEP_DAYS = 90;

export interface VersionKey {
  type: HistoryType;
  id: string;
}

export interface VersionRow {
  id: number;
  action: string;
  actorName: string;
  createdAt: string;
}

export interface StoredVersion extends VersionRow {
  snapshot: Snapshot;
}

const VERSIONED_ACTS: readonly string[] = ["create", "save", "publish", "unpublish", "restore"];

/** The item a journal entry changes, when it keeps versions (null otherwise). */
export function versionKeyOf(entry: ActivityEntry): VersionKey | null {
  if (!VERSIONED_ACTS.includes(entry.action)) return null;
  // The planning's display, saved from Planning, is a settings category (Paramètres).
  if (entry.itemType === "schedule" && entry.itemId === "schedule_display") {
    return { type: "settings", id: "schedule_display" };
  }
  if (!isHistoryType(entry.itemType)) return null;
  if (entry.itemType === "menu") return { type: "menu", id: MENU_ID };
  if (entry.itemType === "price") return { type: "price", id: PRICE_LIST_ID };
  if (entry.itemId === undefined || entry.itemId === "") return null;
  return { type: entry.itemType, id: String(entry.itemId) };
}

/** A version's columns as VersionRow names them. */
const VERSION_COLUMNS = [
  "id",
  "action",
  "actor_name as actorName",
  "created_at as createdAt",
] as const;

/** An item's versions, newest first, for the caller to select from. */
function itemVersions(type: string, id: string) {
  return getDb()
    .selectFrom("item_versions")
    .where("item_type", "=", type)
    .where("item_id", "=", id)
    .orderBy("id", "desc");
}

function hashOf(json: string): string {
  return createHash("sha256").update(json).digest("hex");
}

/**
 * Keeps the item's current fields as a new version, unless they equal its last one (or
 * the item does not exist, or is not versioned: a main page). Returns the new version's
 * id, or null when none was written. Call it inside the save's transaction.
 */
export async function recordVersion({
  type,
  id,
  action,
  actor,
  now = new Date(),
}: VersionKey & { action: VersionAction; actor: Actor; now?: Date }): Promise<number | null> {
  const state = await HISTORY_KINDS[type].read(id);
  if (!state) return null;
  const snapshot = JSON.stringify(state.snapshot);
  const hash = hashOf(snapshot);
  const db = getDb();
  const last = await itemVersions(type, id).select("hash").limit(1).executeTakeFirst();
  if (last?.hash === hash) return null;
  const row = await db
    .insertInto("item_versions")
    .values({
      item_type: type,
      item_id: id,
      action,
      snapshot,
      hash,
      actor_id: actor.userId,
      actor_name: actor.username.slice(0, 100),
      created_at: now.toISOString(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The version of a journal entry's item, when it keeps versions (withActivity's hook). */
export async function recordEntryVersion(actor: Actor, entry: ActivityEntry): Promise<void> {
  const key = versionKeyOf(entry);
  if (key) await recordVersion({ ...key, action: entry.action as VersionAction, actor });
}

/**
 * A first version for every item that has none yet (what the seed wrote, what existed
 * before the history, a backup restored): the state a first save by mistake would
 * otherwise lose. Run at start-up after the seed. Returns how many were kept.
 */
export async function recordMissingVersions({ now = new Date() }: { now?: Date } = {}) {
  let kept = 0;
  for (const type of HISTORY_TYPES) {
    const known = await getDb()
      .selectFrom("item_versions")
      .select("item_id")
      .distinct()
      .where("item_type", "=", type)
      .execute();
    const has = new Set(known.map((row) => row.item_id));
    for (const id of await HISTORY_KINDS[type].ids()) {
      if (has.has(id)) continue;
      if (await recordVersion({ type, id, action: "initial", actor: SERVER_ACTOR, now })) kept += 1;
    }
  }
  return kept;
}

/** The item's versions, newest first. */
export async function listVersions({ type, id }: VersionKey): Promise<VersionRow[]> {
  return itemVersions(type, id)
    .select(VERSION_COLUMNS)
    .limit(HISTORY_KEEP_VERSIONS * 4)
    .execute();
}

function toStored(row: {
  id: number;
  action: string;
  actorName: string;
  createdAt: string;
  snapshot: string;
}): StoredVersion {
  return { ...row, snapshot: JSON.parse(row.snapshot) as Snapshot };
}

function versionQuery({ type, id }: VersionKey) {
  return itemVersions(type, id).select([...VERSION_COLUMNS, "snapshot"]);
}

/** One version of the item (null when it is not this item's or was pruned). */
export async function getVersion(key: VersionKey, versionId: number) {
  const row = await versionQuery(key).where("id", "=", versionId).executeTakeFirst();
  return row ? toStored(row) : null;
}

/** The version just before this one, if any. */
export async function previousVersion(key: VersionKey, versionId: number) {
  const row = await versionQuery(key).where("id", "<", versionId).limit(1).executeTakeFirst();
  return row ? toStored(row) : null;
}

/**
 * Removes, per item, the versions beyond the newest HISTORY_KEEP_VERSIONS that are also
 * older than HISTORY_KEEP_DAYS. The newest version of an item (its current state) is
 * always among those kept. Returns how many went.
 */
export async function pruneHistory({ now = new Date() }: { now?: Date } = {}): Promise<number> {
  const db = getDb();
  const limit = new Date(now.getTime() - HISTORY_KEEP_DAYS * 86_400_000).toISOString();
  // Only items with an old version can lose one.
  const items = await db
    .selectFrom("item_versions")
    .select(["item_type", "item_id"])
    .where("created_at", "<", limit)
    .groupBy(["item_type", "item_id"])
    .orderBy("item_type")
    .orderBy("item_id")
    .execute();
  let removed = 0;
  for (const { item_type, item_id } of items) {
    const kept = await itemVersions(item_type, item_id)
      .select("id")
      .offset(HISTORY_KEEP_VERSIONS - 1)
      .limit(1)
      .executeTakeFirst();
    if (!kept) continue;
    const result = await db
      .deleteFrom("item_versions")
      .where("item_type", "=", item_type)
      .where("item_id", "=", item_id)
      .where("id", "<", kept.id)
      .where("created_at", "<", limit)
      .executeTakeFirst();
    removed += Number(result.numDeletedRows);
  }
  return removed;
}
