import { getDb } from "~/db/client.server";
import type { ImageVariant } from "~/storage/images.server";

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
