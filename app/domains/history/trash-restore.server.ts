import { getDb, inTransaction } from "~/db/client.server";
import { parseJson } from "~/core/json";
import { NotFoundError } from "../../utils/stale.server";
import { logActivity } from "./activity-log.server";
import { recordEntryVersion } from "./versions.server";
import {
  any,
  readTrashRow,
  RULES,
  TrashConflictError,
  type AnyDb,
  type Row,
  type TableName,
  type TrashItemArgs,
  type TrashPayload,
} from "./trash.server";
import type { TrashItemType } from "./trash";

/*
 * Restoring an item of the Corbeille (docs/decisions/022-trash.md): its row written back
 * generically, column by column that the table still has, with its id, its dependent rows, its
 * links and its place in an ordered list. What each kind of item needs is trash.server.ts's RULES.
 */

/** The columns a table has now (a payload may hold columns dropped since, or miss new ones). */
async function columnsOf(db: AnyDb, table: TableName): Promise<Set<string>> {
  const tables = await db.introspection.getTables();
  const found = tables.find((each) => each.name === table);
  return new Set(found?.columns.map((column) => column.name) ?? []);
}

/** The row's values for the columns the table still has. */
async function insertRow(db: AnyDb, table: TableName, row: Row): Promise<void> {
  const columns = await columnsOf(db, table);
  const values = Object.fromEntries(Object.entries(row).filter(([name]) => columns.has(name)));
  await db.insertInto(table).values(values).execute();
}

/**
 * Puts a deleted item back: same id, every column, its dependent rows, its links, its
 * place in its list; then removes it from the Corbeille. One transaction with its journal
 * row. Returns what came back (for the message).
 * @throws NotFoundError (not in the Corbeille, or of a kind these roles do not see),
 *   TrashConflictError (its address or id is taken since: nothing changed)
 */
export async function restoreFromTrash({
  id,
  kinds,
  actor,
  now = new Date(),
}: TrashItemArgs): Promise<{ itemType: TrashItemType; itemId: number; label: string }> {
  return inTransaction(async () => {
    const db = any(getDb());
    const entry = await readTrashRow(id, kinds);
    const rules = RULES[entry.item_type];
    const payload = parseJson<TrashPayload | null>(entry.payload, null);
    if (!payload?.row) throw new NotFoundError("Élément de la Corbeille");
    const { row } = payload;
    const clash = await db
      .selectFrom(rules.table)
      .select("id")
      .where("id", "=", entry.item_id)
      .executeTakeFirst();
    if (clash)
      throw new TrashConflictError("Cet élément existe déjà : il a été restauré entre-temps.");
    const conflict = await rules.conflict?.(db, row);
    if (conflict) throw new TrashConflictError(conflict);

    if (rules.ordered) {
      const count = await db
        .selectFrom(rules.table)
        .select((eb) => eb.fn.countAll().as("count"))
        .executeTakeFirstOrThrow();
      const place = Math.min(Number(row.order_index ?? 0), Number(count.count));
      await db
        .updateTable(rules.table)
        .set((eb) => ({ order_index: eb("order_index", "+", 1) }))
        .where("order_index", ">=", place)
        .execute();
      row.order_index = place;
    }
    if (rules.scheduled) {
      // A publication or unpublication whose time passed while in the Corbeille is not
      // made on restore (the due-job would make it within the minute, unasked).
      for (const column of ["publish_at", "unpublish_at"]) {
        if (typeof row[column] === "string" && String(row[column]) <= now.toISOString()) {
          row[column] = null;
        }
      }
    }
    await insertRow(db, rules.table, row);
    for (const { table, key } of rules.dependents ?? []) {
      for (const dependent of payload.dependents[table] ?? []) {
        const taken = await db
          .selectFrom(table)
          .select(key)
          .where(key, "=", dependent[key])
          .executeTakeFirst();
        if (!taken) await insertRow(db, table, dependent);
      }
    }
    for (const { table, column } of rules.detached ?? []) {
      const ids = payload.detached[table] ?? [];
      if (ids.length === 0) continue;
      await db
        .updateTable(table)
        .set({ [column]: entry.item_id })
        .where("id", "in", ids)
        .where(column, "is", null)
        .execute();
    }
    await getDb().deleteFrom("trash").where("id", "=", id).execute();
    await logActivity(
      actor,
      {
        action: "trash.restored",
        itemType: entry.item_type,
        itemId: entry.item_id,
        itemLabel: entry.label,
      },
      { now },
    );
    // Its history goes on: the state it came back in, as a restore.
    await recordEntryVersion(actor, {
      action: "restore",
      itemType: entry.item_type,
      itemId: entry.item_id,
    });
    return { itemType: entry.item_type, itemId: entry.item_id, label: entry.label };
  });
}
