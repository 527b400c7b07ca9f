import type { CreateTableBuilder, Kysely } from "kysely";
import { isPostgres } from "../client.server";

/**
 * A new table with its integer id: an identity column on PostgreSQL, an autoincrement
 * one on SQLite. For migrations from 008 on (001 and 005 keep their own copy: a migration
 * that has run must never change).
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
