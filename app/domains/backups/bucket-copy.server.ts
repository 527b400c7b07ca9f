/*
 * S3_BACKUPS=1 (with S3_BUCKET): each nightly archive is also copied to the bucket under
 * backups/<name>, and the bucket's backups/ rotated as BACKUP_DIR is (rotateBackups).
 * Through the uploads' own S3 client code (app/storage/s3-store.server.ts), loaded only
 * when configured. docs/decisions/019-backup-archive.md, « Nightly backups ».
 */
import path from "node:path";
import type { IsoDate } from "~/core/club-time";
import type { S3Settings } from "~/core/env.server";
import { rotateBackups } from "./rotation";

export const BUCKET_FOLDER = "backups/";

/** Copies `file` to backups/<its name>, then deletes what the rotation no longer keeps there. Returns what went. */
export async function copyToBucket(
  file: string,
  settings: S3Settings,
  today: IsoDate,
): Promise<{ removed: string[] }> {
  const { createS3Store } = await import("~/storage/s3-store.server");
  const store = createS3Store(settings, { objectPrefix: "" });
  await store.put(`${BUCKET_FOLDER}${path.basename(file)}`, { path: file });
  const names = (await store.list(BUCKET_FOLDER)).map((entry) =>
    entry.key.slice(BUCKET_FOLDER.length),
  );
  const { remove } = rotateBackups(names, today);
  for (const name of remove) await store.delete(`${BUCKET_FOLDER}${name}`);
  return { removed: remove };
}
