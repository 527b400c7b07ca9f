/*
 * The backups the site makes itself: every night at 03:00 Paris time (the first server
 * process checks every minute), and « Sauvegarder maintenant » on the Sauvegardes screen.
 * Each goes into BACKUP_DIR, is rotated (rotateBackups), recorded in app_meta for the
 * screen and the dashboard, and written in the journal, failures included.
 * docs/decisions/019-backup-archive.md, « Nightly backups ».
 */
import fs from "node:fs";
import path from "node:path";
import { addDays, type IsoDate, parisMinutes, parisToday } from "~/core/club-time";
import { logActivity } from "~/domains/history/index.server";
import { type Actor, SERVER_ACTOR } from "~/domains/history";
import { getEnv, type S3Settings } from "~/core/env.server";
import { startPeriodic } from "~/core/jobs.server";
import { backupDir, backupFileName, createBackup } from "./backup.server";
import {
  claimedNight,
  claimNight,
  claimRunning,
  releaseRunning,
  writeLastBackup,
} from "./backup-state.server";
import { copyToBucket } from "./bucket-copy.server";
import { type DataLocation, serverData } from "./connection.server";
import { type BackupKind, NIGHTLY_LABEL, rotateBackups } from "./rotation";

/** The nightly backup's hour, Paris time. */
export const NIGHTLY_HOUR = 3;
export const NIGHTLY_CHECK_MS = 60_000;

/**
 * The night whose backup is due at `now`: the Paris date of the last 03:00 passed (today
 * from 03:00, yesterday before). Wall-clock time, so it holds on both DST days: 03:00
 * exists once on each (the spring jump is 02:00 → 03:00, the autumn repeat is 02:00–03:00).
 */
export function nightOf(now: Date): IsoDate {
  const today = parisToday(now);
  return parisMinutes(now) >= NIGHTLY_HOUR * 60 ? today : addDays(today, -1);
}

/** The instant of 03:00 Paris on `day` (01:00 UTC in summer time, 02:00 UTC in winter time). */
export function nightlyTime(day: IsoDate): Date {
  for (const utcHour of [NIGHTLY_HOUR - 2, NIGHTLY_HOUR - 1]) {
    const candidate = new Date(`${day}T${String(utcHour).padStart(2, "0")}:00:00Z`);
    if (parisToday(candidate) === day && parisMinutes(candidate) === NIGHTLY_HOUR * 60) {
      return candidate;
    }
  }
  throw new Error(`Pas de ${NIGHTLY_HOUR} h à Paris le ${day}`);
}

/** When the next nightly backup is due. */
export function nextNightly(now: Date = new Date()): Date {
  return nightlyTime(addDays(nightOf(now), 1));
}

export type BackupOutcome =
  | { status: "made"; name: string; file: string; size: number; bucketError?: string }
  | { status: "failed"; reason: string }
  /** Another backup runs (on this server or another one of the database). */
  | { status: "busy" }
  /** runNightlyBackup: this night's backup is made or being made already. */
  | { status: "not-due" };

export interface BackupOptions {
  now?: Date;
  location?: DataLocation;
  /** Default BACKUP_DIR (or DATA_DIR/backups). */
  dir?: string;
  /** Default the environment's S3 settings; the copy happens when `backups` is set. */
  s3?: S3Settings | null;
}

function reasonOf(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 500);
}

/** Runs `work` unless a backup runs already (one at a time across every server of the database). */
async function oneAtATime(now: Date, work: () => Promise<BackupOutcome>): Promise<BackupOutcome> {
  const mark = await claimRunning(now);
  if (!mark) return { status: "busy" };
  try {
    return await work();
  } finally {
    await releaseRunning(mark);
  }
}

/** Deletes the archives of `dir` that the rotation no longer keeps; returns their names. */
export async function pruneBackups(dir: string, today: IsoDate): Promise<string[]> {
  const names = await fs.promises.readdir(dir).catch(() => []);
  const { remove } = rotateBackups(names, today);
  for (const name of remove) await fs.promises.rm(path.join(dir, name), { force: true });
  return remove;
}

async function makeBackup(
  kind: BackupKind,
  actor: Actor,
  { now = new Date(), location = serverData(), dir, s3 = getEnv().s3 }: BackupOptions,
): Promise<BackupOutcome> {
  const folder = dir ?? backupDir(location.dataDir);
  const name = backupFileName(now, kind === "nuit" ? NIGHTLY_LABEL : "");
  const at = now.toISOString();
  let made;
  try {
    made = await createBackup({ outFile: path.join(folder, name), location });
  } catch (error) {
    const reason = reasonOf(error);
    console.error(`Sauvegarde impossible (${kind}) :`, error);
    await writeLastBackup({ ok: false, kind, at, reason });
    await logActivity(actor, { action: "backup.failed", itemLabel: reason }, { now });
    return { status: "failed", reason };
  }
  await pruneBackups(folder, parisToday(now)).catch((error: unknown) =>
    console.error("Rotation des sauvegardes impossible :", error),
  );
  let bucketError: string | undefined;
  if (kind === "nuit" && s3?.backups) {
    try {
      await copyToBucket(made.file, s3, parisToday(now));
    } catch (error) {
      bucketError = reasonOf(error);
      console.error("Copie de la sauvegarde vers le stockage S3 impossible :", error);
      await logActivity(
        actor,
        { action: "backup.failed", itemLabel: `Copie vers S3 de ${name} : ${bucketError}` },
        { now },
      );
    }
  }
  await writeLastBackup({
    ok: true,
    kind,
    at,
    file: name,
    size: made.size,
    ...(bucketError && { bucketError }),
  });
  await logActivity(actor, { action: "backup.made", itemLabel: name }, { now });
  return {
    status: "made",
    name,
    file: made.file,
    size: made.size,
    ...(bucketError && { bucketError }),
  };
}

/** « Sauvegarder maintenant »: a backup made at once by `actor`, unless one runs already. */
export function backupNow(actor: Actor, options: BackupOptions = {}): Promise<BackupOutcome> {
  const now = options.now ?? new Date();
  return oneAtATime(now, () => makeBackup("manuelle", actor, { ...options, now }));
}

/**
 * The minute check: makes the night's backup when it is due and not taken by any process
 * yet (a missed night, the server down at 03:00, is made at the next check after it
 * starts). The night is claimed by one conditional write in app_meta, so with several
 * servers on one database exactly one makes it.
 */
export async function runNightlyBackup(options: BackupOptions = {}): Promise<BackupOutcome> {
  const now = options.now ?? new Date();
  const night = nightOf(now);
  const claimed = await claimedNight();
  if (claimed !== null && claimed >= night) return { status: "not-due" };
  return oneAtATime(now, async () => {
    if (!(await claimNight(night))) return { status: "not-due" };
    return makeBackup("nuit", SERVER_ACTOR, { ...options, now });
  });
}

/** Started by the first process once it listens; returns a function that stops it. */
export function startNightlyBackups({
  intervalMs = NIGHTLY_CHECK_MS,
}: { intervalMs?: number } = {}): () => void {
  return startPeriodic({
    intervalMs,
    // Not in the first minute: a start has enough to do, and a short-lived server
    // (a test's, a restart's) makes no archive for nothing.
    atStart: false,
    failure: "Sauvegarde de la nuit impossible",
    task: async () => {
      await runNightlyBackup();
    },
  });
}
