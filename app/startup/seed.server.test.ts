import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, it, expect } from "vitest";
import { getDb } from "~/db/client.server";
import { seedDatabase } from "~/startup/seed.server";
import type { Database } from "~/db/schema";
import { DEFAULT_MENU, SETTINGS_CATEGORIES, SETTINGS_DEFAULTS } from "~/domains/content/defaults";
import { parisToday, WEEKDAY_KEYS, weekdayIndex } from "~/core/club-time";
import { toMinutes } from "~/core/time-of-day";
import { seedPosts } from "~/domains/content/seed-data";
import { SEED_PRICES } from "~/domains/content/seed-prices";
import { SEED_TARIFFS } from "~/domains/membership/seed-membership";
import { openSeason, seasonTariffs } from "~/domains/membership/season.server";
import { slugify } from "~/core/slug";

// The seed copies the pictures prepared for the run (tests/setup/seed-pictures.ts); a full
// seed still writes every table and file, on a loaded machine in seconds.
const TIMEOUT = 180_000;

/** Tables the seed writes (plus its markers in app_meta). */
const SEEDED_TABLES = [
  "app_meta",
  "site_settings",
  "menu_items",
  "site_content",
  "disciplines",
  "training_formats",
  "schedule_activities",
  "blog_posts",
  "prices",
  "image_variants",
  "membership_seasons",
] as const satisfies readonly (keyof Database)[];

const dataDir = () => process.env.DATA_DIR!;
const seed = () => seedDatabase(getDb(), { dataDir: dataDir() });

/** An empty database (as on a first start), then the seed. */
async function freshSeed(): Promise<void> {
  const db = getDb();
  for (const table of SEEDED_TABLES) await db.deleteFrom(table).execute();
  await seed();
}

async function countRows(table: keyof Database): Promise<number> {
  const { n } = await getDb()
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(n);
}

async function rowCounts(): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of SEEDED_TABLES) counts[table] = await countRows(table);
  return counts;
}

/** `/uploads/x/y` → DATA_DIR/uploads/x/y */
function fileOf(url: string): string {
  expect(url.startsWith("/uploads/")).toBe(true);
  return path.join(dataDir(), ...url.split("/").filter(Boolean));
}

function range(text: string): [number, number] {
  const [from = "", to = ""] = text.split("-");
  const start = toMinutes(from);
  const end = toMinutes(to);
  expect(start, `début de « ${text} »`).not.toBeNull();
  expect(end, `fin de « ${text} »`).not.toBeNull();
  return [start!, end!];
}

