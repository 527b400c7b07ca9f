import type { Kysely, Selectable } from "kysely";
import { getDb } from "~/db/client.server";
import type { Database, MediaItemsTable } from "~/db/schema";
import { checkKey, getFileStore } from "~/storage/file-store.server";
import { parseUploadUrl } from "~/storage/paths.server";
import { deleteStoredFile, removeFileIfUnused } from "~/domains/content/upload-removal.server";
import { UPLOAD_MESSAGES } from "~/storage/rules";
import { getFileUsage } from "./file-usage.server";
import { parseJson } from "~/core/json";
import { saveSettings } from "./settings.server";
import { assertSaved, nextStamp, NotFoundError } from "../../utils/stale.server";

/*
 * The media library of the back office (spec §2 "Media"): media_items rows, the site's
 * logo and the home video (site_settings logo and home_video). Whether an item is in use
 * is computed from every reference on the site (getFileUsage), never stored.
 */

export type MediaItem = Selectable<MediaItemsTable>;
/** Where an image is used: the first places, and how many there are in all. */
export interface Usage {
  used_in: string[];
  used_count: number;
}

export type MediaLibraryItem = MediaItem & Usage & { in_use: boolean };

/** An image the site shows that is not a media item (uploaded in Disciplines, Blog…). */
export interface SiteImage extends Usage {
  url: string;
}

/** A placeholder shown by a thousand articles lists a few of them, not a thousand. */
const PLACES_SHOWN = 3;

export function usageOf(places: string[] = []): Usage {
  return { used_in: places.slice(0, PLACES_SHOWN), used_count: places.length };
}

export const IMAGE_PATH = /\.(avif|webp|jpe?g|png|gif)$/i;

export const MEDIA_IN_USE_MESSAGE =
  "Ce média est utilisé sur le site : il ne peut pas être supprimé";

/** Deleting a media that the site still shows. */
export class MediaInUseError extends Error {
  constructor() {
    super(MEDIA_IN_USE_MESSAGE);
    this.name = "MediaInUseError";
  }
}

/** A file URL handed back by the upload route that is not one of ours, or not of this kind. */
export class InvalidUploadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "InvalidUploadError";
  }
}

export const MEDIA_COLUMNS = [
  "id",
  "title",
  "url",
  "type",
  "storage_path",
  "created_at",
  "updated_at",
] as const;

/** Every media item, newest first (spec §7). */
export async function getMediaItems(db: Kysely<Database> = getDb()): Promise<MediaItem[]> {
  return db
    .selectFrom("media_items")
    .select(MEDIA_COLUMNS)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
}

export async function getMediaItem({ id }: { id: number }): Promise<MediaItem | null> {
  const row = await getDb()
    .selectFrom("media_items")
    .select(MEDIA_COLUMNS)
    .where("id", "=", id)
    .executeTakeFirst();
  return row ?? null;
}

export async function addMediaItem({
  title,
  url,
  storagePath = null,
  type = "image",
  db = getDb(),
}: {
  title: string;
  url: string;
  storagePath?: string | null;
  type?: string;
  db?: Kysely<Database>;
}): Promise<MediaItem> {
  const stamp = nextStamp();
  return db
    .insertInto("media_items")
    .values({ title, url, type, storage_path: storagePath, created_at: stamp, updated_at: stamp })
    .returning(MEDIA_COLUMNS)
    .executeTakeFirstOrThrow();
}

/**
 * Deletes a media item that nothing on the site uses, then its stored file and variants
 * (unless another item points at the same file). Throws MediaInUseError for an item in
 * use and NotFoundError for an unknown one.
 */
export async function deleteMediaItem({ id }: { id: number }): Promise<MediaItem> {
  const { item, shared } = await deleteMediaItemRow({ id });
  // Files go after the commit: a removed file cannot be rolled back.
  if (!shared) await deleteStoredFile({ url: item.url });
  return item;
}

/**
 * deleteMediaItem's database part, for a caller that commits more with it (the journal's
 * row) before the file goes. `shared`: another item points at the same file.
 */
export async function deleteMediaItemRow({
  id,
}: {
  id: number;
}): Promise<{ item: MediaItem; shared: boolean }> {
  const db = getDb();
  const item = await getMediaItem({ id });
  if (!item) throw new NotFoundError("Média");
  if ((await getFileUsage()).has(item.url.trim())) throw new MediaInUseError();
  const shared = await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("media_items").where("id", "=", id).execute();
    const others = await trx
      .selectFrom("media_items")
      .select("id")
      .where("url", "=", item.url)
      .executeTakeFirst();
    return others !== undefined;
  });
  return { item, shared };
}

const IMAGE_EXTENSIONS = ["jpg", "jpeg", "png", "webp", "avif"];
const VIDEO_EXTENSIONS = ["mp4", "webm", "ogv"];

/**
 * Checks that a URL sent back by the upload route is a file of ours, in site-images, of
 * the expected kind, still in the file store. Returns its storage path (read from the URL, never
 * taken from the form).
 */
