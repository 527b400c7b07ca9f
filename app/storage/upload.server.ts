import fs from "node:fs";
import type { Kysely } from "kysely";
import type { StorageBucket } from "~/storage/buckets";
import type { Database } from "~/db/schema";
import { getEnv } from "~/core/env.server";
import { checkSubpath, uploadTempDir } from "./paths.server";
import { receiveBody } from "./receive.server";
import { UPLOAD_LIMITS, type UploadKind } from "./rules";
import { storeReceived, type UploadedFile } from "./store.server";

/*
 * The one upload pipeline of the back office (DESIGN.md "Security rules: uploads"), one
 * module per step:
 * - rules.ts: kinds, byte and pixel limits, French messages, UploadError;
 * - paths.server.ts: where files live, subpath and path checks, upload URLs;
 * - receive.server.ts: the body streamed to a temporary file, its bytes counted;
 * - store.server.ts: the type from the bytes, images re-encoded, exclusive placement;
 * - variants.server.ts: WebP and AVIF variants and their rows;
 * - remove.server.ts: removal of a file with its variants, the temporary files' sweep.
 * A refused or failed upload leaves nothing: the temporary files, any file already placed
 * and any row are removed before the UploadError is thrown.
 */

export interface ReceiveUploadOptions {
  /** Name of the file input (default "file"). Other file parts are read and dropped. */
  field?: string;
  kind: UploadKind;
  bucket: StorageBucket;
  /** One of the bucket's subpaths of spec §3, or "" (default) for its root. */
  subpath?: string;
  /** Database or transaction in which image_variants rows are written (default getDb()). */
  db?: Kysely<Database>;
  /** Overrides of UPLOAD_LIMITS (tests). */
  limits?: Partial<Record<UploadKind, number>>;
  dataDir?: string;
}

/**
 * Parses a multipart (or url-encoded) request, storing the file of `field` after checking
 * and re-encoding it. `file` is null when the form carries no file in that field (an
 * empty file input); the caller decides whether that is an error.
 *
 * When a transaction is given and later rolls back, the files stay: call
 * deleteStoredFile({ url }) in the caller's catch.
 *
 * @throws UploadError (French message, status 400, 413 or 500)
 */
export async function receiveUpload(
  request: Request,
  options: ReceiveUploadOptions,
): Promise<{ file: UploadedFile | null; fields: FormData }> {
  const { field = "file", kind, bucket, subpath = "", db, limits } = options;
  const dataDir = options.dataDir ?? getEnv().dataDir;
  checkSubpath(bucket, subpath);
  const limit = limits?.[kind] ?? UPLOAD_LIMITS[kind];

  const { fields, received } = await receiveBody(request, {
    field,
    limit,
    tempDir: uploadTempDir(dataDir),
  });
  if (!received) return { file: null, fields };
  try {
    const file = await storeReceived(received, { kind, bucket, subpath, db, dataDir });
    return { file, fields };
  } finally {
    await fs.promises.rm(received.path, { force: true });
  }
}
