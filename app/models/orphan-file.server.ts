import type { StorageBucket } from "~/content/defaults";
import { getDb } from "~/db/client.server";
import { deleteStoredFile, parseUploadUrl } from "~/storage/upload.server";
import { getMediaUsage } from "./media-usage.server";

/**
 * Removes an uploaded file that an edit just stopped referencing (a deleted discipline's
 * image, an inscription form's replaced PDF…), but only when it is one of our uploads in
 * `bucket`, nothing on the site references it any more and it is not in the media library.
 * Call it after the edit is committed. Never throws: a file left behind is only untidy.
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
    if ((await getMediaUsage(db)).has(url.trim())) return false;
    const inLibrary = await db
      .selectFrom("media_items")
      .select("id")
      .where("url", "=", url.trim())
      .executeTakeFirst();
    if (inLibrary) return false;
    return await deleteStoredFile({ url, db });
  } catch (error) {
    console.error("Fichier non supprimé", url, error);
    return false;
  }
}