export async function checkOwnUpload({
  url,
  kind,
}: {
  url: string;
  kind: "image" | "video";
}): Promise<{ url: string; storagePath: string }> {
  const message = kind === "image" ? UPLOAD_MESSAGES.notImage : UPLOAD_MESSAGES.notVideo;
  const target = parseUploadUrl(url);
  if (!target || target.bucket !== "site-images") throw new InvalidUploadError(message);
  const ext = target.storagePath.split(".").pop()?.toLowerCase() ?? "";
  if (!(kind === "image" ? IMAGE_EXTENSIONS : VIDEO_EXTENSIONS).includes(ext)) {
    throw new InvalidUploadError(message);
  }
  let key: string;
  try {
    key = checkKey(`${target.bucket}/${target.storagePath}`);
  } catch {
    throw new InvalidUploadError(message);
  }
  if (!(await (await getFileStore()).exists(key))) {
    throw new InvalidUploadError(UPLOAD_MESSAGES.failed);
  }
  return { url: url.trim(), storagePath: target.storagePath };
}

/** A file just stored for a site setting, its title, and the setting's updated_at as loaded. */
interface PlacedSiteFile {
  url: string;
  storagePath: string;
  title: string;
  loadedAt: string | null;
}

/**
 * The new logo (spec §2: public header and footer), and its media item so it shows in
 * the library, in one transaction. `loadedAt`: the logo settings' updated_at as loaded.
 */
export async function setLogo({
  url,
  storagePath,
  title,
  loadedAt,
}: PlacedSiteFile): Promise<void> {
  await getDb()
    .transaction()
    .execute(async (trx) => {
      await saveSettings({ category: "logo", settings: { url }, loadedAt, db: trx });
      const known = await trx
        .selectFrom("media_items")
        .select("id")
        .where("url", "=", url)
        .executeTakeFirst();
      if (!known) await addMediaItem({ title, url, storagePath, db: trx });
    });
}

/**
 * The new home video (spec §3 home_video). The previous video file is deleted once the
 * new one is saved, unless something else on the site still points at it.
 * Returns whether an old video was deleted.
 */
export async function setHomeVideo(file: PlacedSiteFile): Promise<{ oldDeleted: boolean }> {
  return removeOldHomeVideo(await placeHomeVideo(file));
}

/** setHomeVideo's database part: the new video saved; returns the previous one's URL. */
export async function placeHomeVideo({
  url,
  storagePath,
  title,
  loadedAt,
}: PlacedSiteFile): Promise<{ url: string; oldUrl: string }> {
  const oldUrl = await getDb()
    .transaction()
    .execute(async (trx) => {
      const previous = await readSettingsRow(trx, "home_video");
      await saveSettings({
        category: "home_video",
        settings: { url, title, storage_path: storagePath },
        loadedAt,
        db: trx,
      });
      return typeof previous.url === "string" ? previous.url.trim() : "";
    });
  return { url, oldUrl };
}

/** setHomeVideo's file part, after the commit: the previous video goes unless still used. */
export async function removeOldHomeVideo({
  url,
  oldUrl,
}: {
  url: string;
  oldUrl: string;
}): Promise<{ oldDeleted: boolean }> {
  if (!oldUrl || oldUrl === url) return { oldDeleted: false };
  return { oldDeleted: await removeFileIfUnused({ url: oldUrl, bucket: "site-images" }) };
}

export interface MediaChanges {
  /** New logo URL ("" removes the logo), with the logo settings' updated_at as loaded. */
  logo?: { url: string; loadedAt: string | null };
  /** New title of the home video. */
  videoTitle?: { title: string; loadedAt: string | null };
  /** New titles of media items, each with its updated_at as loaded. */
  titles?: { id: number; title: string; loadedAt: string }[];
}

/**
 * The Media screen's global save: every pending change in one transaction, each checked
 * against the version it was made on (StaleSaveError: nothing is saved).
 */
export async function saveMediaChanges(changes: MediaChanges): Promise<void> {
  await getDb()
    .transaction()
    .execute(async (trx) => {
      if (changes.logo) {
        await saveSettings({
          category: "logo",
          settings: { url: changes.logo.url },
          loadedAt: changes.logo.loadedAt,
          db: trx,
        });
      }
      if (changes.videoTitle) {
        const current = await readSettingsRow(trx, "home_video");
        await saveSettings({
          category: "home_video",
          settings: {
            url: typeof current.url === "string" ? current.url : "",
            storage_path: typeof current.storage_path === "string" ? current.storage_path : "",
            title: changes.videoTitle.title,
          },
          loadedAt: changes.videoTitle.loadedAt,
          db: trx,
        });
      }
      for (const change of changes.titles ?? []) {
        const result = await trx
          .updateTable("media_items")
          .set({ title: change.title, updated_at: nextStamp(change.loadedAt) })
          .where("id", "=", change.id)
          .where("updated_at", "=", change.loadedAt)
          .executeTakeFirst();
        await assertSaved(trx, { table: "media_items", id: change.id, result, what: "Média" });
      }
    });
}

/** The stored settings object of one category, as stored (no defaults). */
async function readSettingsRow(
  db: Kysely<Database>,
  category: string,
): Promise<Record<string, unknown>> {
  const row = await db
    .selectFrom("site_settings")
    .select("settings")
    .where("category", "=", category)
    .executeTakeFirst();
  const value = parseJson<unknown>(row?.settings, {});
  return value && typeof value === "object" && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}
