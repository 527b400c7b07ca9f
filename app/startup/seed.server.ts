import type { Transaction } from "kysely";
import { DEFAULT_MENU, SETTINGS_CATEGORIES, SETTINGS_DEFAULTS } from "~/domains/content/defaults";
import { SEED_DISCIPLINES, SEED_TRAINING_FORMATS, seedPosts } from "~/domains/content/seed-data";
import { SEED_ACTIVITIES } from "~/domains/schedule/seed-schedule";
import { slugify } from "~/core/slug";
import { parisToday } from "~/core/club-time";
import { seedMembership } from "~/domains/membership/season.server";
import { seedPrices } from "~/domains/content/price.server";
import { seedMainPages } from "~/domains/content/site-page.server";
import { getFileStore } from "~/storage/file-store.server";
import { UPLOADS_URL_PREFIX } from "~/storage/paths.server";
import { placeholderLogoPng } from "~/storage/placeholder.server";
import { recordVariants } from "~/storage/variants.server";
import type { DB } from "../db/client.server";
import type { Database } from "../db/schema";
import {
  legacyPicturesInUse,
  removeUnusedLegacyFiles,
  replaceLegacyPictures,
  SEED_PICTURES,
  seedImage,
  seedImages,
  putIfAbsent,
  type SeedImage,
} from "./seed-images.server";

/*
 * First-start content. Each list is seeded once, ever: its rows and its marker in
 * app_meta are written in one transaction, so a start killed half-way seeds it again
 * next time, and a list the admin emptied or edited is never touched again.
 */

type Trx = Transaction<Database>;

async function isSeeded(db: DB, key: string): Promise<boolean> {
  const row = await db
    .selectFrom("app_meta")
    .select("key")
    .where("key", "=", key)
    .executeTakeFirst();
  return row !== undefined;
}

/** True when this call wrote the list (false: seeded before, or by another server). */
async function seedOnce(
  db: DB,
  name: string,
  prepare: () => Promise<(trx: Trx) => Promise<void>>,
): Promise<boolean> {
  const key = `seed:${name}`;
  if (await isSeeded(db, key)) return false;
  const write = await prepare();
  try {
    await db.transaction().execute(async (trx) => {
      await write(trx);
      await trx.insertInto("app_meta").values({ key, value: new Date().toISOString() }).execute();
    });
    return true;
  } catch (error) {
    // Another server seeding the same PostgreSQL database at the same moment wins the marker.
    if (!(await isSeeded(db, key))) throw error;
    return false;
  }
}

async function withVariants(trx: Trx, image: SeedImage): Promise<string> {
  await recordVariants(trx, image.url, image.variants);
  return image.url;
}

const LOGO_KEY = "site-images/seed-logo.png";

