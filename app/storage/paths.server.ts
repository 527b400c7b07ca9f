import path from "node:path";
import { STORAGE_BUCKETS, type StorageBucket } from "~/storage/buckets";
import { getEnv } from "~/core/env.server";
import { own } from "~/utils/own";

/** Where uploads live on disk: DATA_DIR/uploads/<bucket>/<subpath>/<name>. */
export function uploadsRoot(dataDir = getEnv().dataDir): string {
  return path.join(dataDir, "uploads");
}

export const UPLOADS_URL_PREFIX = "/uploads";

/** Where files being received wait: DATA_DIR/uploads/.tmp (not served: a dot folder). */
export function uploadTempDir(dataDir = getEnv().dataDir): string {
  return path.join(uploadsRoot(dataDir), ".tmp");
}

/** The bucket's root, or one of its subpaths of spec §3. */
export function checkSubpath(bucket: StorageBucket, subpath: string): void {
  const allowed: readonly string[] | undefined = own(STORAGE_BUCKETS, bucket);
  if (!allowed || (subpath !== "" && !allowed.includes(subpath))) {
    throw new Error(`Sous-dossier « ${subpath} » inconnu pour le bucket ${bucket}`);
  }
}

/**
 * The absolute path of a file of a bucket.
 * @throws Error "Chemin de fichier invalide" for a path escaping its bucket
 */
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

/** The bucket and path of one of our upload URLs; null for any other URL. */
export function parseUploadUrl(url: string): { bucket: StorageBucket; storagePath: string } | null {
  const clean = url.trim().split(/[?#]/)[0] ?? "";
  const prefix = `${UPLOADS_URL_PREFIX}/`;
  if (!clean.startsWith(prefix)) return null;
  const rest = clean.slice(prefix.length);
  const slash = rest.indexOf("/");
  if (slash <= 0) return null;
  const bucket = rest.slice(0, slash);
  const storagePath = rest.slice(slash + 1);
  if (!Object.hasOwn(STORAGE_BUCKETS, bucket) || storagePath === "") return null;
  return { bucket: bucket as StorageBucket, storagePath };
}
