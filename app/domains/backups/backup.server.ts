/*
 * `npm run admin -- backup`: one .tar.gz of the tables (one consistent snapshot, taken
 * while the site runs), the uploaded files and the manifest, written as a stream.
 * docs/decisions/019-backup-archive.md.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGzip } from "node:zlib";
import { sql } from "kysely";
import packageJson from "../../../package.json";
import {
  type AnyDb,
  type DataLocation,
  engineOf,
  lastMigration,
  openSingleConnection,
  serverData,
} from "./connection.server";
import {
  type Manifest,
  MANIFEST_FORMAT,
  MANIFEST_NAME,
  type ManifestEntry,
  SECRET_FILES,
} from "./manifest";
import { BACKUP_TABLES, readTableRows, tableEntryName } from "./tables.server";
import { TAR_END, tarHeader, tarPadding } from "./tar.server";
import { listUploads, openUpload } from "./uploads-files.server";
import { BackupRefused } from "./verify.server";

export interface BackupResult {
  file: string;
  size: number;
  manifest: Manifest;
}

/** BACKUP_DIR, or DATA_DIR/backups. */
export function backupDir(dataDir = serverData().dataDir): string {
  return path.resolve(process.env.BACKUP_DIR?.trim() || path.join(dataDir, "backups"));
}

/** A file name an operator sorts by date: sauvegarde-2026-11-26T21-30-00Z[-label].tar.gz. */
export function backupFileName(date = new Date(), label = ""): string {
  const stamp = date
    .toISOString()
    .replace(/\.\d+Z$/, "Z")
    .replace(/:/g, "-");
  return `sauvegarde-${stamp}${label ? `-${label}` : ""}.tar.gz`;
}

/** One table written to a temporary NDJSON file, hashed on the way: its size goes in the tar header. */
async function spoolTable(db: AnyDb, table: (typeof BACKUP_TABLES)[number], file: string) {
  const handle = await fs.promises.open(file, "w");
  const hash = createHash("sha256");
  let size = 0;
  let rows = 0;
  let page: string[] = [];
  const flush = async () => {
    const text = Buffer.from(page.join(""), "utf8");
    page = [];
    hash.update(text);
    size += text.length;
    await handle.write(text);
  };
  try {
    for await (const row of readTableRows(db, table)) {
      page.push(`${JSON.stringify(row)}\n`);
      rows++;
      if (page.length >= 500) await flush();
    }
    await flush();
  } finally {
    await handle.close();
  }
  return { rows, size, sha256: hash.digest("hex") };
}

/** Streams one file into the archive, checking that it still has the size its header says. */
async function* fileEntry(
  name: string,
  size: number,
  body: AsyncIterable<Buffer>,
  entries: ManifestEntry[],
): AsyncGenerator<Buffer> {
  yield tarHeader(name, size);
  const hash = createHash("sha256");
  let written = 0;
  for await (const chunk of body) {
    written += chunk.length;
    if (written > size) break;
    hash.update(chunk);
    yield chunk;
  }
  if (written !== size) throw new Error(`Le fichier ${name} a changé pendant la sauvegarde`);
  yield tarPadding(size);
  entries.push({ name, size, sha256: hash.digest("hex") });
}

/** Runs `work` inside one read-only snapshot of the database, on a connection of its own. */
async function inSnapshot<T>(location: DataLocation, work: (db: AnyDb) => Promise<T>): Promise<T> {
  const db = openSingleConnection(location);
  try {
    return await db.connection().execute(async (conn) => {
      // SQLite: a deferred read transaction; in WAL the site keeps writing meanwhile.
      await sql
        .raw(location.databaseUrl ? "begin isolation level repeatable read read only" : "begin")
        .execute(conn);
      try {
        return await work(conn);
      } finally {
        await sql`rollback`.execute(conn);
      }
    });
  } finally {
    await db.destroy();
  }
}

export async function createBackup({
  outFile,
  withSecrets = false,
  location = serverData(),
}: {
  outFile?: string;
  withSecrets?: boolean;
  location?: DataLocation;
}): Promise<BackupResult> {
  const file = path.resolve(outFile ?? path.join(backupDir(location.dataDir), backupFileName()));
  await fs.promises.mkdir(path.dirname(file), { recursive: true });
  const spoolDir = await fs.promises.mkdtemp(path.join(os.tmpdir(), "club-backup-"));
  const partial = `${file}.partiel`;
  try {
    const createdAt = new Date().toISOString();
    const entries: ManifestEntry[] = [];
    const tables: Manifest["tables"] = [];
    const migration = await inSnapshot(location, async (db) => {
      // The first read fixes the snapshot (SQLite's deferred transaction).
      const name = await lastMigration(db);
      for (const table of BACKUP_TABLES) {
        const entry = tableEntryName(table);
        const spooled = await spoolTable(db, table, path.join(spoolDir, `${table}.ndjson`));
        tables.push({ name: table, rows: spooled.rows, entry });
      }
      return name;
    });
    if (!migration) throw new BackupRefused("Base de données vide : aucune migration appliquée.");
    const leftOut = withSecrets ? [] : SECRET_FILES.map((name) => `secrets/${name}`);

    async function* archive(): AsyncGenerator<Buffer> {
      for (const table of tables) {
        const spooled = path.join(spoolDir, `${table.name}.ndjson`);
        const { size } = await fs.promises.stat(spooled);
        yield* fileEntry(table.entry, size, fs.createReadStream(spooled), entries);
      }
      for (const upload of await listUploads(location.dataDir)) {
        const stream = await openUpload(location.dataDir, upload.key);
        if (stream) yield* fileEntry(`uploads/${upload.key}`, upload.size, stream, entries);
      }
      if (withSecrets) {
        for (const name of SECRET_FILES) {
          const absolute = path.join(location.dataDir, name);
          const stat = await fs.promises.stat(absolute).catch(() => null);
          if (!stat) {
            leftOut.push(`secrets/${name}`);
            continue;
          }
          yield* fileEntry(`secrets/${name}`, stat.size, fs.createReadStream(absolute), entries);
        }
      }
      const manifest: Manifest = {
        format: MANIFEST_FORMAT,
        appVersion: (packageJson as { version?: string }).version ?? "0.0.0",
        migration: migration!,
        createdAt,
        engine: engineOf(location),
        tables,
        entries: [...entries],
        leftOut,
      };
      const body = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`, "utf8");
      yield tarHeader(MANIFEST_NAME, body.length);
      yield body;
      yield tarPadding(body.length);
      yield TAR_END;
      result = manifest;
    }
    let result: Manifest | undefined;
    await pipeline(
      Readable.from(archive()),
      createGzip(),
      fs.createWriteStream(partial, { mode: 0o600 }),
    );
    await fs.promises.rename(partial, file);
    const { size } = await fs.promises.stat(file);
    return { file, size, manifest: result! };
  } finally {
    await fs.promises.rm(partial, { force: true });
    await fs.promises.rm(spoolDir, { recursive: true, force: true });
  }
}
