import { getEnv, type S3Settings } from "~/core/env.server";
import { createDiskStore } from "./disk-store.server";
import { uploadsRoot } from "./paths.server";
import type { FileStore } from "./stored-file.server";

export {
  checkKey,
  contentTypeOf,
  FileExistsError,
  isFileExists,
  type ByteRange,
  type FileStore,
  type PutSource,
  type ReadFile,
  type StoredEntry,
} from "./stored-file.server";
export { createDiskStore } from "./disk-store.server";

/*
 * Where uploaded files live (docs/decisions/020-file-storage.md): one interface, two
 * stores. Keys are "<bucket>/<path>", the part of an upload URL after "/uploads/".
 * - the local disk, DATA_DIR/uploads/<key> (the default: nothing to configure);
 * - S3-compatible storage when S3_BUCKET is set, objects "uploads/<key>" in that bucket.
 * Neither ever replaces an existing key: put() throws FileExistsError and the caller
 * takes another name (the upload pipeline's next millisecond).
 */

let cached: { store: Promise<FileStore>; settings: S3Settings | null; root: string } | undefined;

/**
 * The store the environment chose: S3 when S3_BUCKET is set, else the local disk of
 * `dataDir` (default DATA_DIR). The S3 client is loaded only when configured.
 */
export function getFileStore(dataDir?: string): Promise<FileStore> {
  const env = getEnv();
  const root = uploadsRoot(dataDir ?? env.dataDir);
  if (!cached || cached.settings !== env.s3 || cached.root !== root) {
    const settings = env.s3;
    cached = {
      store: settings
        ? import("./s3-store.server").then(({ createS3Store }) => createS3Store(settings))
        : Promise.resolve(createDiskStore(root)),
      settings,
      root,
    };
  }
  return cached.store;
}
