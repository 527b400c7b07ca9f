import type { Kysely } from "kysely";
import { createTableWithId } from "./id-table";

/*
 * The Corbeille (docs/decisions/022-trash.md): one row per deleted item kept 30
 * days. `payload` is JSON: the item's row with all its columns, and the rows of other
 * tables the delete removed or changed ({ row, dependents: { table: rows } }). The delete
 * itself stays as it was: every other query of the site is untouched. deleted_by has no
 * foreign key (the name is copied, as the journal does). Not a content table: a trashed
 * item never shows on the site, and the delete that fills it already moves the cache.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  await createTableWithId(db, "trash")
    .addColumn("item_type", "text", (c) => c.notNull())
    .addColumn("item_id", "integer", (c) => c.notNull())
    .addColumn("label", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("payload", "text", (c) => c.notNull())
    .addColumn("deleted_by", "integer")
    .addColumn("deleted_by_name", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("deleted_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("trash_deleted").on("trash").columns(["deleted_at", "id"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("trash").execute();
}
