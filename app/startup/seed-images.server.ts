import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { buffer } from "node:stream/consumers";
import { sql, type Kysely } from "kysely";
import type { StorageBucket } from "~/storage/buckets";
import { uploadKeeper, uploadPathOf } from "~/domains/content/file-usage.server";
import {
  getFileStore,
  isFileExists,
  type FileStore,
  type PutSource,
} from "~/storage/file-store.server";
import { UPLOADS_URL_PREFIX, uploadTempDir } from "~/storage/paths.server";
import { illustrationJpeg, type SceneName } from "~/storage/placeholder.server";
import { deleteStoredFile } from "~/domains/content/upload-removal.server";
import { encodeVariants, recordVariants, type ImageVariant } from "~/storage/variants.server";
import type { Database } from "../db/schema";

/*
 * The seed's pictures: which illustration goes where, the files they are written to, and
 * the one-time replacement of the abstract pictures the first seeds wrote (lens flares,
 * "seed-<slot>.jpg") on installs that still show them.
 */

export interface SeedPicture {
  bucket: StorageBucket;
  scene: SceneName;
  /** The file's name without extension: "seed-art-<scene>". */
  name: string;
  /** The URL the first seeds gave this slot. */
  legacyUrl: string;
}

const picture = (bucket: StorageBucket, scene: SceneName, legacy: string): SeedPicture => ({
  bucket,
  scene,
  name: `seed-art-${scene}`,
  legacyUrl: `${UPLOADS_URL_PREFIX}/${bucket}/seed-${legacy}.jpg`,
});

/** In the order of SEED_DISCIPLINES, SEED_TRAINING_FORMATS and SEED_POSTS. */
export const SEED_PICTURES = {
  hero: picture("site-images", "hero", "hero"),
  about: picture("site-images", "about", "about"),
  disciplines: (["loisir", "competition", "educative", "ados", "feminine", "cardio"] as const).map(
    (scene, i) => picture("disciplines", scene, `discipline-${i + 1}`),
  ),
  formats: (["collectif", "coaching", "sante"] as const).map((scene, i) =>
    picture("training-formats", scene, `format-${i + 1}`),
  ),
  activities: {
    adult: picture("schedule-activities", "activity-adult", "activity-adult"),
    junior: picture("schedule-activities", "activity-junior", "activity-junior"),
    kids: picture("schedule-activities", "activity-kids", "activity-kids"),
  },
  posts: (["post-stage", "post-interclubs", "post-rentree"] as const).map((scene, i) =>
    picture("site-images", scene, `post-${i + 1}`),
  ),
};

export const ALL_SEED_PICTURES: SeedPicture[] = [
  SEED_PICTURES.hero,
  SEED_PICTURES.about,
  ...SEED_PICTURES.disciplines,
  ...SEED_PICTURES.formats,
  ...Object.values(SEED_PICTURES.activities),
  ...SEED_PICTURES.posts,
];

export interface SeedImage {
  url: string;
  variants: ImageVariant[];
}

/*
 * The seed pictures the build drew and encoded (prepare-seed-pictures.server.ts) into the
 * folder the built server names in CLUB_PREPARED_PICTURES (server/index.ts; Vitest prepares
 * them once per run, tests/setup/seed-pictures.ts). Without it (development) the seed draws
 * and encodes them, to the same bytes.
 */
export const PREPARED_MANIFEST = "manifest.json";
/** Each prepared picture's variants, by "<bucket>/<name>"; a variant's file is named by its suffix. */
export type PreparedManifest = Record<
  string,
  { suffix: string; variant: Omit<ImageVariant, "url"> }[]
>;
export const preparedKey = (picture: SeedPicture) => `${picture.bucket}/${picture.name}`;

/** The picture as the build prepared it, or null (no prepared folder, or not whole). */
function preparedPicture(picture: SeedPicture) {
  const dir = process.env.CLUB_PREPARED_PICTURES;
  if (!dir) return null;
  let manifest: PreparedManifest;
  try {
    manifest = JSON.parse(fs.readFileSync(path.join(dir, PREPARED_MANIFEST), "utf8"));
  } catch {
    return null;
  }
  const base = path.join(dir, preparedKey(picture));
  const variants = (manifest[preparedKey(picture)] ?? []).map((entry) => ({
    ...entry,
    file: base + entry.suffix,
  }));
  const files = [`${base}.jpg`, ...variants.map((variant) => variant.file)];
  if (variants.length === 0 || !files.every((file) => fs.existsSync(file))) return null;
  return { jpeg: fs.readFileSync(`${base}.jpg`), variants };
}

