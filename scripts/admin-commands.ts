/*
 * What the operator CLI (scripts/admin.ts) does, as functions the tests can call on a
 * test database. Messages are French: they are what the operator reads.
 */
import { createBackup } from "~/domains/backups/backup.server";
import type { DataLocation } from "~/domains/backups/connection.server";
import type { Manifest } from "~/domains/backups/manifest";
import { restoreBackup } from "~/domains/backups/restore.server";
import { BackupRefused, verifyBackup } from "~/domains/backups/verify.server";
import { PASSWORD_MIN_LENGTH } from "~/domains/content/defaults";
import { SERVER_ACTOR } from "~/domains/history/actor";
import { clearUsernameFailures } from "~/domains/volunteers/login-attempt.server";
import { deleteUserSessions } from "~/domains/volunteers/sessions.server";
import { resetTwoFactor } from "~/domains/volunteers/two-factor.server";
import { getUserByUsername, setUserPassword } from "~/domains/volunteers/user.server";

/** A refusal to print as is, ending the command with a non-zero status. */
export class CommandError extends Error {}

export function checkNewPassword(password: string): void {
  if (password.length < PASSWORD_MIN_LENGTH) {
    throw new CommandError(
      `Le mot de passe doit contenir au moins ${PASSWORD_MIN_LENGTH} caractères.`,
    );
  }
}

export async function requireUser(username: string) {
  const user = await getUserByUsername({ username });
  if (!user) throw new CommandError(`Utilisateur inconnu : « ${username} ».`);
  return user;
}

/** Sets a user's password, ends all of their sessions and clears their login failures. */
export async function resetPassword({
  username,
  password,
}: {
  username: string;
  password: string;
}): Promise<{ endedSessions: number; clearedFailures: number }> {
  checkNewPassword(password);
  const user = await requireUser(username);
  await setUserPassword({ userId: user.id, password });
  return {
    endedSessions: await deleteUserSessions({ userId: user.id }),
    clearedFailures: await clearUsernameFailures({ username }),
  };
}

/** Clears a user's login failures (from every address) and nothing else. */
export async function unlockUser({
  username,
}: {
  username: string;
}): Promise<{ clearedFailures: number }> {
  await requireUser(username);
  return { clearedFailures: await clearUsernameFailures({ username }) };
}

/**
 * For a lost phone: the user's second factor is removed (secret and recovery codes),
 * every session ended, the journal told. A role that requires one enrols again at the
 * next sign-in (docs/decisions/018-two-factor-sign-in.md).
 */
export async function resetUserTwoFactor({
  username,
}: {
  username: string;
}): Promise<{ endedSessions: number }> {
  const user = await requireUser(username);
  const endedSessions = await resetTwoFactor({
    userId: user.id,
    username: user.username,
    actor: SERVER_ACTOR,
  });
  return { endedSessions };
}

/** « 12,3 Mo »: a size as an operator reads it. */
export function formatSize(bytes: number): string {
  const units = ["o", "Ko", "Mo", "Go"];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  const shown = unit === 0 ? String(value) : value.toFixed(1).replace(".", ",");
  return `${shown} ${units[unit]}`;
}

/** What a backup holds, in one line. */
function describeManifest(manifest: Manifest): string {
  const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
  const files = manifest.entries.filter((entry) => entry.name.startsWith("uploads/")).length;
  return (
    `sauvegarde du ${manifest.createdAt} (${manifest.engine}, migration ${manifest.migration}) : ` +
    `${rows} lignes dans ${manifest.tables.length} tables, ${files} fichiers envoyés`
  );
}

/** A backup's refusal, as the CLI prints it. */
async function refusalsAsCommandErrors<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof BackupRefused) throw new CommandError(error.message);
    throw error;
  }
}

/** `backup [--out FILE] [--with-secrets]`: the lines the operator reads. */
export async function backupCommand({
  outFile,
  withSecrets,
  location,
}: {
  outFile?: string;
  withSecrets: boolean;
  location?: DataLocation;
}): Promise<string[]> {
  const { file, size, manifest } = await refusalsAsCommandErrors(() =>
    createBackup({ outFile, withSecrets, location }),
  );
  return [
    `Sauvegarde écrite : ${file} (${formatSize(size)}).`,
    `Contenu : ${describeManifest(manifest)}.`,
    !withSecrets
      ? `Secrets laissés de côté : ${manifest.leftOut.join(", ")} (--with-secrets pour les inclure ; gardez alors l'archive à l'abri).`
      : manifest.leftOut.length > 0
        ? `Secrets inclus, sauf ceux absents de DATA_DIR : ${manifest.leftOut.join(", ")}. Gardez cette archive à l'abri.`
        : "Secrets inclus : gardez cette archive à l'abri.",
  ];
}

/** `verify FILE`: every check of a restore, nothing touched. */
export async function verifyCommand(file: string): Promise<string[]> {
  const manifest = await refusalsAsCommandErrors(() => verifyBackup(file));
  return [`Archive intacte : ${describeManifest(manifest)}.`];
}

/** `restore FILE [--dry-run]`. */
export async function restoreCommand(
  file: string,
  { dryRun, location }: { dryRun: boolean; location?: DataLocation },
): Promise<string[]> {
  const report = await refusalsAsCommandErrors(() => restoreBackup(file, { dryRun, location }));
  const tables = report.tables
    .filter((table) => table.rows > 0)
    .map((table) => `  ${table.name} : ${table.rows}`);
  const secrets = report.secrets.length > 0 ? report.secrets.join(", ") : "aucun";
  if (report.dryRun) {
    return [
      `Essai à blanc : rien n'a été modifié. La restauration remplacerait les données par la ${describeManifest(report.manifest)}.`,
      ...tables,
      `Secrets : ${secrets}.`,
    ];
  }
  return [
    `Restauration terminée : ${describeManifest(report.manifest)}.`,
    report.previousCopy
      ? `Copie des données d'avant : ${report.previousCopy}.`
      : "Aucune donnée auparavant : pas de copie.",
    `Secrets restaurés : ${secrets}. Toutes les sessions ont été fermées.`,
  ];
}
