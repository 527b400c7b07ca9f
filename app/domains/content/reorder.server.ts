import type { Kysely, Transaction } from "kysely";
import { getDb, isPostgres } from "~/db/client.server";
import type { Database } from "~/db/schema";
import { hasRealTitle } from "./draft";
import { assertSaved, nextStamp, NotFoundError } from "../../utils/stale.server";

/*
 * Ordered lists edited one row at a time (disciplines, training formats): creating,
 * saving, moving and deleting a row. Creating, moving and deleting each run in one
 * transaction that leaves order_index numbered
 * 0, 1, 2… (spec §4: "swaps it with its neighbour, renumbers order_index from 0").
 * NOTE: order_index is not part of an editor's save and updated_at is left alone here, so
 * moving a row never makes an open editor's save stale.
 */

export type OrderedTable = "disciplines" | "training_formats";
export type MoveDirection = "up" | "down";

/** Refused: the list must keep at least one row (spec §5). */
export class LastRowError extends Error {
  constructor() {
    super("Le dernier élément ne peut pas être supprimé");
    this.name = "LastRowError";
  }
}

type Trx = Transaction<Database>;

/** The ids in display order, rows locked on PostgreSQL so two moves cannot interleave. */
async function orderedIds(trx: Trx, table: OrderedTable): Promise<number[]> {
  // The two tables share id and order_index; one of them names the query's types.
  let query = trx
    .selectFrom(table as "disciplines")
    .select("id")
    .orderBy("order_index")
    .orderBy("id");
  if (isPostgres(trx as unknown as Kysely<unknown>)) query = query.forUpdate();
  return (await query.execute()).map((row) => row.id);
}

/** Writes order_index = position for every row whose index differs. */
async function renumber(trx: Trx, table: OrderedTable, ids: number[]): Promise<void> {
  const current = new Map(
    (
      await trx
        .selectFrom(table as "disciplines")
        .select(["id", "order_index"])
        .execute()
    ).map((row) => [row.id, row.order_index]),
  );
  for (const [index, id] of ids.entries()) {
    if (current.get(id) === index) continue;
    await trx
      .updateTable(table as "disciplines")
      .set({ order_index: index })
      .where("id", "=", id)
      .execute();
  }
}

/**
 * Swaps the row with its neighbour above or below and renumbers the list from 0.
 * Moving the first row up or the last one down changes nothing.
 * @throws NotFoundError when the row is gone
 */
export async function moveRow({
  table,
  id,
  direction,
  what,
  db = getDb(),
}: {
  table: OrderedTable;
  id: number;
  direction: MoveDirection;
  what: string;
  db?: Kysely<Database>;
}): Promise<number[]> {
  return db.transaction().execute(async (trx) => {
    const ids = await orderedIds(trx, table);
    const from = ids.indexOf(id);
    if (from === -1) throw new NotFoundError(what);
    const to = direction === "up" ? from - 1 : from + 1;
    if (to >= 0 && to < ids.length) [ids[from], ids[to]] = [ids[to]!, ids[from]!];
    await renumber(trx, table, ids);
    return ids;
  });
}

/**
 * Deletes a row unless it is the last one, and renumbers the rest from 0.
 * Returns the deleted row's image URL (for the caller to remove its file once committed).
 * @throws LastRowError, NotFoundError
 */
export async function deleteOrderedRow({
  table,
  id,
  what,
  db = getDb(),
}: {
  table: OrderedTable;
  id: number;
  what: string;
  db?: Kysely<Database>;
}): Promise<{ image: string }> {
  return db.transaction().execute(async (trx) => {
    const ids = await orderedIds(trx, table);
    if (!ids.includes(id)) throw new NotFoundError(what);
    if (ids.length <= 1) throw new LastRowError();
    const row = await trx
      .selectFrom(table as "disciplines")
      .select("image")
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    await trx
      .deleteFrom(table as "disciplines")
      .where("id", "=", id)
      .execute();
    await renumber(
      trx,
      table,
      ids.filter((other) => other !== id),
    );
    return { image: row.image };
  });
}

/** The order_index a new row takes: the current count (spec §5), read inside `trx`. */
export async function nextOrderIndex(trx: Trx, table: OrderedTable): Promise<number> {
  const ids = await orderedIds(trx, table);
  return ids.length;
}

/** The values an editor saves on an ordered record: its own columns, a title, details. */
type RecordValues = { title: string; details: string[] } & Record<string, unknown>;

/**
 * Saves an edit made on the version stamped `loadedAt`; refuses a stale one. A real title
 * publishes a row "Ajouter" created as a draft (DESIGN.md, departures).
 * @throws StaleSaveError, NotFoundError
 */
export async function saveOrderedRow({
  table,
  id,
  values,
  loadedAt,
  what,
  db = getDb(),
}: {
  table: OrderedTable;
  id: number;
  values: RecordValues;
  loadedAt: string;
  what: string;
  db?: Kysely<Database>;
}): Promise<void> {
  const result = await db
    .updateTable(table as "disciplines")
    .set({
      ...values,
      details: JSON.stringify(values.details),
      ...(hasRealTitle(values.title) ? { is_draft: 0 } : {}),
      updated_at: nextStamp(loadedAt),
    })
    .where("id", "=", id)
    .where("updated_at", "=", loadedAt)
    .executeTakeFirst();
  await assertSaved(db, { table, id, result, what });
}

/**
 * A new row at the end of the list (order_index = current count) with the spec's
 * defaults (§3), hidden from visitors until it is saved with a title. Returns its id.
 */
export async function addOrderedRow({
  table,
  defaults,
  db = getDb(),
}: {
  table: OrderedTable;
  defaults: Record<string, string>;
  db?: Kysely<Database>;
}): Promise<number> {
  const stamp = nextStamp();
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto(table as "disciplines")
      .values({
        ...defaults,
        details: "[]",
        is_draft: 1,
        order_index: await nextOrderIndex(trx, table),
        created_at: stamp,
        updated_at: stamp,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return row.id;
  });
}