/**
 * A seed picture in the file store with its WebP and AVIF variants. Only the files missing
 * are written (a start killed half-way writes the rest the next time); the original is
 * drawn only when missing, and the variants the build prepared are copied, not encoded
 * again (prepare-seed-pictures.server.ts).
 */
export async function seedImage(dataDir: string, picture: SeedPicture): Promise<SeedImage> {
  const store = await getFileStore(dataDir);
  const urlBase = `${UPLOADS_URL_PREFIX}/${picture.bucket}/${picture.name}`;
  const original = `${picture.bucket}/${picture.name}.jpg`;
  const prepared = preparedPicture(picture);
  const stored = await store.get(original);
  let input: Buffer;
  if (stored) {
    input = await buffer(stored.stream);
  } else {
    input = prepared?.jpeg ?? (await illustrationJpeg(picture.scene));
    await putIfAbsent(store, original, { data: input });
  }
  if (prepared?.jpeg.equals(input)) {
    for (const { file, suffix } of prepared.variants) {
      await putIfAbsent(store, `${picture.bucket}/${picture.name}${suffix}`, { path: file });
    }
    const variants = prepared.variants.map(({ suffix, variant }) => ({
      ...variant,
      url: urlBase + suffix,
    }));
    return { url: `${urlBase}.jpg`, variants };
  }
  const work = path.join(uploadTempDir(dataDir), randomUUID());
  await fs.promises.mkdir(work, { recursive: true });
  try {
    const variants = await encodeVariants({
      input,
      absoluteBase: path.join(work, picture.name),
      urlBase,
    });
    for (const variant of variants) {
      const name = variant.url.slice(variant.url.lastIndexOf("/") + 1);
      await putIfAbsent(store, `${picture.bucket}/${name}`, { path: path.join(work, name) });
    }
    return { url: `${urlBase}.jpg`, variants };
  } finally {
    await fs.promises.rm(work, { recursive: true, force: true });
  }
}

/** Seed pictures drawn one after the other: the first start stays light on memory. */
export async function seedImages(dataDir: string, pictures: SeedPicture[]): Promise<SeedImage[]> {
  const images: SeedImage[] = [];
  for (const picture of pictures) images.push(await seedImage(dataDir, picture));
  return images;
}

/** Stores a seed file unless its key exists already (the seed's names are fixed). */
export async function putIfAbsent(store: FileStore, key: string, source: PutSource): Promise<void> {
  try {
    await store.put(key, source);
  } catch (error) {
    if (!isFileExists(error)) throw error;
  }
}

type Db = Kysely<Database>;

/** The hero and about blocks' image keys, in site_content's JSON. */
const BLOCK_IMAGES = [
  { category: "hero", key: "backgroundImage", picture: SEED_PICTURES.hero },
  { category: "about", key: "image", picture: SEED_PICTURES.about },
] as const;

/** The main blocks of BLOCK_IMAGES' categories. */
function imageBlocks(db: Db) {
  return db
    .selectFrom("site_content")
    .select(["id", "category", "content"])
    .where("section", "=", "main")
    .where(
      "category",
      "in",
      BLOCK_IMAGES.map((b) => b.category),
    )
    .execute();
}

/** Seed pictures kept in one column of a table (checked against the schema). */
type PictureColumn = {
  [T in keyof Database]: {
    pictures: readonly SeedPicture[];
    table: T;
    column: keyof Database[T] & string;
  };
}[keyof Database];

/** The records with one image column: their table and that column. */
const RECORDS = [
  { pictures: SEED_PICTURES.disciplines, table: "disciplines", column: "image" },
  { pictures: SEED_PICTURES.formats, table: "training_formats", column: "image" },
  { pictures: SEED_PICTURES.posts, table: "blog_posts", column: "image_url" },
] as const satisfies readonly PictureColumn[];

type ImageRecord = (typeof RECORDS)[number];

/** The image URLs of every row of the record's table. */
async function readImages(db: Db, { table, column }: ImageRecord): Promise<string[]> {
  const image = sql.ref(column);
  const query = sql<{ url: string }>`select ${image} as url from ${sql.table(table)}`;
  return (await query.execute(db)).rows.map((row) => row.url);
}

/** Moves the record's image from one URL to another; returns how many rows it changed. */
async function moveImage(
  trx: Db,
  { table, column }: ImageRecord,
  { from, to, stamp }: { from: string; to: string; stamp: string },
): Promise<number> {
  const image = sql.ref(column);
  const result = await sql`update ${sql.table(table)} set ${image} = ${to}, updated_at = ${stamp}
    where ${image} = ${from}`.execute(trx);
  return Number(result.numAffectedRows ?? 0);
}

