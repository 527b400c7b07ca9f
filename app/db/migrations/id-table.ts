import type { CreateTableBuilder, Kysely } from "kysely";
import { isPostgres } from "../client.server";

/**
 * A new table with its integer id: an identity column on PostgreSQL, an autoincrement
 * one on SQLite. Every migration's tables take their id from here: what it writes must
 * never change, since a migration that has run never runs again.
 */
export function createTableWithId(
  db: Kysely<unknown>,
  name: string,
): CreateTableBuilder<string, never> {
  const pg = isPostgres(db);
  return db.schema
    .createTable(name)
    .addColumn("id", "integer", (col) =>
      pg ? col.primaryKey().generatedByDefaultAsIdentity() : col.primaryKey().autoIncrement(),
    );
}
