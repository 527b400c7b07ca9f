import type { Kysely } from "kysely";
import { addContentTableTriggers } from "./006-table-versions";

/*
 * Deliberate departures from the spec (DESIGN.md; README « Deliberate departures »):
 * - post_slugs: every address an article ever had, so an old one answers 301 to the
 *   current slug and stays reserved for it; the oldest one is the article's RSS guid.
 * - is_draft on disciplines and training formats: a row inserted by "Ajouter" stays off
 *   the public site until it is saved once with a title.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("post_slugs")
    .addColumn("slug", "text", (c) => c.primaryKey())
    .addColumn("post_id", "integer", (c) =>
      c.notNull().references("blog_posts.id").onDelete("cascade"),
    )
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("post_slugs_post").on("post_slugs").column("post_id").execute();
  await db
    .insertInto("post_slugs")
    .columns(["slug", "post_id", "created_at"])
    .expression(
      db.selectFrom("blog_posts").select(["slug", "id", "created_at"]).where("slug", "!=", ""),
    )
    .execute();
  await addContentTableTriggers(db, "post_slugs");
  for (const table of ["disciplines", "training_formats"]) {
    await db.schema
      .alterTable(table)
      .addColumn("is_draft", "integer", (c) => c.notNull().defaultTo(0))
      .execute();
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ["disciplines", "training_formats"]) {
    await db.schema.alterTable(table).dropColumn("is_draft").execute();
  }
  await db.schema.dropTable("post_slugs").execute();
  await db.deleteFrom("app_meta").where("key", "=", "content_version:post_slugs").execute();
}
