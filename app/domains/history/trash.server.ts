import type { Kysely } from "kysely";
import { getDb, inTransaction } from "~/db/client.server";
import type { Database } from "~/db/schema";
import {
  TRASH_KINDS,
  TRASH_RETENTION_DAYS,
  isTrashItemType,
  type TrashItemType,
} from "~/domains/history/trash";
import { can, type Role } from "~/domains/volunteers";
import { logActivity } from "./activity-log.server";
import { SERVER_ACTOR, type Actor } from "./actor";
import { pageOf, whereSearch, type ListPage } from "../../utils/list-page.server";
import { NotFoundError } from "../../utils/stale.server";

/*
 * The Corbeille (docs/decisions/022-trash.md). A delete calls moveToTrash in its own
 * transaction, just before the delete it always did: the item's row with every column,
 * and the rows the delete removes or detaches, are copied into `trash` as JSON. The
 * delete and every query of the site stay as they were. Restoring writes the row back
 * generically, column by column that the table still has (a column added since gets its
 * default), with its id, its dependent rows, and its place in an ordered list
 * (trash-restore.server.ts).
 */

export type Row = Record<string, unknown>;
export type TableName = keyof Database;
// Rows are moved as the table holds them, whatever its columns: one untyped handle.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
export type AnyDb = Kysely<any>;

/** What a trash row keeps (its `payload` column, JSON). */
export interface TrashPayload {
  row: Row;
  /** Rows of other tables the delete removed with the item (ON DELETE CASCADE). */
  dependents: Partial<Record<TableName, Row[]>>;
  /** Ids of rows of other tables whose link to the item the delete set to null. */
  detached: Partial<Record<TableName, number[]>>;
}

interface KindRules {
  table: TableName;
  /** Rows pointing at the item by `column`, gone with it; `key`: skipped when taken since. */
  dependents?: { table: TableName; column: string; key: string }[];
  /** Rows whose `column` the delete set to null: linked again on restore. */
  detached?: { table: TableName; column: string }[];
  /** A list numbered 0, 1, 2… (order_index): the rows after it make room again. */
  ordered?: boolean;
  /** Has publish_at / unpublish_at (scheduled publishing, ADR 023). */
  scheduled?: boolean;
  /** Why the row cannot come back as it was (a unique field taken since), or null. */
  conflict?: (db: AnyDb, row: Row) => Promise<string | null>;
}

/** An article's address: its slug must be free, as a current or a kept old address. */
async function postSlugTaken(db: AnyDb, row: Row): Promise<string | null> {
  const slug = String(row.slug ?? "");
  const other =
    (await db
      .selectFrom("blog_posts")
      .select("title")
      .where("slug", "=", slug)
      .executeTakeFirst()) ??
    (await db
      .selectFrom("post_slugs")
      .innerJoin("blog_posts", "blog_posts.id", "post_slugs.post_id")
      .select("blog_posts.title")
      .where("post_slugs.slug", "=", slug)
      .executeTakeFirst());
  if (!other) return null;
  return `L'adresse « /blog/${slug} » est maintenant celle de l'article « ${String(other.title)} » : changez l'adresse de cet article-là, puis restaurez celui-ci.`;
}

async function pageSlugTaken(db: AnyDb, row: Row): Promise<string | null> {
  const slug = String(row.slug ?? "");
  const other = await db
    .selectFrom("site_pages")
    .select("title")
    .where("slug", "=", slug)
    .executeTakeFirst();
  if (!other) return null;
  return `L'adresse « ${slug} » est maintenant celle de la page « ${String(other.title)} » : changez l'adresse de cette page-là, puis restaurez celle-ci.`;
}

export const RULES: Record<TrashItemType, KindRules> = {
  post: {
    table: "blog_posts",
    dependents: [{ table: "post_slugs", column: "post_id", key: "slug" }],
    conflict: postSlugTaken,
    scheduled: true,
  },
  page: { table: "site_pages", conflict: pageSlugTaken, scheduled: true },
  discipline: { table: "disciplines", ordered: true },
  format: { table: "training_formats", ordered: true },
  media: { table: "media_items" },
  activity: {
    table: "schedule_activities",
    dependents: [{ table: "schedule_changes", column: "activity_id", key: "id" }],
    detached: [{ table: "trial_bookings", column: "activity_id" }],
  },
  inscription: { table: "inscription_forms", ordered: true },
};

/** Refused: the item cannot come back as it was; `message` says why, in French. */
/** One item of the Corbeille acted on (restored or purged), of a kind these roles see. */
export interface TrashItemArgs {
  id: number;
  kinds: readonly TrashItemType[];
  actor: Actor;
  now?: Date;
}

export class TrashConflictError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "TrashConflictError";
  }
}

const DAY_MS = 24 * 60 * 60 * 1000;

export function any(db: Kysely<Database>): AnyDb {
  return db as unknown as AnyDb;
}

/** The item's label in the Corbeille and the journal: its title at the time. */
function labelOf(row: Row): string {
  const title = typeof row.title === "string" ? row.title.trim() : "";
  return (title || "Sans titre").slice(0, 200);
}

/**
 * Copies the item and what its delete will remove or detach into the Corbeille. Call it
 * in the delete's transaction, just before the delete (withActivity's act). Returns false
 * (nothing written) when the item does not exist: the delete then answers "not found".
 */
