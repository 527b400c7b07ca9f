import { afterAll, beforeAll, describe, it, expect } from "vitest";
import { Migrator, sql } from "kysely";
import { getDb } from "~/db/client.server";
import { MIGRATIONS, migrateToLatest } from "~/db/migrate.server";
import { CONTENT_TABLES } from "~/db/migrations/002-content-version";
import type { Database } from "~/db/schema";
import { useDatabaseMigratedFromEmpty } from "../../tests/setup/db";

// The other test files copy a database the global setup migrated; this one migrates its own
// from nothing, as a new install does.
let putBack: () => Promise<void>;
beforeAll(async () => {
  putBack = await useDatabaseMigratedFromEmpty();
});
afterAll(() => putBack());

// Every table of the typed schema; a table missing here fails to compile.
const TABLES = {
  app_meta: true,
  site_content: true,
  site_settings: true,
  menu_items: true,
  disciplines: true,
  training_formats: true,
  schedule_activities: true,
  schedule_changes: true,
  blog_posts: true,
  post_slugs: true,
  media_items: true,
  image_variants: true,
  inscription_forms: true,
  prices: true,
  site_pages: true,
  users: true,
  sessions: true,
  login_attempts: true,
  contact_messages: true,
  contact_message_replies: true,
  mail_outbox: true,
  trial_bookings: true,
  trial_session_locks: true,
  trial_requests: true,
  user_tokens: true,
  recovery_codes: true,
  activity_log: true,
  item_versions: true,
  trash: true,
  membership_seasons: true,
  membership_tariffs: true,
  membership_discounts: true,
  households: true,
  members: true,
  membership_files: true,
  registrations: true,
  membership_payments: true,
  membership_allocations: true,
  membership_tokens: true,
  membership_mails: true,
  membership_attestations: true,
  helloasso_settings: true,
  helloasso_checkouts: true,
  webhook_inbox: true,
  membership_desk_keys: true,
} satisfies Record<keyof Database, true>;

const tableNames = Object.keys(TABLES) as (keyof Database)[];

describe("migrateToLatest", () => {
  it("lists all 45 tables of the schema", () => {
    expect(tableNames).toHaveLength(45);
  });

  it.each(tableNames.filter((table) => table !== "app_meta"))(
    "creates the table %s, empty and queryable",
    async (table) => {
      const rows = await getDb().selectFrom(table).selectAll().limit(1).execute();
      expect(rows).toEqual([]);
    },
  );

  it("creates app_meta holding only the page cache's versions: the site's and each content table's", async () => {
    const rows = await getDb().selectFrom("app_meta").select("key").execute();
    // 002's tables, post_slugs (007) and schedule_changes (008).
    const tables = [
      ...CONTENT_TABLES,
      "post_slugs",
      "schedule_changes",
      "prices",
      "helloasso_settings",
    ];
    expect(rows.map((row) => row.key).sort()).toEqual(
      ["content_version", ...tables.map((table) => `content_version:${table}`)].sort(),
    );
  });

  it("is a no-op when run again on a migrated database", async () => {
    const db = getDb();
    const stamp = new Date().toISOString();
    await db.deleteFrom("menu_items").execute();
    await db
      .insertInto("menu_items")
      .values({ label: "Accueil", path: "/", order_index: 0, updated_at: stamp })
      .execute();

    await expect(migrateToLatest(db)).resolves.toBeUndefined();
    await expect(migrateToLatest(db)).resolves.toBeUndefined();

    // Kysely's own bookkeeping: each migration recorded once, not re-applied.
    const applied = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
    expect(applied.rows.map((row) => row.name)).toEqual([
      "001-initial",
      "002-content-version",
      "003-hashed-sessions",
      "005-front-desk",
      "006-table-versions",
      "007-polish",
      "008-schedule-changes",
      "009-trial-sessions",
      "010-trial-requests",
      "011-admin-lists",
      "012-blog-list-index",
      "013-search-trigrams",
      "014-message-replies",
      "015-booking-keeps-session",
      "016-prices",
      "017-trial-child-name",
      "018-menu-planning",
      "019-blog-public-order",
      "020-volunteers",
      "021-history",
      "022-trash",
      "023-scheduled-publishing",
      "024-membership",
      "025-helloasso",
      "026-forget-sign-in-address",
      "027-session-second-factor",
      "028-mail-kinds",
      "029-desk-once",
    ]);

    const rows = await db.selectFrom("menu_items").select(["label", "path"]).execute();
    expect(rows).toEqual([{ label: "Accueil", path: "/" }]);
    for (const table of tableNames) {
      await expect(db.selectFrom(table).selectAll().limit(1).execute()).resolves.toBeDefined();
    }
  });
});

