import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { SEED_DISCIPLINES, SEED_TRAINING_FORMATS, seedPosts } from "~/domains/content/seed-data";
import { getDb } from "~/db/client.server";
import { CONTENT_VERSION_KEY } from "~/db/migrations/002-content-version";
import { ALL_SEED_PICTURES, SEED_PICTURES } from "~/startup/seed-images.server";
import { seedDatabase } from "~/startup/seed.server";
import { SCENES } from "~/storage/illustrations/scenes.server";
import { isSeedIllustration } from "~/storage/rules";

// The seed copies the pictures prepared for the run (tests/setup/seed-pictures.ts), and
// draws and encodes those whose original differs.
const TIMEOUT = 180_000;
const MARKER = "seed:illustrations-v2";
const CLUB_DISCIPLINE = "/uploads/disciplines/1700000000000-notre-salle.jpg";
const CLUB_ABOUT = "/uploads/site-images/1700000000000-equipe.jpg";
const CLUB_PHOTO = "/uploads/schedule-activities/1700000000000-gala.jpg";

const dataDir = () => process.env.DATA_DIR!;
const seed = () => seedDatabase(getDb(), { dataDir: dataDir() });
const fileOf = (url: string) => path.join(dataDir(), ...url.split("/").filter(Boolean));

async function contentVersion(): Promise<string> {
  const row = await getDb()
    .selectFrom("app_meta")
    .select("value")
    .where("key", "=", CONTENT_VERSION_KEY)
    .executeTakeFirstOrThrow();
  return row.value;
}

async function block(category: string): Promise<Record<string, unknown>> {
  const row = await getDb()
    .selectFrom("site_content")
    .select("content")
    .where("category", "=", category)
    .where("section", "=", "main")
    .executeTakeFirstOrThrow();
  return JSON.parse(row.content) as Record<string, unknown>;
}

async function disciplineImages(): Promise<string[]> {
  const rows = await getDb()
    .selectFrom("disciplines")
    .select("image")
    .orderBy("order_index")
    .execute();
  return rows.map((row) => row.image);
}

/** A first seed's picture on disk, with one variant file and its image_variants row. */
async function writeLegacyFile(url: string): Promise<void> {
  const file = fileOf(url);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const jpeg = await sharp({
    create: { width: 16, height: 10, channels: 3, background: "#5ecfcb" },
  })
    .jpeg()
    .toBuffer();
  fs.writeFileSync(file, jpeg);
  const variantUrl = url.replace(/\.jpg$/, "-480.webp");
  fs.writeFileSync(fileOf(variantUrl), "webp");
  await getDb()
    .insertInto("image_variants")
    .values({
      source_url: url,
      url: variantUrl,
      format: "webp",
      width: 16,
      height: 10,
      created_at: new Date().toISOString(),
    })
    .execute();
}

/** Puts the database and the disk back as the first seeds left them, then lets the club edit. */
async function seededTheOldWay(): Promise<void> {
  const db = getDb();
  const stamp = new Date().toISOString();
  for (const picture of ALL_SEED_PICTURES) await writeLegacyFile(picture.legacyUrl);
  const disciplines = await db
    .selectFrom("disciplines")
    .select("id")
    .orderBy("order_index")
    .execute();
  for (const [i, row] of disciplines.entries()) {
    const image = i === 1 ? CLUB_DISCIPLINE : SEED_PICTURES.disciplines[i]!.legacyUrl;
    await db.updateTable("disciplines").set({ image }).where("id", "=", row.id).execute();
  }
  const formats = await db
    .selectFrom("training_formats")
    .select("id")
    .orderBy("order_index")
    .execute();
  for (const [i, row] of formats.entries()) {
    const image = SEED_PICTURES.formats[i]!.legacyUrl;
    await db.updateTable("training_formats").set({ image }).where("id", "=", row.id).execute();
  }
  const posts = await db.selectFrom("blog_posts").select("id").orderBy("id").execute();
  for (const [i, row] of posts.entries()) {
    await db
      .updateTable("blog_posts")
      .set({ image_url: SEED_PICTURES.posts[i]!.legacyUrl })
      .where("id", "=", row.id)
      .execute();
  }
  // The club wrote the second post's first picture into the first post's text.
  await db
    .updateTable("blog_posts")
    .set({ content: `Souvenir : ![Gala](${SEED_PICTURES.posts[1]!.legacyUrl})` })
    .where("id", "=", posts[0]!.id)
    .execute();
  const activities = await db
    .selectFrom("schedule_activities")
    .select(["id", "category"])
    .orderBy("id")
    .execute();
  for (const [i, row] of activities.entries()) {
    const legacy = SEED_PICTURES.activities[row.category as "adult"].legacyUrl;
    const images = i === 0 ? [legacy, CLUB_PHOTO] : [legacy];
    await db
      .updateTable("schedule_activities")
      .set({ images: JSON.stringify(images) })
      .where("id", "=", row.id)
      .execute();
  }
  const hero = { ...(await block("hero")), backgroundImage: SEED_PICTURES.hero.legacyUrl };
  await db
    .updateTable("site_content")
    .set({ content: JSON.stringify({ ...hero, title: "Boxe à Meyzieu" }), updated_at: stamp })
    .where("category", "=", "hero")
    .execute();
  await db
    .updateTable("site_content")
    .set({ content: JSON.stringify({ image: CLUB_ABOUT }), updated_at: stamp })
    .where("category", "=", "about")
    .execute();
  await db.deleteFrom("app_meta").where("key", "=", MARKER).execute();
}