describe("seedDatabase: first start", () => {
  beforeAll(freshSeed, TIMEOUT);

  it("creates exactly the 6 disciplines, in order", async () => {
    const rows = await getDb()
      .selectFrom("disciplines")
      .select(["title", "order_index", "details"])
      .orderBy("order_index")
      .execute();
    expect(rows).toHaveLength(6);
    expect(rows.map((row) => row.order_index)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(rows[0]!.title).toBe("Boxe anglaise loisir");
    for (const row of rows) {
      expect(row.title).not.toBe("");
      expect(JSON.parse(row.details)).toEqual(expect.arrayContaining([expect.any(String)]));
    }
  });

  it("creates the 3 training formats with the icons Users, Target, Heart in order", async () => {
    const rows = await getDb()
      .selectFrom("training_formats")
      .select(["title", "icon_name"])
      .orderBy("order_index")
      .execute();
    expect(rows.map((row) => row.icon_name)).toEqual(["Users", "Target", "Heart"]);
    expect(rows[0]!.title).toBe("Cours collectifs");
  });

  it("creates the example prices in order, amounts in cents", async () => {
    const rows = await getDb()
      .selectFrom("prices")
      .select(["label", "amount_cents", "order_index"])
      .orderBy("order_index")
      .execute();
    expect(rows).toEqual(
      SEED_PRICES.map((price, order_index) => ({
        label: price.label,
        amount_cents: price.amountCents,
        order_index,
      })),
    );
  });

  it("opens today's membership season with the example tariffs", async () => {
    const season = await openSeason(parisToday());
    expect(season?.pass_sport_cents).toBe(7000);
    const tariffs = await seasonTariffs(season!.id);
    expect(tariffs.map((tariff) => tariff.label)).toEqual(SEED_TARIFFS.map((t) => t.label));
    const start = Number(season!.starts_on.slice(0, 4));
    expect(tariffs[0]).toMatchObject({ birth_year_min: start - 11, birth_year_max: start - 6 });
  });

  it("creates the 7 menu entries of DEFAULT_MENU in order", async () => {
    const rows = await getDb()
      .selectFrom("menu_items")
      .select(["label", "path", "order_index"])
      .orderBy("order_index")
      .execute();
    expect(rows).toEqual(DEFAULT_MENU.map((item, order_index) => ({ ...item, order_index })));
    expect(rows.map((row) => row.label)).toEqual([
      "Accueil",
      "Disciplines",
      "Entraînements",
      "Planning",
      "Tarifs",
      "Infos Pratiques",
      "Contact",
    ]);
  });

  it("stores one site_settings row per settings category", async () => {
    const rows = await getDb()
      .selectFrom("site_settings")
      .select(["category", "settings"])
      .execute();
    expect(rows.map((row) => row.category).sort()).toEqual([...SETTINGS_CATEGORIES].sort());
    const hours = rows.find((row) => row.category === "hours")!;
    expect(JSON.parse(hours.settings)).toEqual(SETTINGS_DEFAULTS.hours);
    const logo = rows.find((row) => row.category === "logo")!;
    const logoUrl = (JSON.parse(logo.settings) as { url: string }).url;
    expect(logoUrl).toBe("/uploads/site-images/seed-logo.png");
    expect(fs.existsSync(fileOf(logoUrl))).toBe(true);
  });

  it("publishes the 3 seeded posts", async () => {
    const rows = await getDb()
      .selectFrom("blog_posts")
      .select(["slug", "is_published", "published_at"])
      .execute();
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      expect(row.is_published).toBe(1);
      expect(row.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(Date.parse(row.published_at)).toBeLessThanOrEqual(Date.now());
    }
  });

  it("plans adult, junior and kids classes within the opening hours, never on Sunday", async () => {
    const rows = await getDb()
      .selectFrom("schedule_activities")
      .select(["title", "category", "day", "start_time", "end_time"])
      .execute();
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((row) => row.category))).toEqual(new Set(["adult", "junior", "kids"]));
    for (const row of rows) {
      const label = `${row.title} (${row.day} ${row.start_time}-${row.end_time})`;
      expect(row.day, label).not.toBe("Dimanche");
      const index = weekdayIndex(row.day);
      expect(index, label).toBeGreaterThanOrEqual(0);
      const key = WEEKDAY_KEYS[index]!;
      const [open, close] = range(SETTINGS_DEFAULTS.hours[key]);
      const start = toMinutes(row.start_time);
      const end = toMinutes(row.end_time);
      expect(start, label).not.toBeNull();
      expect(end, label).not.toBeNull();
      expect(start!, label).toBeLessThan(end!);
      expect(start!, label).toBeGreaterThanOrEqual(open);
      expect(end!, label).toBeLessThanOrEqual(close);
    }
  });

  it("stores every referenced image on disk, with avif and webp variants", async () => {
    const db = getDb();
    const disciplines = await db.selectFrom("disciplines").select("image").execute();
    const formats = await db.selectFrom("training_formats").select("image").execute();
    const posts = await db.selectFrom("blog_posts").select("image_url").execute();
    const activities = await db.selectFrom("schedule_activities").select("images").execute();
    const content = await db.selectFrom("site_content").select("content").execute();
    const urls = [
      ...disciplines.map((row) => row.image),
      ...formats.map((row) => row.image),
      ...posts.map((row) => row.image_url),
      ...activities.flatMap((row) => JSON.parse(row.images) as string[]),
      ...content.flatMap((row) => {
        const block = JSON.parse(row.content) as Record<string, unknown>;
        return [block.backgroundImage, block.image].filter(
          (value): value is string => typeof value === "string" && value !== "",
        );
      }),
    ];
    // 6 disciplines + 3 formats + 3 posts + one banner per activity + hero and about.
    expect(urls.length).toBe(6 + 3 + 3 + activities.length + 2);

    for (const url of new Set(urls)) {
      expect(fs.existsSync(fileOf(url)), url).toBe(true);
      const variants = await db
        .selectFrom("image_variants")
        .select(["url", "format", "width", "height"])
        .where("source_url", "=", url)
        .execute();
      expect(new Set(variants.map((v) => v.format)), url).toEqual(new Set(["avif", "webp"]));
      for (const variant of variants) {
        expect(fs.existsSync(fileOf(variant.url)), variant.url).toBe(true);
        expect(variant.width).toBeGreaterThan(0);
        expect(variant.height).toBeGreaterThan(0);
      }
    }
  });
});