describe("003-hashed-sessions", () => {
  it("ends the sessions stored in clear once, and keeps later ones", async () => {
    const db = getDb();
    const migrator = new Migrator({ db, provider: { getMigrations: async () => MIGRATIONS } });
    await migrator.migrateTo("002-content-version");
    const stamp = new Date().toISOString();
    const user = await db
      .insertInto("users")
      .values({ username: "ancien", password_hash: "x", created_at: stamp, updated_at: stamp })
      .returning("id")
      .executeTakeFirstOrThrow();
    const session = { user_id: user.id, created_at: stamp, last_used_at: stamp, expires_at: stamp };
    await db
      .insertInto("sessions")
      .values({ id: "id-en-clair", ...session })
      .execute();

    await migrateToLatest(db);
    expect(await db.selectFrom("sessions").select("id").execute()).toEqual([]);

    await db
      .insertInto("sessions")
      .values({ id: "empreinte", ...session })
      .execute();
    await migrateToLatest(db);
    expect(await db.selectFrom("sessions").select("id").execute()).toEqual([{ id: "empreinte" }]);
    await db.deleteFrom("sessions").execute();
    await db.deleteFrom("users").execute();
  });
});

describe("015-booking-keeps-session", () => {
  it("keeps the bookings already there with their session, and lets them outlive their activity", async () => {
    const db = getDb();
    const migrator = new Migrator({ db, provider: { getMigrations: async () => MIGRATIONS } });
    await migrator.migrateTo("013-search-trigrams");
    const stamp = new Date().toISOString();
    const activity = await db
      .insertInto("schedule_activities")
      .values({
        title: "Boxe loisir du dimanche",
        day: "Dimanche",
        start_time: "10h00",
        end_time: "11h30",
        created_at: stamp,
        updated_at: stamp,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db
      .insertInto("schedule_changes")
      .values({
        kind: "move",
        activity_id: activity.id,
        date: "2026-11-29",
        new_date: "2026-11-28",
        new_start: "14h00",
        new_end: "15h30",
        created_at: stamp,
        updated_at: stamp,
      })
      .execute();
    const booking = (n: number, session_date: string) => ({
      activity_id: activity.id,
      session_date,
      status: "booked",
      first_name: `Léa${n}`,
      last_name: "Martin",
      email: `lea${n}@exemple.fr`,
      level: "debutant",
      cancel_token_hash: `empreinte-${n}`,
      created_at: stamp,
      updated_at: stamp,
    });
    // Rows as 009 wrote them: the typed schema's new columns do not exist yet.
    const { id: first } = await db
      .insertInto("trial_bookings")
      .values([booking(1, "2026-11-22"), booking(2, "2026-11-29")])
      .returning("id")
      .executeTakeFirstOrThrow();

    await migrateToLatest(db);

    const rows = await db
      .selectFrom("trial_bookings")
      .select([
        "id",
        "first_name",
        "session_date",
        "activity_title",
        "on_date",
        "on_start",
        "on_end",
      ])
      .orderBy("id")
      .execute();
    expect(rows).toEqual([
      {
        id: first,
        first_name: "Léa1",
        session_date: "2026-11-22",
        activity_title: "Boxe loisir du dimanche",
        on_date: "2026-11-22",
        on_start: "10h00",
        on_end: "11h30",
      },
      {
        id: first + 1,
        first_name: "Léa2",
        session_date: "2026-11-29",
        activity_title: "Boxe loisir du dimanche",
        on_date: "2026-11-28",
        on_start: "14h00",
        on_end: "15h30",
      },
    ]);
    // A new booking gets a new id, and the activity's deletion leaves the bookings.
    const { id: next } = await db
      .insertInto("trial_bookings")
      .values(booking(3, "2026-12-06"))
      .returning("id")
      .executeTakeFirstOrThrow();
    expect(next).toBeGreaterThan(first + 1);
    await db.deleteFrom("schedule_activities").where("id", "=", activity.id).execute();
    const kept = await db.selectFrom("trial_bookings").select(["activity_id"]).execute();
    expect(kept).toEqual([{ activity_id: null }, { activity_id: null }, { activity_id: null }]);
    await expect(
      db
        .insertInto("trial_bookings")
        .values({ ...booking(4, "2026-12-06"), activity_id: null })
        .execute(),
    ).resolves.toBeDefined();
    await db.deleteFrom("trial_bookings").execute();
    await db.deleteFrom("schedule_changes").execute();
  });
});

describe("013-search-trigrams", () => {
  it.runIf(process.env.TEST_DATABASE_URL)(
    "indexes the back office's searches by trigrams on PostgreSQL",
    async () => {
      const found = await sql<{ name: string }>`
        select indexname as name from pg_indexes where indexname like '%search_trigrams'
        order by indexname`.execute(getDb());
      expect(found.rows.map((row) => row.name)).toEqual([
        "blog_posts_search_trigrams",
        "contact_messages_search_trigrams",
        "media_items_search_trigrams",
        "trial_bookings_search_trigrams",
      ]);
    },
  );
});
