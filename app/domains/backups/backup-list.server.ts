/*
 * The archives the Sauvegardes screen lists and serves: the files of BACKUP_DIR whose
 * name is an archive's (parseBackupName). Nothing else is ever listed or served, so a
 * name from the address cannot reach another file.
 */
import fs from "node:fs";
import path from "node:path";
import { backupDir } from "./backup.server";
import { type BackupKind, parseBackupName } from "./rotation";

export interface ListedBackup {
  name: string;
  kind: BackupKind;
  /** ISO date it was made. */
  date: string;
  size: number;
}

/** The archives of `dir`, newest first (none when the folder does not exist yet). */
export async function listBackups(dir: string = backupDir()): Promise<ListedBackup[]> {
  const names = await fs.promises.readdir(dir).catch(() => [] as string[]);
  const listed: ListedBackup[] = [];
  for (const name of names) {
    const parsed = parseBackupName(name);
    if (!parsed) continue;
    const stat = await fs.promises.lstat(path.join(dir, name)).catch(() => null);
    if (!stat?.isFile()) continue;
    listed.push({ name, kind: parsed.kind, date: parsed.date.toISOString(), size: stat.size });
  }
  return listed.sort((a, b) =>
    a.date < b.date ? 1 : a.date > b.date ? -1 : a.name < b.name ? 1 : -1,
  );
}

/** The archive `name` of `dir` as the list shows it, or null: any other name is refused. */
export async function findBackup(
  name: string,
  dir: string = backupDir(),
): Promise<(ListedBackup & { file: string }) | null> {
  if (!parseBackupName(name)) return null;
  const found = (await listBackups(dir)).find((backup) => backup.name === name);
  return found ? { ...found, file: path.join(dir, found.name) } : null;
}