describe("seedDatabase: later starts", () => {
  it(
    "changes no row count when run a second time",
    async () => {
      await freshSeed();
      const before = await rowCounts();
      expect(before.disciplines).toBe(6);
      await seed();
      expect(await rowCounts()).toEqual(before);
    },
    TIMEOUT,
  );

  it(
    "keeps the admin's edits and never re-creates a list the admin emptied",
    async () => {
      await freshSeed();
      const db = getDb();
      const first = await db
        .selectFrom("disciplines")
        .select("id")
        .orderBy("order_index")
        .executeTakeFirstOrThrow();
      await db
        .updateTable("disciplines")
        .set({ title: "Boxe modifiée par l'admin" })
        .where("id", "=", first.id)
        .execute();
      await db.deleteFrom("schedule_activities").execute();

      await seed();

      const edited = await db
        .selectFrom("disciplines")
        .select("title")
        .where("id", "=", first.id)
        .executeTakeFirstOrThrow();
      expect(edited.title).toBe("Boxe modifiée par l'admin");
      expect(await countRows("disciplines")).toBe(6);
      expect(await countRows("schedule_activities")).toBe(0);
    },
    TIMEOUT,
  );

  it(
    "seeds a list again when its marker was never committed (start killed half-way)",
    async () => {
      await freshSeed();
      const db = getDb();
      await db.deleteFrom("app_meta").where("key", "=", "seed:posts").execute();
      await db.deleteFrom("blog_posts").execute();

      await seed();

      const posts = await db.selectFrom("blog_posts").select("is_published").execute();
      expect(posts).toHaveLength(3);
      expect(posts.every((post) => post.is_published === 1)).toBe(true);
      const marker = await db
        .selectFrom("app_meta")
        .select("key")
        .where("key", "=", "seed:posts")
        .execute();
      expect(marker).toHaveLength(1);
      expect(await countRows("disciplines")).toBe(6);
    },
    TIMEOUT,
  );

  it(
    "writes a list and its marker in one transaction: a failure part-way leaves neither",
    async () => {
      await freshSeed();
      const db = getDb();
      await db.deleteFrom("app_meta").where("key", "=", "seed:posts").execute();
      await db.deleteFrom("blog_posts").execute();
      // The second seeded post's slug is taken: its INSERT fails after the first one's.
      const stamp = new Date().toISOString();
      await db
        .insertInto("blog_posts")
        .values({
          slug: slugify(seedPosts(new Date())[1]!.title),
          title: "Article de l'admin",
          published_at: stamp,
          created_at: stamp,
          updated_at: stamp,
        })
        .execute();

      await expect(seed()).rejects.toThrow();

      const titles = await db.selectFrom("blog_posts").select("title").execute();
      expect(titles).toEqual([{ title: "Article de l'admin" }]);
      const marker = await db
        .selectFrom("app_meta")
        .select("key")
        .where("key", "=", "seed:posts")
        .execute();
      expect(marker).toEqual([]);

      await db.deleteFrom("blog_posts").execute();
      await seed();
      expect(await countRows("blog_posts")).toBe(3);
    },
    TIMEOUT,
  );
});
