import { sql, type SelectQueryBuilder } from "kysely";
import { MEDIA_PICKER_PER_PAGE, type PickableFormat } from "~/domains/content/media-picker-schema";
import type { MediaUsage } from "~/domains/content/media-schema";
import { getDb } from "~/db/client.server";
import type { Database } from "~/db/schema";
import { pageOf, whereSearch } from "../../utils/list-page.server";
import {
  IMAGE_PATH,
  MEDIA_COLUMNS,
  usageOf,
  type MediaLibraryItem,
  type SiteImage,
} from "./media.server";

/*
 * The pages of Médias > Images du site (the back office's one list pattern,
 * list-page.server.ts): the library's items, and the site's other images. Whether an item
 * is used comes from the scan of the site's references (file-usage.server.ts), given.
 */

/** The library's page: 24 cards fill rows of 2, 3 and 4 columns. */
export const MEDIA_PER_PAGE = 24;

/**
 * One page of the media library, newest first, searched by title or address and filtered
 * by use, each item with whether and where the site uses it right now; with the counts of
 * used and unused items under the search.
 */
export async function listMediaLibrary({
  page,
  search = "",
  usage = null,
  places,
}: {
  page: number;
  search?: string;
  usage?: MediaUsage | null;
  places: Map<string, string[]>;
}) {
  const db = getDb();
  const used = [...places.keys()];
  const searched = whereSearch(db.selectFrom("media_items"), ["title", "url"], search);
  const usedOnly = used.length ? searched.where("url", "in", used) : searched.where(sql.lit(false));
  const filtered =
    usage === "utilisees"
      ? usedOnly
      : usage === "inutilisees" && used.length
        ? searched.where("url", "not in", used)
        : searched;
  const [list, all, inUse] = await Promise.all([
    pageOf(filtered.select(MEDIA_COLUMNS).orderBy("created_at", "desc").orderBy("id", "desc"), {
      page,
      perPage: MEDIA_PER_PAGE,
    }),
    countRows(searched),
    countRows(usedOnly),
  ]);
  return {
    ...list,
    rows: list.rows.map((item): MediaLibraryItem => {
      const usedIn = places.get(item.url.trim());
      return { ...item, in_use: usedIn !== undefined, ...usageOf(usedIn) };
    }),
    counts: { all, utilisees: inUse, inutilisees: all - inUse },
  };
}

/**
 * One page of the library's images that an image field may take (the picker of the upload
 * fields), newest first, searched by title or address: files this site stored (an upload
 * path, never an external link) in one of `formats`, the extensions an upload of that
 * field would give.
 */
export async function listPickableImages({
  page,
  search = "",
  formats,
}: {
  page: number;
  search?: string;
  formats: readonly PickableFormat[];
}) {
  const extensions = formats.flatMap((format) => (format === "jpg" ? ["jpg", "jpeg"] : [format]));
  const query = whereSearch(getDb().selectFrom("media_items"), ["title", "url"], search)
    .where("type", "=", "image")
    .where("url", "like", "/uploads/%")
    .where((eb) =>
      extensions.length
        ? eb.or(extensions.map((ext) => eb(eb.fn("lower", [eb.ref("url")]), "like", `%.${ext}`)))
        : eb.lit(false),
    )
    .select(["id", "title", "url"])
    .orderBy("created_at", "desc")
    .orderBy("id", "desc");
  return pageOf(query, { page, perPage: MEDIA_PICKER_PER_PAGE });
}

async function countRows(query: SelectQueryBuilder<Database, "media_items", object>) {
  const row = await query.select((eb) => eb.fn.countAll().as("count")).executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * One page of the images the site uses that the library does not hold (those uploaded
 * from Disciplines, Formats, Blog, Planning or the content editor, and the built-in
 * ones), each with where it is used, by address.
 */
export async function listSiteImagesOutsideLibrary({
  places,
  page,
}: {
  places: Map<string, string[]>;
  page: number;
}): Promise<{ rows: SiteImage[]; total: number; page: number; pages: number }> {
  const images = [...places].filter(([url]) => IMAGE_PATH.test(url.split(/[?#]/)[0]!));
  const listed = images.length
    ? await getDb()
        .selectFrom("media_items")
        .select("url")
        .where(
          "url",
          "in",
          images.map(([url]) => url),
        )
        .execute()
    : [];
  const inLibrary = new Set(listed.map((row) => row.url.trim()));
  const outside = images
    .filter(([url]) => !inLibrary.has(url))
    .map(([url, usedIn]) => ({ url, ...usageOf(usedIn) }))
    .sort((a, b) => a.url.localeCompare(b.url));
  const pages = Math.max(1, Math.ceil(outside.length / MEDIA_PER_PAGE));
  const shown = Math.min(Math.max(page, 1), pages);
  return {
    rows: outside.slice((shown - 1) * MEDIA_PER_PAGE, shown * MEDIA_PER_PAGE),
    total: outside.length,
    page: shown,
    pages,
  };
}
