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
  if (wanted.length === 0) return {};
  const rows = await getDb()
    .selectFrom("image_variants")
    .select(["source_url", "url", "format", "width", "height"])
    .where("source_url", "in", wanted)
    .orderBy("width")
    .execute();
  const map: VariantMap = {};
  for (const row of rows) {
    (map[row.source_url] ??= []).push({
      url: row.url,
      format: row.format as ImageVariant["format"],
      width: row.width,
      height: row.height,
    });
  }
  return map;
}
