import type { Kysely } from "kysely";

/*
 * Scheduled publishing (docs/decisions/023-scheduled-publishing.md): articles and site pages
 * may carry the instant they are to be published and the one they are to be unpublished
 * (ISO-8601 UTC text, like every stamp; null when nothing is scheduled). The due-job
 * (app/domains/content/scheduled-publishing.server.ts) clears each one in the same UPDATE that claims
 * it, so a schedule that is still set is one that has not gone out yet.
 * Both tables are content tables: their triggers already move the page cache's versions.
 */

const TABLES = ["blog_posts", "site_pages"] as const;
const COLUMNS = ["publish_at", "unpublish_at"] as const;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) {
    for (const column of COLUMNS) {
      await db.schema.alterTable(table).addColumn(column, "text").execute();
      // The due-job's minute read: the few rows scheduled, not the whole table.
      await db.schema.createIndex(`${table}_${column}`).on(table).column(column).execute();
    }
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) {
    for (const column of COLUMNS) {
      await db.schema.dropIndex(`${table}_${column}`).execute();
      await db.schema.alterTable(table).dropColumn(column).execute();
    }
  }
}