export async function seedDatabase(db: DB, { dataDir }: { dataDir: string }): Promise<void> {
  const stamp = new Date().toISOString();

  await seedOnce(db, "settings", async () => {
    const store = await getFileStore(dataDir);
    if (!(await store.exists(LOGO_KEY))) {
      await putIfAbsent(store, LOGO_KEY, { data: await placeholderLogoPng() });
    }
    const logoUrl = `${UPLOADS_URL_PREFIX}/site-images/seed-logo.png`;
    return async (trx) => {
      for (const category of SETTINGS_CATEGORIES) {
        const settings = category === "logo" ? { url: logoUrl } : SETTINGS_DEFAULTS[category];
        await trx
          .insertInto("site_settings")
          .values({ category, settings: JSON.stringify(settings), updated_at: stamp })
          .onConflict((oc) => oc.column("category").doNothing())
          .execute();
      }
    };
  });

  await seedOnce(db, "menu", async () => async (trx) => {
    await trx
      .insertInto("menu_items")
      .values(
        DEFAULT_MENU.map((item, order_index) => ({ ...item, order_index, updated_at: stamp })),
      )
      .execute();
  });

  await seedOnce(db, "content-images", async () => {
    const hero = await seedImage(dataDir, SEED_PICTURES.hero);
    const about = await seedImage(dataDir, SEED_PICTURES.about);
    return async (trx) => {
      const blocks = [
        {
          category: "hero",
          section: "main",
          content: { backgroundImage: await withVariants(trx, hero) },
        },
        { category: "about", section: "main", content: { image: await withVariants(trx, about) } },
      ];
      for (const block of blocks) {
        await trx
          .insertInto("site_content")
          .values({ ...block, content: JSON.stringify(block.content), updated_at: stamp })
          .onConflict((oc) => oc.columns(["category", "section"]).doNothing())
          .execute();
      }
    };
  });

  await seedOnce(db, "disciplines", async () => {
    const images = await seedImages(dataDir, SEED_PICTURES.disciplines);
    return async (trx) => {
      for (const [order_index, d] of SEED_DISCIPLINES.entries()) {
        await trx
          .insertInto("disciplines")
          .values({
            title: d.title,
            subtitle: d.subtitle,
            description: d.description,
            details: JSON.stringify(d.details),
            conclusion: d.conclusion,
            color: d.color,
            image: await withVariants(trx, images[order_index]!),
            order_index,
            created_at: stamp,
            updated_at: stamp,
          })
          .execute();
      }
    };
  });

  await seedOnce(db, "training-formats", async () => {
    const images = await seedImages(dataDir, SEED_PICTURES.formats);
    return async (trx) => {
      for (const [order_index, f] of SEED_TRAINING_FORMATS.entries()) {
        await trx
          .insertInto("training_formats")
          .values({
            title: f.title,
            subtitle: f.subtitle,
            description: f.description,
            details: JSON.stringify(f.details),
            conclusion: f.conclusion,
            icon_name: f.iconName,
            color: f.color,
            image: await withVariants(trx, images[order_index]!),
            order_index,
            created_at: stamp,
            updated_at: stamp,
          })
          .execute();
      }
    };
  });

  await seedOnce(db, "schedule", async () => {
    const categories = ["adult", "junior", "kids"] as const;
    const banners = await seedImages(
      dataDir,
      categories.map((category) => SEED_PICTURES.activities[category]),
    );
    return async (trx) => {
      const bannerUrls = new Map<string, string>();
      for (const [i, category] of categories.entries()) {
        bannerUrls.set(category, await withVariants(trx, banners[i]!));
      }
      await trx
        .insertInto("schedule_activities")
        .values(
          SEED_ACTIVITIES.map((a) => ({
            title: a.title,
            category: a.category,
            day: a.day,
            start_time: a.startTime,
            end_time: a.endTime,
            color: a.color,
            description: a.description,
            age_range: a.ageRange,
            long_description: a.longDescription,
            images: JSON.stringify([bannerUrls.get(a.category)]),
            trial_enabled: a.trial ? 1 : 0,
            trial_min_age: a.trial?.minAge ?? 0,
            created_at: stamp,
            updated_at: stamp,
          })),
        )
        .execute();
    };
  });

  // Records of the built-in pages for the admin's Pages list (never served as site pages).
  await seedOnce(db, "site-pages", async () => async (trx) => seedMainPages(trx, stamp));

  // Example amounts the club must check (app/domains/content/seed-prices.ts).
  await seedOnce(db, "prices", async () => async (trx) => seedPrices(trx, stamp));

  // The running season with example tariffs (app/domains/membership/seed-membership.ts).
  await seedOnce(
    db,
    "membership",
    async () => async (trx) => seedMembership(trx, parisToday(), stamp),
  );

  await seedOnce(db, "posts", async () => {
    const posts = seedPosts(new Date());
    const images = await seedImages(dataDir, SEED_PICTURES.posts);
    return async (trx) => {
      for (const [i, p] of posts.entries()) {
        await trx
          .insertInto("blog_posts")
          .values({
            slug: slugify(p.title),
            title: p.title,
            subtitle: p.subtitle,
            excerpt: p.excerpt,
            content: p.content,
            image_url: await withVariants(trx, images[i]!),
            category: p.category,
            author: p.author,
            published_at: p.publishedAt,
            is_published: 1,
            is_featured: p.isFeatured ? 1 : 0,
            created_at: stamp,
            updated_at: stamp,
          })
          .execute();
      }
    };
  });

  // Installs seeded before the illustrations still show the first seeds' abstract pictures:
  // each slot that still holds its own gets its illustration (under a new name: a file
  // is never overwritten), then the old files nothing uses are removed.
  const replaced = await seedOnce(db, "illustrations-v2", async () => {
    const legacy = await legacyPicturesInUse(db);
    const images = new Map<string, SeedImage>();
    for (const picture of legacy) images.set(picture.legacyUrl, await seedImage(dataDir, picture));
    return (trx) => replaceLegacyPictures(trx, images, stamp);
  });
  if (replaced) await removeUnusedLegacyFiles(db, dataDir);
}
