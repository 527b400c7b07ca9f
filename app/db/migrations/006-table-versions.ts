import { sql, type Kysely } from "kysely";
import { isPostgres } from "../client.server";
import { addContentVersionTriggers, CONTENT_VERSION_KEY } from "./002-content-version";

/*
 * A version per content table beside the site's one (docs/decisions/004-page-cache.md):
 * the page cache knows which tables a page read, so a save in the timetable keeps the
 * blog's pages. The same triggers move both rows, in the writer's transaction.
 * NOTE: a migration that adds a content table calls addContentTableTriggers (not 002's
 * helper, whose tables move only the site's version: their pages are dropped on any write).
 */

export const TABLE_VERSION_PREFIX = `${CONTENT_VERSION_KEY}:`;

/** PostgreSQL: the channel on which the triggers name the table a transaction moved. */
export const CONTENT_VERSION_CHANNEL = "content_version";

/** SQLite: one statement moves both rows, each by its own random step (see 002). */
const sqliteBump = (table: string) => `update app_meta
  set value = cast(cast(value as integer) + 1 + abs(random() % 1000000) as text)
  where key in ('${CONTENT_VERSION_KEY}', '${TABLE_VERSION_PREFIX}${table}');`;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
async function addTableVersion(db: Kysely<any>, table: string): Promise<void> {
  await db
    .insertInto("app_meta")
    .values({ key: `${TABLE_VERSION_PREFIX}${table}`, value: "1" })
    .onConflict((oc) => oc.column("key").doNothing())
    .execute();
}

/** Triggers of a new content table: they move the site's version and the table's own. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
export async function addContentTableTriggers(db: Kysely<any>, table: string): Promise<void> {
  await addTableVersion(db, table);
  await addContentVersionTriggers(db, table, sqliteBump(table));
}

/** Every table that has the triggers of 002, whichever migration added them. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
async function contentTables(db: Kysely<any>): Promise<string[]> {
  const query = isPostgres(db)
    ? sql<{ name: string }>`select distinct event_object_table as name
        from information_schema.triggers
        where trigger_schema = current_schema() and trigger_name like '%content_version'`
    : sql<{ name: string }>`select distinct tbl_name as name from sqlite_master
        where type = 'trigger' and name like '%content_version_insert'`;
  return (await query.execute(db)).rows.map((row) => row.name).sort();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
export async function up(db: Kysely<any>): Promise<void> {
  const tables = await contentTables(db);
  for (const table of tables) await addTableVersion(db, table);
  if (isPostgres(db)) {
    // Statement triggers share one function: it learns the table from TG_TABLE_NAME. The
    // NOTIFY, sent at commit, tells every app process's listener the table and the site's
    // new version (app/db/version-listener.server.ts).
    await sql
      .raw(
        `create or replace function bump_content_version() returns trigger language plpgsql as $$
         declare
           version text;
         begin
           update app_meta
             set value = (value::bigint + 1 + floor(random() * 1000000)::bigint)::text
             where key in ('${CONTENT_VERSION_KEY}', '${TABLE_VERSION_PREFIX}' || TG_TABLE_NAME);
           select value into version from app_meta where key = '${CONTENT_VERSION_KEY}';
           perform pg_notify('${CONTENT_VERSION_CHANNEL}', TG_TABLE_NAME || ' ' || version);
           return null;
         end $$`,
      )
      .execute(db);
    return;
  }
  for (const table of tables) {
    for (const event of ["insert", "update", "delete"]) {
      await sql.raw(`drop trigger ${table}_content_version_${event}`).execute(db);
    }
    await addContentVersionTriggers(db, table, sqliteBump(table));
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom("app_meta").where("key", "like", `${TABLE_VERSION_PREFIX}%`).execute();
}
