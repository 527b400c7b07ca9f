import fs from "node:fs";
import path from "node:path";
import type { Kysely } from "kysely";
import { STORAGE_BUCKETS, type StorageBucket } from "~/content/defaults";
import { getDb } from "~/db/client.server";
import type { Database } from "~/db/schema";
import { parseUploadUrl, UPLOADS_URL_PREFIX, uploadsRoot } from "~/storage/paths.server";
import { deleteStoredFile } from "~/storage/remove.server";
import { VARIANT_FORMATS } from "~/storage/variants.server";
import { getMediaUsage, uploadPathsIn } from "./media-usage.server";

/*
 * Uploaded files nothing uses any more. An upload (POST /admin/upload) is stored at once,
 * before the dialog or form that asked for it is saved; when that dialog is cancelled, or
 * a later save replaces the value, the file stays behind. Two ways out:
 * - removeFileIfUnused: an action that just dropped a URL removes its file at once;
 * - sweepOrphanUploads: at start and every few hours (startUploadSweeps), any upload old
 *   enough that no row of the site's data mentions is removed.
 * A file is kept whenever its path appears in any text of the site's data (settings,
 * content, menu, disciplines, formats, activities, articles, media library, forms,
 * pages), in any form: relative, absolute on any origin, with a query string, or through
 * one of its WebP/AVIF variants. Files in the media library are never removed.
 */

const HOUR = 60 * 60 * 1000;

/**
 * An unreferenced upload younger than this is kept: it may belong to a dialog still open
 * or to edits not saved yet (Contenu keeps them pending in the page).
 */
export const ORPHAN_UPLOAD_MIN_AGE_MS = 24 * HOUR;
export const ORPHAN_SWEEP_INTERVAL_MS = 6 * HOUR;

/** The names the upload pipeline gives: "<Date.now()>-<sanitised name>" (seeds are "seed-…"). */
const UPLOADED_NAME = /^(\d{12,})-[A-Za-z0-9._-]+$/;
/** A WebP/AVIF variant: "<original's stem>-<width>.<format>". */
const VARIANT_NAME = new RegExp(`^(.+)-\\d+\\.(?:${VARIANT_FORMATS.join("|")})$`);
const ORIGINAL_IMAGE_EXTENSIONS = ["jpg", "png", "webp", "avif"];

/** Tables whose rows may mention an upload, in any of their text columns. */
const REFERENCING_TABLES = [
  "site_settings",
  "site_content",
  "menu_items",
  "disciplines",
  "training_formats",
  "schedule_activities",
  "blog_posts",
  "media_items",
  "inscription_forms",
  "site_pages",
] as const satisfies readonly (keyof Database)[];

/**
 * Every upload path ("/uploads/<bucket>/<path>") that the site's data mentions, plus each
 * source image whose variant is mentioned. Throws when the database does not answer: the
 * callers then remove nothing.
 */
export async function getReferencedUploads(db: Kysely<Database> = getDb()): Promise<Set<string>> {
  const referenced = new Set<string>();
  const add = (text: string) => {
    for (const found of uploadPathsIn(text)) referenced.add(found);
  };
  for (const table of REFERENCING_TABLES) {
    const rows = (await db.selectFrom(table).selectAll().execute()) as Record<string, unknown>[];
    for (const row of rows) {
      for (const value of Object.values(row)) if (typeof value === "string") add(value);
    }
  }
  // The model's own reading (absolute URLs on PUBLIC_URL…): a subset today, kept in case
  // it learns a form the raw scan does not.
  for (const url of await getMediaUsage(db)) add(url);

  const variants = await db.selectFrom("image_variants").select(["source_url", "url"]).execute();
  for (const row of variants) {
    const variant = normalize(row.url);
    const source = normalize(row.source_url);
    if (variant && source && referenced.has(variant)) referenced.add(source);
  }
  return referenced;
}

function normalize(url: string): string | null {
  const target = parseUploadUrl(url);
  return target ? `${UPLOADS_URL_PREFIX}/${target.bucket}/${target.storagePath}` : null;
}

/**
 * Removes an uploaded file that an edit just stopped referencing (a deleted discipline's
 * image, an inscription form's replaced PDF, a replaced social icon…), but only when it is
 * one of our uploads in `bucket` (and `subpath`), nothing in the site's data mentions it
 * and it is not in the media library. Call it after the edit is committed. Never throws:
 * a file left behind is only untidy (the sweep will get it).
 */
