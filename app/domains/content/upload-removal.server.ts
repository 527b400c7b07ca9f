import fs from "node:fs";
import path from "node:path";
import type { Kysely } from "kysely";
import { getDb } from "~/db/client.server";
import type { Database } from "~/db/schema";
import { STORAGE_BUCKETS, type StorageBucket } from "~/storage/buckets";
import { uploadKeeper, uploadPathOf } from "~/domains/content/file-usage.server";
import { checkKey, getFileStore, type FileStore } from "../../storage/file-store.server";
import { parseUploadUrl, UPLOADS_URL_PREFIX, uploadTempDir } from "../../storage/paths.server";
import { VARIANT_NAME } from "../../storage/variants.server";

/**
 * Removes a stored upload by its public URL, with its variant files and image_variants
 * rows (replacing the home video, deleting a media). A URL that is not one of our uploads
 * (external link, built-in image) is left alone and false is returned; a file already gone
 * is not an error. Rows go first, files after: call it once the caller's own change is
 * committed, since a removed file cannot be rolled back.
 *
 * @throws Error "Chemin de fichier invalide" for a URL escaping its bucket
 */
export async function deleteStoredFile({
  url,
  db = getDb(),
  dataDir,
}: {
  url: string;
  db?: Kysely<Database>;
  dataDir?: string;
}): Promise<boolean> {
  const target = parseUploadUrl(url);
  if (!target) return false;
  const key = storedKey(target.bucket, target.storagePath);
  const sourceUrl = url.trim();
  const rows = await db
    .selectFrom("image_variants")
    .select("url")
    .where("source_url", "=", sourceUrl)
    .execute();
  const variantKeys = rows.flatMap((row) => {
    const variant = parseUploadUrl(row.url);
    return variant ? [storedKey(variant.bucket, variant.storagePath)] : [];
  });
  await db.deleteFrom("image_variants").where("source_url", "=", sourceUrl).execute();
  const store = await getFileStore(dataDir);
  // Variants whose rows are gone (the caller's transaction rolled back) are found by their
  // names, "<base>-<width>.<format>": the group placement made those names this file's own.
  const siblings = await variantSiblings(store, key);
  await Promise.all(
    [...new Set([key, ...variantKeys, ...siblings])].map((each) => store.delete(each)),
  );
  return true;
}

/** The store's key of a file of a bucket. @throws Error "Chemin de fichier invalide" */
function storedKey(bucket: StorageBucket, storagePath: string): string {
  return checkKey(`${bucket}/${storagePath}`);
}

async function variantSiblings(store: FileStore, original: string): Promise<string[]> {
  const folder = original.slice(0, original.lastIndexOf("/") + 1);
  const name = original.slice(folder.length);
  const dot = name.lastIndexOf(".");
  const stem = dot > 0 ? name.slice(0, dot) : name;
  // Listed by the stem: on S3 a prefix listing, not the whole folder.
  const entries = await store.list(`${folder}${stem}-`);
  return entries
    .map((entry) => entry.key)
    .filter((key) => {
      const rest = key.slice(folder.length);
      return !rest.includes("/") && VARIANT_NAME.exec(rest)?.[1] === stem;
    });
}

/**
 * Removes temporary files left by a crash in the middle of an upload (called at start-up
 * or now and then); files younger than `olderThanMs` may belong to an upload in progress.
 */
export async function sweepUploadTemp({
  olderThanMs = 24 * 60 * 60 * 1000,
  dataDir,
}: { olderThanMs?: number; dataDir?: string } = {}): Promise<number> {
  const dir = uploadTempDir(dataDir);
  let entries: string[];
  try {
    entries = await fs.promises.readdir(dir);
  } catch {
    return 0;
  }
  let removed = 0;
  for (const entry of entries) {
    const file = path.join(dir, entry);
    const stat = await fs.promises.stat(file).catch(() => null);
    if (stat && Date.now() - stat.mtimeMs > olderThanMs) {
      await fs.promises.rm(file, { recursive: true, force: true });
      removed += 1;
    }
  }
  return removed;
}

/*
 * Uploaded files nothing uses any more. An upload (POST /admin/upload) is stored at once,
 * before the dialog or form that asked for it is saved; when that dialog is cancelled, or
 * a later save replaces the value, the file stays behind. Two ways out:
 * - removeFileIfUnused: an action that just dropped a URL removes its file at once;
 * - sweepOrphanUploads: at start and every few hours (startHousekeeping), any upload old
 *   enough that no row of the site's data mentions is removed.
 * A file is kept whenever the one reference scanner (app/domains/content/file-usage.server.ts)
 * finds it used, in any form: relative, absolute, with a query string, or through one of
 * its WebP/AVIF variants. Files in the media library are never removed.
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
const ORIGINAL_IMAGE_EXTENSIONS = ["jpg", "png", "webp", "avif"];

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
    if ((await uploadKeeper(db))(uploadPathOf(url)!)) return false;
    return await deleteStoredFile({ url, db });
  } catch (error) {
    console.error("Fichier non supprimé", url, error);
    return false;
  }
}

interface StoredUpload {
  /** "/uploads/<bucket>/<subpath>/<name>" */
  url: string;
  /** The newer of its name's time and its modification time. */
  time: number;
}

/** The originals the upload pipeline placed (variants are removed with their original). */
async function listUploads(dataDir: string | undefined): Promise<StoredUpload[]> {
  const store = await getFileStore(dataDir);
  const found: StoredUpload[] = [];
  for (const [bucket, subpaths] of Object.entries(STORAGE_BUCKETS)) {
    // One listing per bucket (a prefix listing on S3), split by folder.
    const byFolder = new Map<string, Map<string, number>>();
    for (const entry of await store.list(`${bucket}/`)) {
      const slash = entry.key.lastIndexOf("/");
      const folder = entry.key.slice(bucket.length + 1, Math.max(slash, bucket.length));
      const names = byFolder.get(folder) ?? new Map<string, number>();
      names.set(entry.key.slice(slash + 1), entry.modifiedMs);
      byFolder.set(folder, names);
    }
    for (const subpath of ["", ...subpaths]) {
      const names = byFolder.get(subpath);
      if (!names) continue;
      for (const [name, modifiedMs] of names) {
        const uploaded = UPLOADED_NAME.exec(name);
        if (!uploaded) continue;
        const variantOf = VARIANT_NAME.exec(name)?.[1];
        if (
          variantOf &&
          ORIGINAL_IMAGE_EXTENSIONS.some((ext) => names.has(`${variantOf}.${ext}`))
        ) {
          continue;
        }
        const prefix = subpath ? `${bucket}/${subpath}` : bucket;
        found.push({
          url: `${UPLOADS_URL_PREFIX}/${prefix}/${name}`,
          time: Math.max(Number(uploaded[1]), modifiedMs),
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
  const isKept = await uploadKeeper(db);
  const variants = new Set(
    (await db.selectFrom("image_variants").select("url").execute()).map((row) =>
      uploadPathOf(row.url),
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