export async function moveToTrash({
  itemType,
  id,
  actor,
  now = new Date(),
}: {
  itemType: TrashItemType;
  id: number;
  actor: Actor;
  now?: Date;
}): Promise<boolean> {
  const db = any(getDb());
  const rules = RULES[itemType];
  const row = (await db
    .selectFrom(rules.table)
    .selectAll()
    .where("id", "=", id)
    .executeTakeFirst()) as Row | undefined;
  if (!row) return false;
  const payload: TrashPayload = { row, dependents: {}, detached: {} };
  for (const { table, column, key } of rules.dependents ?? []) {
    payload.dependents[table] = await db
      .selectFrom(table)
      .selectAll()
      .where(column, "=", id)
      .orderBy(key)
      .execute();
  }
  for (const { table, column } of rules.detached ?? []) {
    const linked = await db
      .selectFrom(table)
      .select("id")
      .where(column, "=", id)
      .orderBy("id")
      .execute();
    payload.detached[table] = linked.map((each: { id: number }) => each.id);
  }
  await getDb()
    .insertInto("trash")
    .values({
      item_type: itemType,
      item_id: id,
      label: labelOf(row),
      payload: JSON.stringify(payload),
      deleted_by: actor.userId,
      deleted_by_name: actor.username.slice(0, 100),
      deleted_at: now.toISOString(),
    })
    .execute();
  return true;
}

/** The kinds of item these roles may see in the Corbeille and restore. */
export function trashKindsFor(roles: readonly Role[]): TrashItemType[] {
  return (Object.keys(TRASH_KINDS) as TrashItemType[]).filter((kind) =>
    can(roles, TRASH_KINDS[kind].capability),
  );
}

export interface TrashRow {
  id: number;
  itemType: TrashItemType;
  itemId: number;
  label: string;
  deletedBy: string;
  deletedAt: string;
  /** Whole days before the sweep removes it for good (0: today). */
  daysLeft: number;
}

/** Days left before an item deleted at `deletedAt` is purged. */
export function daysLeft(deletedAt: string, now: Date = new Date()): number {
  const end = Date.parse(deletedAt) + TRASH_RETENTION_DAYS * DAY_MS;
  return Math.max(0, Math.ceil((end - now.getTime()) / DAY_MS));
}

export const TRASH_PER_PAGE = 25;

/** A page of the Corbeille, the most recently deleted first, of the kinds given. */
export async function listTrash({
  kinds,
  search = "",
  page = 1,
  perPage = TRASH_PER_PAGE,
  now = new Date(),
}: {
  kinds: readonly TrashItemType[];
  search?: string;
  page?: number;
  perPage?: number;
  now?: Date;
}): Promise<ListPage<TrashRow>> {
  if (kinds.length === 0) return { rows: [], total: 0, page: 1, pages: 1 };
  let query = getDb()
    .selectFrom("trash")
    .select(["id", "item_type", "item_id", "label", "deleted_by_name", "deleted_at"])
    .where("item_type", "in", kinds)
    .orderBy("deleted_at", "desc")
    .orderBy("id", "desc");
  if (search) query = whereSearch(query, ["label", "deleted_by_name"], search);
  const list = await pageOf(query, { page, perPage });
  return {
    ...list,
    rows: list.rows.flatMap((row) =>
      isTrashItemType(row.item_type)
        ? [
            {
              id: row.id,
              itemType: row.item_type,
              itemId: row.item_id,
              label: row.label,
              deletedBy: row.deleted_by_name,
              deletedAt: row.deleted_at,
              daysLeft: daysLeft(row.deleted_at, now),
            },
          ]
        : [],
    ),
  };
}

export async function readTrashRow(id: number, kinds: readonly TrashItemType[]) {
  const row = await getDb()
    .selectFrom("trash")
    .select(["id", "item_type", "item_id", "label", "payload"])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row || !isTrashItemType(row.item_type) || !kinds.includes(row.item_type)) {
    throw new NotFoundError("Élément de la Corbeille");
  }
  return { ...row, item_type: row.item_type };
}

/**
 * Removes items from the Corbeille for good, each with its journal row, in one
 * transaction. Their files become unused: the upload sweep removes them.
 */
async function purgeRows(
  rows: { id: number; item_type: string; item_id: number; label: string }[],
  actor: Actor,
  now: Date,
): Promise<number> {
  if (rows.length === 0) return 0;
  return inTransaction(async () => {
    await getDb()
      .deleteFrom("trash")
      .where(
        "id",
        "in",
        rows.map((row) => row.id),
      )
      .execute();
    for (const row of rows) {
      await getDb()
        .deleteFrom("item_versions")
        .where("item_type", "=", row.item_type)
        .where("item_id", "=", String(row.item_id))
        .execute();
      await logActivity(
        actor,
        {
          action: "trash.purged",
          itemType: isTrashItemType(row.item_type) ? row.item_type : undefined,
          itemId: row.item_id,
          itemLabel: row.label,
        },
        { now },
      );
    }
    return rows.length;
  });
}

/**
 * « Supprimer définitivement »: one item, of a kind these roles see.
 * @throws NotFoundError
 */
export async function purgeTrashItem({
  id,
  kinds,
  actor,
  now = new Date(),
}: TrashItemArgs): Promise<{ itemType: TrashItemType; label: string }> {
  return inTransaction(async () => {
    const entry = await readTrashRow(id, kinds);
    await purgeRows([entry], actor, now);
    return { itemType: entry.item_type, label: entry.label };
  });
}

/** The sweep's part: every item deleted more than 30 days before `now` goes for good. */
export async function purgeTrash(now: Date = new Date()): Promise<number> {
  const limit = new Date(now.getTime() - TRASH_RETENTION_DAYS * DAY_MS).toISOString();
  const rows = await getDb()
    .selectFrom("trash")
    .select(["id", "item_type", "item_id", "label"])
    .where("deleted_at", "<=", limit)
    .orderBy("id")
    .execute();
  return purgeRows(rows, SERVER_ACTOR, now);
}
