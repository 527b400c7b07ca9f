import fs from "node:fs";
import path from "node:path";
import { STORAGE_BUCKETS, type StorageBucket } from "~/content/defaults";
import { timestampedName } from "~/content/file-name";
import { getEnv } from "~/utils/env.server";

/** Where uploads live on disk: DATA_DIR/uploads/<bucket>/<subpath>/<name>. */
export function uploadsRoot(dataDir = getEnv().dataDir): string {
  return path.join(dataDir, "uploads");
}

export const UPLOADS_URL_PREFIX = "/uploads";

export interface StoredFile {
  /** Public URL, e.g. /uploads/site-documents/tarifs/1732…-tarifs.pdf */
  url: string;
  /** Path inside the bucket, as spec §7 stores it: tarifs/1732…-tarifs.pdf */
  storagePath: string;
  bucket: StorageBucket;
  absolutePath: string;
}

/** The bucket's root, or one of its subpaths of spec §3. */
function checkSubpath(bucket: StorageBucket, subpath: string): void {
  const allowed: readonly string[] = STORAGE_BUCKETS[bucket];
  if (subpath !== "" && !allowed.includes(subpath)) {
    throw new Error(`Sous-dossier « ${subpath} » inconnu pour le bucket ${bucket}`);
  }
}

export function resolveStored(
  bucket: StorageBucket,
  storagePath: string,
  dataDir?: string,
): string {
  const bucketDir = path.join(uploadsRoot(dataDir), bucket);
  const absolute = path.resolve(bucketDir, storagePath);
  if (!absolute.startsWith(bucketDir + path.sep)) throw new Error("Chemin de fichier invalide");
  return absolute;
}

/**
 * Writes a file under a name made of the time plus the sanitised original name, with an
 * exclusive create: an existing file is never overwritten (a clash takes the next millisecond).
 */
export async function saveUpload({
  bucket,
  subpath = "",
  originalName,
  data,
  dataDir,
}: {
  bucket: StorageBucket;
  subpath?: string;
  originalName: string;
  data: Buffer;
  dataDir?: string;
}): Promise<StoredFile> {
  checkSubpath(bucket, subpath);
  const dir = path.join(uploadsRoot(dataDir), bucket, subpath);
  await fs.promises.mkdir(dir, { recursive: true });
  for (let time = Date.now(); ; time += 1) {
    const name = timestampedName(originalName, time);
    const absolutePath = path.join(dir, name);
    try {
      await fs.promises.writeFile(absolutePath, data, { flag: "wx" });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "EEXIST") continue;
      throw error;
    }
    const storagePath = subpath ? `${subpath}/${name}` : name;
    return {
      url: `${UPLOADS_URL_PREFIX}/${bucket}/${storagePath}`,
      storagePath,
      bucket,
      absolutePath,
    };
  }
}

/** Removes a stored file; a file already gone is not an error. */
export async function removeUpload({
  bucket,
  storagePath,
  dataDir,
}: {
  bucket: StorageBucket;
  storagePath: string;
  dataDir?: string;
}): Promise<void> {
  await fs.promises.rm(resolveStored(bucket, storagePath, dataDir), { force: true });
}
