import fs from "node:fs";
import path from "node:path";
import type { Transaction } from "kysely";
import {
  DEFAULT_MENU,
  SETTINGS_CATEGORIES,
  SETTINGS_DEFAULTS,
  type StorageBucket,
} from "~/content/defaults";
import { SEED_DISCIPLINES, SEED_TRAINING_FORMATS, seedPosts } from "~/content/seed-data";
import { SEED_ACTIVITIES } from "~/content/seed-schedule";
import { slugify } from "~/content/slug";
import { seedMainPages } from "~/models/site-page.server";
import { UPLOADS_URL_PREFIX, uploadsRoot } from "~/storage/paths.server";
import { placeholderJpeg, placeholderLogoPng } from "~/storage/placeholder.server";
import { encodeVariants, recordVariants, type ImageVariant } from "~/storage/variants.server";
import type { DB } from "./client.server";
import type { Database } from "./schema";

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

async function seedOnce(
  db: DB,
  name: string,
  prepare: () => Promise<(trx: Trx) => Promise<void>>,
): Promise<void> {
  const key = `seed:${name}`;
  if (await isSeeded(db, key)) return;
  const write = await prepare();
  try {
    await db.transaction().execute(async (trx) => {
      await write(trx);
      await trx.insertInto("app_meta").values({ key, value: new Date().toISOString() }).execute();
    });
  } catch (error) {
    // Another server seeding the same PostgreSQL database at the same moment wins the marker.
    if (!(await isSeeded(db, key))) throw error;
  }
}

interface SeedImage {
  url: string;
  variants: ImageVariant[];
}

/** A generated picture at a fixed name; written again only when missing. */
async function seedImage(
  dataDir: string,
  bucket: StorageBucket,
  name: string,
  variant: number,
): Promise<SeedImage> {
  const dir = path.join(uploadsRoot(dataDir), bucket);
  const urlBase = `${UPLOADS_URL_PREFIX}/${bucket}/seed-${name}`;
  const original = path.join(dir, `seed-${name}.jpg`);
  const input = fs.existsSync(original)
    ? await fs.promises.readFile(original)
    : await placeholderJpeg({ variant });
  if (!fs.existsSync(original)) await writeAtomic(original, input);
  const variants = await encodeVariants({
    input,
    absoluteBase: path.join(dir, `seed-${name}`),
    urlBase,
  });
  return { url: `${urlBase}.jpg`, variants };
}

async function withVariants(trx: Trx, image: SeedImage): Promise<string> {
  await recordVariants(trx, image.url, image.variants);
  return image.url;
}

export async function seedDatabase(db: DB, { dataDir }: { dataDir: string }): Promise<void> {
  const stamp = new Date().toISOString();

  await seedOnce(db, "settings", async () => {
    const logoFile = path.join(uploadsRoot(dataDir), "site-images", "seed-logo.png");
    if (!fs.existsSync(logoFile)) await writeAtomic(logoFile, await placeholderLogoPng());
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
    const hero = await seedImage(dataDir, "site-images", "hero", 0);
    const about = await seedImage(dataDir, "site-images", "about", 2);
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
    const images = await Promise.all(
      SEED_DISCIPLINES.map((_, i) => seedImage(dataDir, "disciplines", `discipline-${i + 1}`, i)),
    );
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
    const images = await Promise.all(
      SEED_TRAINING_FORMATS.map((_, i) =>
        seedImage(dataDir, "training-formats", `format-${i + 1}`, i + 3),
      ),
    );
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
    const banners = await Promise.all(
      categories.map((category, i) =>
        seedImage(dataDir, "schedule-activities", `activity-${category}`, i + 1),
      ),
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

  await seedOnce(db, "posts", async () => {
    const posts = seedPosts(new Date());
    const images = await Promise.all(
      posts.map((_, i) => seedImage(dataDir, "site-images", `post-${i + 1}`, i + 4)),
    );
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
}

/** Writes a file through a temporary name, so a crash never leaves half a file under the real one. */
async function writeAtomic(file: string, data: Buffer): Promise<void> {
  await fs.promises.mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  await fs.promises.writeFile(temporary, data);
  await fs.promises.rename(temporary, file);
}
