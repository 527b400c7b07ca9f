import type { Kysely } from "kysely";
import { createTableWithId } from "./id-table";

/*
 * The history of every editable thing (docs/decisions/021-history.md): item_versions
 * holds one row per saved state of an item (an article, a page, a content block, the
 * menu, a settings category…): its editable fields as JSON, their hash (an identical
 * save adds nothing), the act (save, publish, unpublish, restore…), who and when. The
 * actor's name is copied so a deleted volunteer still reads. Not a content table: a
 * version written never changes what a visitor sees (the save beside it does).
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
export async function up(db: Kysely<any>): Promise<void> {
  await createTableWithId(db, "item_versions")
    .addColumn("item_type", "text", (c) => c.notNull())
    .addColumn("item_id", "text", (c) => c.notNull())
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("snapshot", "text", (c) => c.notNull())
    .addColumn("hash", "text", (c) => c.notNull())
    .addColumn("actor_id", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("actor_name", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  // The versions of one item, newest first; pruning walks the same order.
  await db.schema
    .createIndex("item_versions_item")
    .on("item_versions")
    .columns(["item_type", "item_id", "id"])
    .execute();
  // The sweep looks only at versions older than the days kept.
  await db.schema
    .createIndex("item_versions_created")
    .on("item_versions")
    .column("created_at")
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("item_versions").execute();
}
