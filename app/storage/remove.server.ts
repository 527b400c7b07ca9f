import fs from "node:fs";
import path from "node:path";
import type { Kysely } from "kysely";
import { getDb } from "~/db/client.server";
import type { Database } from "~/db/schema";
import { parseUploadUrl, resolveStored, uploadTempDir } from "./paths.server";
import { VARIANT_FORMATS } from "./variants.server";

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
  const absolute = resolveStored(target.bucket, target.storagePath, dataDir);
  const sourceUrl = url.trim();

  const rows = await db
    .selectFrom("image_variants")
    .select("url")
    .where("source_url", "=", sourceUrl)
    .execute();
  const variantFiles = rows.flatMap((row) => {
    const variant = parseUploadUrl(row.url);
    return variant ? [resolveStored(variant.bucket, variant.storagePath, dataDir)] : [];
  });
  await db.deleteFrom("image_variants").where("source_url", "=", sourceUrl).execute();

  // Variants whose rows are gone (the caller's transaction rolled back) are found by their
  // names, "<base>-<width>.<format>": the group placement made those names this file's own.
  const siblings = await variantSiblings(absolute);
  await Promise.all(
    [...new Set([absolute, ...variantFiles, ...siblings])].map((file) =>
      fs.promises.rm(file, { force: true }),
    ),
  );
  return true;
}

async function variantSiblings(original: string): Promise<string[]> {
  const dir = path.dirname(original);
  const name = path.basename(original);
  const dot = name.lastIndexOf(".");
  const stem = dot > 0 ? name.slice(0, dot) : name;
  const pattern = new RegExp(`^-\\d+\\.(?:${VARIANT_FORMATS.join("|")})$`);
  const entries = await fs.promises.readdir(dir).catch(() => [] as string[]);
  return entries
    .filter((entry) => entry.startsWith(`${stem}-`) && pattern.test(entry.slice(stem.length)))
    .map((entry) => path.join(dir, entry));
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
