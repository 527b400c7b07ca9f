import sharp from "sharp";
import type { Kysely } from "kysely";
import { getDb } from "~/db/client.server";
import type { Database } from "~/db/schema";

/** Widths of the re-encoded variants; none wider than the original is made. */
export const VARIANT_WIDTHS = [480, 960, 1600] as const;
export const VARIANT_FORMATS = ["avif", "webp"] as const;
/** A variant's file name: "<original's stem>-<width>.<format>" (the stem is group 1). */
export const VARIANT_NAME = new RegExp(`^(.+)-\\d+\\.(?:${VARIANT_FORMATS.join("|")})$`);

export interface ImageVariant {
  url: string;
  format: (typeof VARIANT_FORMATS)[number];
  width: number;
  height: number;
}

/**
 * Writes WebP and AVIF variants of an image beside it (`<base>-<width>.<format>`), with
 * the metadata stripped (sharp drops EXIF unless asked to keep it).
 */
export async function encodeVariants({
  input,
  absoluteBase,
  urlBase,
}: {
  input: Buffer;
  /** Absolute path of the original without its extension. */
  absoluteBase: string;
  /** Public URL of the original without its extension. */
  urlBase: string;
}): Promise<ImageVariant[]> {
  const image = sharp(input, { failOn: "error" }).rotate();
  const metadata = await image.metadata();
  // EXIF orientations 5-8 are quarter turns: the displayed width is the stored height.
  const originalWidth = ((metadata.orientation ?? 1) >= 5 ? metadata.height : metadata.width) ?? 0;
  const widths: number[] = VARIANT_WIDTHS.filter((w) => w < originalWidth);
  if (widths.length < VARIANT_WIDTHS.length) widths.push(Math.min(originalWidth, 1600));
  const variants: ImageVariant[] = [];
  for (const width of [...new Set(widths)]) {
    for (const format of VARIANT_FORMATS) {
      const pipeline = image.clone().resize({ width, withoutEnlargement: true });
      const encoded =
        format === "avif"
          ? pipeline.avif({ quality: 50, effort: 2 })
          : pipeline.webp({ quality: 72 });
      const file = `${absoluteBase}-${width}.${format}`;
      const info = await encoded.toFile(file);
      variants.push({
        url: `${urlBase}-${width}.${format}`,
        format,
        width: info.width,
        height: info.height,
      });
    }
  }
  return variants;
}

export async function recordVariants(
  db: Kysely<Database>,
  sourceUrl: string,
  variants: ImageVariant[],
): Promise<void> {
  if (variants.length === 0) return;
  const created_at = new Date().toISOString();
  await db
    .insertInto("image_variants")
    .values(variants.map((v) => ({ source_url: sourceUrl, ...v, created_at })))
    .execute();
}

export type VariantMap = Record<string, ImageVariant[]>;

/** The re-encoded variants of the given image URLs, for srcset; unknown URLs are absent. */
export async function getImageVariants({
  urls,
}: {
  urls: (string | null | undefined)[];
}): Promise<VariantMap> {
  const wanted = [...new Set(urls.filter((url): url is string => Boolean(url)))];
  if (wanted.length === 0) return Object.create(null) as VariantMap;
  const rows = await getDb()
    .selectFrom("image_variants")
    .select(["source_url", "url", "format", "width", "height"])
    .where("source_url", "in", wanted)
    .orderBy("width")
    .execute();
  const bySource = new Map<string, ImageVariant[]>();
  for (const row of rows) {
    const list = bySource.get(row.source_url) ?? [];
    list.push({
      url: row.url,
      format: row.format as ImageVariant["format"],
      width: row.width,
      height: row.height,
    });
    bySource.set(row.source_url, list);
  }
  // NOTE: no prototype: pages read it with stored URLs as keys (variants[post.image_url]),
  // and "constructor" must read as absent. The router's serialisation keeps null prototypes.
  return Object.assign(Object.create(null) as VariantMap, Object.fromEntries(bySource));
}

/**
 * A list's thumbnail of each image: its smallest WebP variant (480 px, a few KB), else the
 * image itself. One URL per row, where a srcset would repeat six.
 */
export async function getThumbnails({
  urls,
}: {
  urls: (string | null | undefined)[];
}): Promise<Record<string, string>> {
  const variants = await getImageVariants({ urls });
  const thumbnails = Object.create(null) as Record<string, string>;
  for (const url of urls) {
    if (url) thumbnails[url] = variants[url]?.find((v) => v.format === "webp")?.url ?? url;
  }
  return thumbnails;
}