export async function removeFileIfUnused({
  url,
  bucket,
  subpath = "",
}: {
  url: string | null | undefined;
  bucket: StorageBucket;
  subpath?: string;
}): Promise<boolean> {
  const target = url ? parseUploadUrl(url) : null;
  if (!url || !target || target.bucket !== bucket) return false;
  if (subpath && !target.storagePath.startsWith(`${subpath}/`)) return false;
  try {
    const db = getDb();
    if (keeper(await getReferencedUploads(db))(normalize(url)!)) return false;
    return await deleteStoredFile({ url, db });
  } catch (error) {
    console.error("Fichier non supprimé", url, error);
    return false;
  }
}

/**
 * Whether an upload is kept: referenced itself, or through a WebP/AVIF variant named after
 * it (its image_variants row may be missing: a rolled-back save, a copied URL).
 */
function keeper(referenced: Set<string>): (uploadPath: string) => boolean {
  const variantStems = new Set<string>();
  for (const other of referenced) {
    const match = VARIANT_NAME.exec(other);
    if (match) variantStems.add(match[1]!);
  }
  return (uploadPath) => {
    if (referenced.has(uploadPath)) return true;
    const dot = uploadPath.lastIndexOf(".");
    return dot > uploadPath.lastIndexOf("/") && variantStems.has(uploadPath.slice(0, dot));
  };
}

interface StoredUpload {
  /** "/uploads/<bucket>/<subpath>/<name>" */
  url: string;
  /** The newer of its name's time and its modification time. */
  time: number;
}

/** The originals the upload pipeline placed (variants are removed with their original). */
async function listUploads(dataDir: string | undefined): Promise<StoredUpload[]> {
  const found: StoredUpload[] = [];
  for (const [bucket, subpaths] of Object.entries(STORAGE_BUCKETS)) {
    for (const subpath of ["", ...subpaths]) {
      const dir = path.join(uploadsRoot(dataDir), bucket, subpath);
      const entries = await fs.promises.readdir(dir, { withFileTypes: true }).catch(() => []);
      const names = new Set(entries.filter((entry) => entry.isFile()).map((entry) => entry.name));
      for (const name of names) {
        const uploaded = UPLOADED_NAME.exec(name);
        if (!uploaded) continue;
        const variantOf = VARIANT_NAME.exec(name)?.[1];
        if (
          variantOf &&
          ORIGINAL_IMAGE_EXTENSIONS.some((ext) => names.has(`${variantOf}.${ext}`))
        ) {
          continue;
        }
        const stat = await fs.promises.stat(path.join(dir, name)).catch(() => null);
        if (!stat) continue;
        const prefix = subpath ? `${bucket}/${subpath}` : bucket;
        found.push({
          url: `${UPLOADS_URL_PREFIX}/${prefix}/${name}`,
          time: Math.max(Number(uploaded[1]), stat.mtimeMs),
        });
      }
    }
  }
  return found;
}

/**
 * Removes the uploads (with their variants) that nothing in the site's data mentions, that
 * are not in the media library and that are at least `minAgeMs` old. Files not named by
 * the upload pipeline (seeded pictures, anything an operator put there) are never touched.
 * Returns the URLs removed.
 */
export async function sweepOrphanUploads({
  minAgeMs = ORPHAN_UPLOAD_MIN_AGE_MS,
  now = Date.now(),
  db = getDb(),
  dataDir,
}: {
  minAgeMs?: number;
  now?: number;
  db?: Kysely<Database>;
  dataDir?: string;
} = {}): Promise<string[]> {
  // Listed before the references are read: a file uploaded meanwhile is not in the list.
  const candidates = (await listUploads(dataDir)).filter((file) => now - file.time >= minAgeMs);
  if (candidates.length === 0) return [];
  const isKept = keeper(await getReferencedUploads(db));
  const variants = new Set(
    (await db.selectFrom("image_variants").select("url").execute()).map((row) =>
      normalize(row.url),
    ),
  );
  const removed: string[] = [];
  for (const file of candidates) {
    if (variants.has(file.url) || isKept(file.url)) continue;
    try {
      if (await deleteStoredFile({ url: file.url, db, dataDir })) removed.push(file.url);
    } catch (error) {
      console.error("Fichier non supprimé", file.url, error);
    }
  }
  return removed;
}
