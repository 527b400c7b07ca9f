import { sql, type Kysely } from "kysely";
import { isPostgres } from "../client.server";

/*
 * The content version read by the page cache (server/page-cache.ts,
 * docs/decisions/004-page-cache.md): one app_meta row that a trigger on every content
 * table moves forward, in the same transaction as the write, whoever writes (this server,
 * another server on the same PostgreSQL, the admin CLI, a script on the SQLite file).
 * NOTE: a migration that adds a content table adds its triggers with
 * addContentTableTriggers (migration 006, which also gives each table its own version);
 * page-cache.test.ts fails for a table without them.
 */

export const CONTENT_VERSION_KEY = "content_version";

/** Tables whose rows never change what a visitor sees. */
export const NON_CONTENT_TABLES = [
  "app_meta",
  "users",
  "sessions",
  "login_attempts",
  "contact_messages",
  "contact_message_replies",
  "mail_outbox",
  "trial_bookings",
  "trial_session_locks",
  "trial_requests",
  // Migration 020: volunteers' links, recovery codes and the journal.
  "user_tokens",
  "recovery_codes",
  "activity_log",
  // Migration 021: the versions of editable items (history).
  "item_versions",
  // Migration 022: the Corbeille (what it holds is off the site).
  "trash",
  // Migration 024: membership (families' data, never on the site).
  "membership_seasons",
  "membership_tariffs",
  "membership_discounts",
  "households",
  "members",
  "membership_files",
  "registrations",
  "membership_payments",
  "membership_allocations",
  "membership_tokens",
  "membership_mails",
  "membership_attestations",
  // Migration 025: HelloAsso's checkouts and notifications (its settings are content).
  "helloasso_checkouts",
  "webhook_inbox",
  // Migration 029: the desk's one-time keys.
  "membership_desk_keys",
];

export const CONTENT_TABLES = [
  "site_content",
  "site_settings",
  "menu_items",
  "disciplines",
  "training_formats",
  "schedule_activities",
  "blog_posts",
  "media_items",
  "image_variants",
  "inscription_forms",
  "site_pages",
];

// A random step rather than +1: after a backup is restored, the numbers it reaches again
// are not the ones a browser may still hold in an ETag.
const SQLITE_BUMP = `update app_meta
  set value = cast(cast(value as integer) + 1 + abs(random() % 1000000) as text)
  where key = '${CONTENT_VERSION_KEY}';`;

export async function addContentVersionTriggers(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
  db: Kysely<any>,
  table: string,
  sqliteBump = SQLITE_BUMP,
): Promise<void> {
  if (!/^[a-z_]+$/.test(table)) throw new Error(`Nom de table inattendu : ${table}`);
  if (isPostgres(db)) {
    await sql
      .raw(
        `create trigger ${table}_content_version after insert or update or delete or truncate
         on ${table} for each statement execute function bump_content_version()`,
      )
      .execute(db);
    return;
  }
  // SQLite has row triggers only: one per kind of write.
  for (const event of ["insert", "update", "delete"]) {
    await sql
      .raw(
        `create trigger ${table}_content_version_${event} after ${event} on ${table}
         begin ${sqliteBump} end`,
      )
      .execute(db);
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
export async function up(db: Kysely<any>): Promise<void> {
  await db
    .insertInto("app_meta")
    .values({ key: CONTENT_VERSION_KEY, value: "1" })
    .onConflict((oc) => oc.column("key").doNothing())
    .execute();
  if (isPostgres(db)) {
    await sql
      .raw(
        `create or replace function bump_content_version() returns trigger language plpgsql as $$
         begin
           update app_meta
             set value = (value::bigint + 1 + floor(random() * 1000000)::bigint)::text
             where key = '${CONTENT_VERSION_KEY}';
           return null;
         end $$`,
      )
      .execute(db);
  }
  for (const table of CONTENT_TABLES) await addContentVersionTriggers(db, table);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
export async function down(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  for (const table of CONTENT_TABLES) {
    if (pg) {
      await sql.raw(`drop trigger if exists ${table}_content_version on ${table}`).execute(db);
    } else {
      for (const event of ["insert", "update", "delete"]) {
        await sql.raw(`drop trigger if exists ${table}_content_version_${event}`).execute(db);
      }
    }
  }
  if (pg) await sql.raw("drop function if exists bump_content_version()").execute(db);
  await db.deleteFrom("app_meta").where("key", "=", CONTENT_VERSION_KEY).execute();
}
