import { sql, type Transaction } from "kysely";
import { getDb, isPostgres } from "~/db/client.server";
import type { Database } from "~/db/schema";
import { nextStamp, StaleSaveError } from "../../utils/stale.server";

export interface MenuItem {
  id: number;
  label: string;
  path: string;
  order_index: number;
}

export async function getMenu(): Promise<MenuItem[]> {
  return getDb()
    .selectFrom("menu_items")
    .select(["id", "label", "path", "order_index"])
    .orderBy("order_index")
    .orderBy("id")
    .execute();
}

/**
 * Replaces the whole menu (spec §7: delete all, re-insert the list) in one transaction:
 * a failure leaves the previous menu whole.
 */
export async function replaceMenu({
  items,
}: {
  items: { label: string; path: string }[];
}): Promise<MenuItem[]> {
  await getDb()
    .transaction()
    .execute((trx) => writeMenu(trx, items, nextStamp()));
  return getMenu();
}

/** Deletes every entry and inserts the list in its order, inside the caller's transaction. */
async function writeMenu(
  trx: Transaction<Database>,
  items: { label: string; path: string }[],
  stamp: string,
): Promise<void> {
  await trx.deleteFrom("menu_items").execute();
  if (items.length === 0) return;
  await trx
    .insertInto("menu_items")
    .values(
      items.map((item, index) => ({
        label: item.label,
        path: item.path,
        order_index: index,
        updated_at: stamp,
      })),
    )
    .execute();
}

function latestStamp(rows: { updated_at: string }[]): string {
  return rows.reduce((max, row) => (row.updated_at > max ? row.updated_at : max), "");
}

/**
 * The menu's version for the stale check: its latest updated_at and its length (every
 * replace restamps all rows). "" for an empty menu.
 */
export function menuVersion(rows: { updated_at: string }[]): string {
  if (rows.length === 0) return "";
  return `${latestStamp(rows)}#${rows.length}`;
}

/** The menu for the editor, with the version its save must send back. */
export async function getMenuForEdit(): Promise<{ items: MenuItem[]; version: string }> {
  const rows = await getDb()
    .selectFrom("menu_items")
    .select(["id", "label", "path", "order_index", "updated_at"])
    .orderBy("order_index")
    .orderBy("id")
    .execute();
  return {
    items: rows.map(({ id, label, path, order_index }) => ({ id, label, path, order_index })),
    version: menuVersion(rows),
  };
}

/**
 * Replaces the whole menu like replaceMenu, only if it is still the version the editor
 * loaded (else StaleSaveError and nothing changes), in one transaction.
 */
export async function saveMenu({
  items,
  loadedVersion,
}: {
  items: { label: string; path: string }[];
  loadedVersion: string;
}): Promise<MenuItem[]> {
  const db = getDb();
  await db.transaction().execute(async (trx) => {
    // NOTE: on PostgreSQL the rows are locked so that two saves cannot both pass the check;
    // SQLite runs one write transaction at a time.
    let query = trx.selectFrom("menu_items").select("updated_at");
    if (isPostgres(db)) query = query.forUpdate();
    const current = await query.execute();
    if (menuVersion(current) !== loadedVersion) throw new StaleSaveError();
    await writeMenu(trx, items, nextStamp(latestStamp(current) || null));
  });
  return getMenu();
}

/** Whether an entry of the menu leads to this path ("/partenaires"). */
export async function isInMenu({ path }: { path: string }): Promise<boolean> {
  const row = await getDb()
    .selectFrom("menu_items")
    .select("id")
    .where("path", "=", path)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Adds an entry at the end of the menu, unless one already leads to `path` (then nothing
 * changes: asking twice never adds twice). "full": the menu already has `max` entries.
 * The entries keep their rows; the menu's version changes, so a Menu screen opened
 * before is told to reload rather than write over the new entry.
 */
export async function addMenuItem({
  label,
  path,
  max,
}: {
  label: string;
  path: string;
  max: number;
}): Promise<"added" | "present" | "full"> {
  const db = getDb();
  return db.transaction().execute(async (trx) => {
    // NOTE: two requests at once must not both see the path missing: on PostgreSQL the
    // table is locked against other writers (a row lock would not cover the new row);
    // SQLite runs one write transaction at a time.
    if (isPostgres(db)) await sql`lock table menu_items in exclusive mode`.execute(trx);
    const rows = await trx
      .selectFrom("menu_items")
      .select(["path", "order_index", "updated_at"])
      .execute();
    if (rows.some((row) => row.path === path)) return "present";
    if (rows.length >= max) return "full";
    await trx
      .insertInto("menu_items")
      .values({
        label,
        path,
        order_index: rows.reduce((last, row) => Math.max(last, row.order_index + 1), 0),
        updated_at: nextStamp(latestStamp(rows) || null),
      })
      .execute();
    return "added";
  });
}