describe("seed illustrations", () => {
  beforeAll(seed, TIMEOUT);

  it("gives every seeded slot an illustration of its own", () => {
    expect(SEED_PICTURES.disciplines).toHaveLength(SEED_DISCIPLINES.length);
    expect(SEED_PICTURES.formats).toHaveLength(SEED_TRAINING_FORMATS.length);
    expect(SEED_PICTURES.posts).toHaveLength(seedPosts(new Date()).length);
    const scenes = ALL_SEED_PICTURES.map((p) => p.scene);
    expect(new Set(scenes).size).toBe(scenes.length);
    expect(new Set(Object.keys(SCENES))).toEqual(new Set(scenes));
  });

  it("draws pictures without text, with the set's one stroke weight", () => {
    for (const [name, draw] of Object.entries(SCENES)) {
      const svg = draw();
      expect(svg, name).not.toMatch(/<text|<image|href=/);
      expect(svg, name).toContain('stroke-width="9"');
      expect(svg, name).toMatch(/^<svg [^>]*viewBox="0 0 1600 1000"/);
    }
  });

  it("seeds a fresh install with the illustrations, marked as examples", async () => {
    const images = await disciplineImages();
    expect(images).toEqual(
      SEED_PICTURES.disciplines.map((p) => `/uploads/disciplines/${p.name}.jpg`),
    );
    expect((await block("hero")).backgroundImage).toBe("/uploads/site-images/seed-art-hero.jpg");
    for (const url of images) {
      expect(isSeedIllustration(url)).toBe(true);
      expect(fs.existsSync(fileOf(url)), url).toBe(true);
    }
    const marker = await getDb()
      .selectFrom("app_meta")
      .select("key")
      .where("key", "=", MARKER)
      .execute();
    expect(marker).toHaveLength(1);
  });

  it("keeps the home banner light on a phone: its 480 px variants under 60 KB", async () => {
    const variants = await getDb()
      .selectFrom("image_variants")
      .select(["url", "width"])
      .where("source_url", "=", "/uploads/site-images/seed-art-hero.jpg")
      .execute();
    expect(variants.map((v) => v.width).sort((a, b) => a - b)).toEqual([
      480, 480, 960, 960, 1600, 1600,
    ]);
    for (const variant of variants.filter((v) => v.width === 480)) {
      expect(fs.statSync(fileOf(variant.url)).size, variant.url).toBeLessThan(60 * 1024);
    }
  });

  it(
    "replaces the first seeds' pictures where they are still shown, never the club's",
    async () => {
      await seededTheOldWay();
      const before = await contentVersion();

      await seed();

      const images = await disciplineImages();
      expect(images[1]).toBe(CLUB_DISCIPLINE);
      for (const [i, url] of images.entries()) {
        if (i !== 1)
          expect(url).toBe(`/uploads/disciplines/${SEED_PICTURES.disciplines[i]!.name}.jpg`);
      }
      const formats = await getDb().selectFrom("training_formats").select("image").execute();
      expect(formats.every((row) => row.image.includes("/seed-art-"))).toBe(true);
      const posts = await getDb().selectFrom("blog_posts").select("image_url").execute();
      expect(posts.every((row) => row.image_url.includes("/seed-art-post-"))).toBe(true);
      const hero = await block("hero");
      expect(hero).toMatchObject({
        backgroundImage: "/uploads/site-images/seed-art-hero.jpg",
        title: "Boxe à Meyzieu",
      });
      expect(await block("about")).toEqual({ image: CLUB_ABOUT });
      const activities = await getDb()
        .selectFrom("schedule_activities")
        .select(["category", "images"])
        // PostgreSQL returns updated rows in no set order: the first by id holds the club's photo.
        .orderBy("id")
        .execute();
      const first = JSON.parse(activities[0]!.images) as string[];
      expect(first).toEqual([
        `/uploads/schedule-activities/seed-art-activity-${activities[0]!.category}.jpg`,
        CLUB_PHOTO,
      ]);
      for (const row of activities) {
        expect((JSON.parse(row.images) as string[])[0]).toContain("/seed-art-activity-");
      }
      // The page cache sees the change.
      expect(await contentVersion()).not.toBe(before);

      // The new pictures have their variants; the old files nothing shows are gone.
      const variants = await getDb()
        .selectFrom("image_variants")
        .select("source_url")
        .where("source_url", "=", "/uploads/site-images/seed-art-hero.jpg")
        .execute();
      expect(variants.length).toBeGreaterThan(0);
      expect(fs.existsSync(fileOf(SEED_PICTURES.hero.legacyUrl))).toBe(false);
      expect(fs.existsSync(fileOf(SEED_PICTURES.hero.legacyUrl.replace(".jpg", "-480.webp")))).toBe(
        false,
      );
      expect(fs.existsSync(fileOf(SEED_PICTURES.about.legacyUrl))).toBe(false);
      // Still in an article's text: kept.
      expect(fs.existsSync(fileOf(SEED_PICTURES.posts[1]!.legacyUrl))).toBe(true);
    },
    TIMEOUT,
  );

  it(
    "runs once: a first-seed picture the club puts back later stays",
    async () => {
      const legacy = SEED_PICTURES.disciplines[0]!.legacyUrl;
      const first = await getDb()
        .selectFrom("disciplines")
        .select("id")
        .orderBy("order_index")
        .executeTakeFirstOrThrow();
      await getDb()
        .updateTable("disciplines")
        .set({ image: legacy })
        .where("id", "=", first.id)
        .execute();

      await seed();

      expect((await disciplineImages())[0]).toBe(legacy);
    },
    TIMEOUT,
  );
});
