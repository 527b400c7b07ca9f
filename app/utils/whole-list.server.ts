import { sql, type Kysely } from "kysely";
import { isPostgres } from "~/db/client.server";
import type { Database } from "~/db/schema";
import { nextStamp, StaleSaveError } from "./stale.server";

/*
 * Lists an editor saves whole (the prices, the registration forms): the screen loads the
 * list with its version, and a write goes through only if the list is still that version.
 */

/** The tables whose rows are saved as one list. */
export type WholeListTable = "prices" | "inscription_forms";

/**
 * The version of the whole list an editor loaded: row count and latest updated_at. Every
 * save rewrites every row with a new stamp, so any change made elsewhere changes it.
 */
export async function wholeListVersion(
  db: Kysely<Database>,
  table: WholeListTable,
): Promise<string> {
  const row = await db
    .selectFrom(table)
    .select((eb) => [eb.fn.countAll<number>().as("count"), eb.fn.max("updated_at").as("latest")])
    .executeTakeFirst();
  return `${Number(row?.count ?? 0)}:${row?.latest ?? ""}`;
}

/**
 * Starts a write of the list inside `trx`: locks the table, checks that the list is still
 * `loadedVersion` and returns the updated_at for the rows written, later than any in it.
 * @throws StaleSaveError
 */
export async function beginWholeListWrite(
  trx: Kysely<Database>,
  { table, loadedVersion }: { table: WholeListTable; loadedVersion: string },
): Promise<string> {
  // NOTE: SQLite serialises write transactions already; PostgreSQL needs the lock so two
  // saves cannot both pass the version check.
  if (isPostgres(trx as unknown as Kysely<unknown>))
    await sql`lock table ${sql.table(table)} in exclusive mode`.execute(trx);
  const version = await wholeListVersion(trx, table);
  if (version !== loadedVersion) throw new StaleSaveError();
  const latest = version.slice(version.indexOf(":") + 1);
  return nextStamp(latest || null);
}
