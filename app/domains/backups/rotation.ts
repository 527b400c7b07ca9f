/*
 * Which archives of BACKUP_DIR (and of the bucket's backups/) to keep: a pure function of
 * their names and today's Paris date, so it is tested without files or clocks.
 * docs/decisions/019-backup-archive.md, « Nightly backups ».
 */
import { addDays, type IsoDate, mondayOf, parisToday } from "~/core/club-time";

/** nuit: made at night by the server; manuelle: « Sauvegarder maintenant » or the CLI; avant-restauration: the copy a restore keeps. */
export type BackupKind = "nuit" | "manuelle" | "avant-restauration";

export const BACKUP_KIND_LABELS: Readonly<Record<BackupKind, string>> = {
  nuit: "Nuit",
  manuelle: "Manuelle",
  "avant-restauration": "Avant restauration",
};

/** The label a nightly archive carries in its name (backupFileName's `label`). */
export const NIGHTLY_LABEL = "nuit";

/** Nightly archives: the newest of each of the last 7 days, 4 weeks and 12 months. */
export const KEEP_DAILY = 7;
export const KEEP_WEEKLY = 4;
export const KEEP_MONTHLY = 12;
/** Manual archives and the copies kept before a restore: the newest few of each. */
export const KEEP_MANUAL = 5;
export const KEEP_BEFORE_RESTORE = 3;

export interface BackupName {
  name: string;
  kind: BackupKind;
  /** When it was made (the name's UTC stamp). */
  date: Date;
}

const NAME =
  /^sauvegarde-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})Z(?:-(nuit|avant-restauration))?\.tar\.gz$/;

/**
 * The archive a name stands for, or null for any other name (never listed, never served,
 * never deleted): sauvegarde-2026-11-26T02-00-00Z-nuit.tar.gz.
 */
export function parseBackupName(name: string): BackupName | null {
  const match = NAME.exec(name);
  if (!match) return null;
  const [, day, hours, minutes, seconds, label] = match;
  const date = new Date(`${day}T${hours}:${minutes}:${seconds}Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== day) return null;
  const kind: BackupKind =
    label === NIGHTLY_LABEL ? "nuit" : label === "avant-restauration" ? label : "manuelle";
  return { name, kind, date };
}

/** Newest first. */
function newestFirst(backups: BackupName[]): BackupName[] {
  return [...backups].sort(
    (a, b) => b.date.getTime() - a.date.getTime() || (a.name < b.name ? 1 : -1),
  );
}

/** The newest archive of each period from `oldestPeriod` on (`backups` newest first). */
function newestPerPeriod(
  backups: BackupName[],
  periodOf: (backup: BackupName) => string,
  oldestPeriod: string,
): string[] {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const backup of backups) {
    const period = periodOf(backup);
    if (period < oldestPeriod || seen.has(period)) continue;
    seen.add(period);
    kept.push(backup.name);
  }
  return kept;
}

/**
 * Given every file name of the folder and today's Paris date, the names to keep and the
 * names to delete. Nightly archives: the newest of each Paris day of the last 7 (today
 * included), of each week (Monday to Sunday) of the last 4 and of each month of the last
 * 12; one dated after today (a clock put back) is kept. Manual archives: the newest 5.
 * Copies kept before a restore: the newest 3, whatever the nightly rotation does.
 * A name that is not an archive's is in neither list: it is never touched.
 */
export function rotateBackups(
  names: readonly string[],
  today: IsoDate,
): { keep: string[]; remove: string[] } {
  const parsed = names.map(parseBackupName).filter((backup) => backup !== null);
  const ofKind = (kind: BackupKind) => newestFirst(parsed.filter((backup) => backup.kind === kind));
  const nightly = ofKind("nuit");
  const keep = new Set<string>([
    ...ofKind("manuelle")
      .slice(0, KEEP_MANUAL)
      .map((backup) => backup.name),
    ...ofKind("avant-restauration")
      .slice(0, KEEP_BEFORE_RESTORE)
      .map((backup) => backup.name),
  ]);
  const dayOf = (backup: BackupName) => parisToday(backup.date);
  for (const backup of nightly) if (dayOf(backup) > today) keep.add(backup.name);
  const recent = nightly.filter((backup) => dayOf(backup) <= today);
  const monthStart = new Date(`${today.slice(0, 7)}-01T12:00:00Z`);
  monthStart.setUTCMonth(monthStart.getUTCMonth() - (KEEP_MONTHLY - 1));
  for (const name of [
    ...newestPerPeriod(recent, dayOf, addDays(today, -(KEEP_DAILY - 1))),
    ...newestPerPeriod(
      recent,
      (backup) => mondayOf(dayOf(backup)),
      addDays(mondayOf(today), -7 * (KEEP_WEEKLY - 1)),
    ),
    ...newestPerPeriod(
      recent,
      (backup) => dayOf(backup).slice(0, 7),
      monthStart.toISOString().slice(0, 7),
    ),
  ]) {
    keep.add(name);
  }
  return {
    keep: names.filter((name) => keep.has(name) || !parseBackupName(name)),
    remove: parsed.map((backup) => backup.name).filter((name) => !keep.has(name)),
  };
}