const ACTIVITY_PICTURES = Object.values(SEED_PICTURES.activities);

function parseObject(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === "object" && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

function parseList(text: string): unknown[] | null {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value : null;
  } catch {
    return null;
  }
}

/** The seed pictures whose first-seed file is still the value of its own slot somewhere. */
export async function legacyPicturesInUse(db: Db): Promise<SeedPicture[]> {
  const used = new Set<string>();
  const blocks = await imageBlocks(db);
  for (const block of blocks) {
    const spec = BLOCK_IMAGES.find((b) => b.category === block.category)!;
    if (parseObject(block.content)?.[spec.key] === spec.picture.legacyUrl) {
      used.add(spec.picture.legacyUrl);
    }
  }
  for (const record of RECORDS) {
    const legacy: string[] = record.pictures.map((p) => p.legacyUrl);
    for (const url of await readImages(db, record)) if (legacy.includes(url)) used.add(url);
  }
  const activities = await db.selectFrom("schedule_activities").select("images").execute();
  for (const row of activities) {
    for (const url of parseList(row.images) ?? []) {
      if (ACTIVITY_PICTURES.some((p) => p.legacyUrl === url)) used.add(url as string);
    }
  }
  return ALL_SEED_PICTURES.filter((p) => used.has(p.legacyUrl));
}

/**
 * Points every slot that still holds a first-seed picture at its illustration, in the
 * caller's transaction (the content triggers move the page cache's version). A value the
 * club chose, even another seed picture, is left alone: each write is conditioned on the
 * old value.
 */
export async function replaceLegacyPictures(
  trx: Db,
  images: Map<string, SeedImage>,
  stamp: string,
): Promise<void> {
  const recorded = new Set<string>();
  /** Records the variants of an illustration once it is used. */
  const used = async (image: SeedImage) => {
    if (recorded.has(image.url)) return;
    recorded.add(image.url);
    await trx.deleteFrom("image_variants").where("source_url", "=", image.url).execute();
    await recordVariants(trx, image.url, image.variants);
  };

  const blocks = await imageBlocks(trx);
  for (const block of blocks) {
    const spec = BLOCK_IMAGES.find((b) => b.category === block.category)!;
    const content = parseObject(block.content);
    const image = images.get(spec.picture.legacyUrl);
    if (!image || content?.[spec.key] !== spec.picture.legacyUrl) continue;
    await trx
      .updateTable("site_content")
      .set({ content: JSON.stringify({ ...content, [spec.key]: image.url }), updated_at: stamp })
      .where("id", "=", block.id)
      .execute();
    await used(image);
  }

  for (const record of RECORDS) {
    for (const { legacyUrl } of record.pictures) {
      const image = images.get(legacyUrl);
      if (!image) continue;
      const moved = await moveImage(trx, record, { from: legacyUrl, to: image.url, stamp });
      if (moved > 0) await used(image);
    }
  }

  const activities = await trx.selectFrom("schedule_activities").select(["id", "images"]).execute();
  for (const row of activities) {
    const list = parseList(row.images);
    if (!list) continue;
    let changed = false;
    const next: unknown[] = [];
    for (const url of list) {
      const picture = ACTIVITY_PICTURES.find((p) => p.legacyUrl === url);
      const image = picture && images.get(picture.legacyUrl);
      if (image) {
        await used(image);
        changed = true;
      }
      next.push(image ? image.url : url);
    }
    if (!changed) continue;
    await trx
      .updateTable("schedule_activities")
      .set({ images: JSON.stringify(next), updated_at: stamp })
      .where("id", "=", row.id)
      .execute();
  }
}

/**
 * Removes the first seeds' files that nothing uses any more (the upload sweep never
 * touches "seed-…" files). One still mentioned anywhere, or in the media library, stays.
 * Never throws: a file left behind is only untidy.
 */
export async function removeUnusedLegacyFiles(db: Db, dataDir: string): Promise<void> {
  try {
    const isKept = await uploadKeeper(db);
    for (const { legacyUrl } of ALL_SEED_PICTURES) {
      if (isKept(uploadPathOf(legacyUrl)!)) continue;
      await deleteStoredFile({ url: legacyUrl, db, dataDir });
    }
  } catch (error) {
    console.error("Anciennes images d'exemple non supprimées", error);
  }
}
