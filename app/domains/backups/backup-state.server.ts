/*
 * What the backups share between processes and machines, in app_meta (no table of their
 * own): the night already claimed, the backup running now, the last result. Every claim is
 * one conditional write, so two servers on one PostgreSQL database never both win it.
 * docs/decisions/019-backup-archive.md, « Nightly backups ».
 */
import { getDb, type DB } from "~/db/client.server";
import type { BackupKind } from "./rotation";

/** The Paris date of the last night whose backup a process took on (YYYY-MM-DD). */
export const NIGHT_KEY = "backup_night";
/** The start time of the backup being made, while one is. */
export const RUNNING_KEY = "backup_running";
/** The last backup's result (JSON of LastBackup). */
export const LAST_KEY = "backup_last";
/** A running mark older than this is a process that died while backing up: it is taken over. */
export const RUNNING_STALE_MS = 6 * 60 * 60 * 1000;

export type LastBackup =
  | {
      ok: true;
      kind: BackupKind;
      at: string;
      file: string;
      size: number;
      /** The copy to the bucket (S3_BACKUPS) failed: why. */
      bucketError?: string;
    }
  | { ok: false; kind: BackupKind; at: string; reason: string };

async function readMeta(key: string, db: DB): Promise<string | null> {
  const row = await db
    .selectFrom("app_meta")
    .select("value")
    .where("key", "=", key)
    .executeTakeFirst();
  return row?.value ?? null;
}

/** Sets `key` to `value` where it is absent or its value is below `below`; true when written. */
async function writeIfBelow(key: string, value: string, below: string, db: DB): Promise<boolean> {
  const inserted = await db
    .insertInto("app_meta")
    .values({ key, value })
    .onConflict((conflict) => conflict.column("key").doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 1) return true;
  const updated = await db
    .updateTable("app_meta")
    .set({ value })
    .where("key", "=", key)
    .where("value", "<", below)
    .executeTakeFirst();
  return updated.numUpdatedRows === 1n;
}

export async function claimedNight(db: DB = getDb()): Promise<string | null> {
  return readMeta(NIGHT_KEY, db);
}

/** Takes the night `night` (YYYY-MM-DD) unless this night or a later one is taken already. */
export function claimNight(night: string, db: DB = getDb()): Promise<boolean> {
  return writeIfBelow(NIGHT_KEY, night, night, db);
}

/**
 * Marks a backup as running unless one is (one started less than RUNNING_STALE_MS ago).
 * Returns the mark to give to releaseRunning, or null when another one runs.
 */
export async function claimRunning(now: Date, db: DB = getDb()): Promise<string | null> {
  const mark = now.toISOString();
  const stale = new Date(now.getTime() - RUNNING_STALE_MS).toISOString();
  return (await writeIfBelow(RUNNING_KEY, mark, stale, db)) ? mark : null;
}

export async function releaseRunning(mark: string, db: DB = getDb()): Promise<void> {
  await db
    .deleteFrom("app_meta")
    .where("key", "=", RUNNING_KEY)
    .where("value", "=", mark)
    .execute();
}

export async function isBackupRunning(now = new Date(), db: DB = getDb()): Promise<boolean> {
  const mark = await readMeta(RUNNING_KEY, db);
  return mark !== null && mark >= new Date(now.getTime() - RUNNING_STALE_MS).toISOString();
}

export async function readLastBackup(db: DB = getDb()): Promise<LastBackup | null> {
  const value = await readMeta(LAST_KEY, db);
  if (!value) return null;
  try {
    return JSON.parse(value) as LastBackup;
  } catch {
    return null;
  }
}

export async function writeLastBackup(last: LastBackup, db: DB = getDb()): Promise<void> {
  const value = JSON.stringify(last);
  await db
    .insertInto("app_meta")
    .values({ key: LAST_KEY, value })
    .onConflict((conflict) => conflict.column("key").doUpdateSet({ value }))
    .execute();
}
