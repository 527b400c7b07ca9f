/*
 * `npm run admin -- verify FILE`: every check a restore makes first, touching nothing.
 * Reads the archive as a stream; refuses (BackupRefused, in French) what it cannot trust.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import { createGunzip } from "node:zlib";
import { MIGRATIONS } from "~/db/migrate.server";
import { type Manifest, MANIFEST_NAME, manifestSchema } from "./manifest";
import { isBackupTable } from "./tables.server";
import { readTar } from "./tar.server";

/** A refusal to show the operator as is. */
export class BackupRefused extends Error {}

/** The archive's gunzipped bytes, as a stream of chunks. */
export function archiveStream(file: string): AsyncIterable<Buffer> {
  const gunzip = createGunzip();
  const source = fs.createReadStream(file);
  source.on("error", (error) => gunzip.destroy(error));
  return source.pipe(gunzip);
}

const ALLOWED_NAME = /^(tables\/\d\d-[a-z_]+\.ndjson|uploads\/[^/]+\/.+|secrets\/[a-z-]+)$/;

function isSafeName(name: string): boolean {
  return (
    ALLOWED_NAME.test(name) &&
    !name.split("/").some((part) => part === ".." || part === "." || part === "")
  );
}

interface Seen {
  size: number;
  sha256: string;
  lines: number;
}

async function readArchive(
  file: string,
): Promise<{ manifestText: string | null; seen: Map<string, Seen> }> {
  const seen = new Map<string, Seen>();
  let manifestText: string | null = null;
  try {
    await readTar(archiveStream(file), async (entry, body) => {
      if (entry.name === MANIFEST_NAME) {
        if (entry.size > 10_000_000) throw new BackupRefused("Manifeste démesuré.");
        const chunks: Buffer[] = [];
        for await (const chunk of body) chunks.push(chunk);
        manifestText = Buffer.concat(chunks).toString("utf8");
        return;
      }
      if (!isSafeName(entry.name)) {
        throw new BackupRefused(`Entrée inattendue dans l'archive : « ${entry.name} ».`);
      }
      if (seen.has(entry.name)) throw new BackupRefused(`Entrée en double : « ${entry.name} ».`);
      const hash = createHash("sha256");
      let size = 0;
      let lines = 0;
      for await (const chunk of body) {
        hash.update(chunk);
        size += chunk.length;
        for (const byte of chunk) if (byte === 0x0a) lines++;
      }
      seen.set(entry.name, { size, sha256: hash.digest("hex"), lines });
    });
  } catch (error) {
    if (error instanceof BackupRefused) throw error;
    throw new BackupRefused(
      `Archive illisible (${error instanceof Error ? error.message : String(error)}) : ce n'est pas une sauvegarde du site, ou elle est endommagée.`,
    );
  }
  return { manifestText, seen };
}

function parseManifest(text: string | null): Manifest {
  if (text === null)
    throw new BackupRefused("Archive sans manifest.json : ce n'est pas une sauvegarde complète.");
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new BackupRefused("manifest.json illisible.");
  }
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success)
    throw new BackupRefused("manifest.json ne décrit pas une sauvegarde du site.");
  return parsed.data;
}

/**
 * Checks the archive against its manifest: every entry's size and SHA-256, every table
 * known and its row count, nothing unlisted, a migration the code knows.
 * @throws BackupRefused with the first problem found
 */
export async function verifyBackup(file: string): Promise<Manifest> {
  if (!fs.existsSync(file)) throw new BackupRefused(`Fichier introuvable : ${file}`);
  const { manifestText, seen } = await readArchive(file);
  const manifest = parseManifest(manifestText);
  if (!Object.hasOwn(MIGRATIONS, manifest.migration)) {
    throw new BackupRefused(
      `Cette sauvegarde vient d'une version plus récente du site (migration « ${manifest.migration} » inconnue de ce code) : mettez le site à jour avant de la restaurer.`,
    );
  }
  for (const table of manifest.tables) {
    if (!isBackupTable(table.name))
      throw new BackupRefused(`Table inconnue dans la sauvegarde : « ${table.name} ».`);
  }
  const listed = new Set<string>();
  for (const entry of manifest.entries) {
    listed.add(entry.name);
    const found = seen.get(entry.name);
    if (!found) throw new BackupRefused(`Fichier manquant dans l'archive : « ${entry.name} ».`);
    if (found.size !== entry.size || found.sha256 !== entry.sha256) {
      throw new BackupRefused(
        `Fichier endommagé ou modifié : « ${entry.name} » (empreinte SHA-256 différente).`,
      );
    }
  }
  for (const name of seen.keys()) {
    if (!listed.has(name)) throw new BackupRefused(`Fichier absent du manifeste : « ${name} ».`);
  }
  for (const table of manifest.tables) {
    const found = seen.get(table.entry);
    if (!found) throw new BackupRefused(`Table manquante dans l'archive : « ${table.name} ».`);
    if (found.lines !== table.rows) {
      throw new BackupRefused(
        `Table « ${table.name} » : ${found.lines} lignes au lieu de ${table.rows}.`,
      );
    }
  }
  return manifest;
}
