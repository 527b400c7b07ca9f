/*
 * `npm run admin -- restore FILE [--dry-run]`: verify, refuse while a server runs, keep a
 * copy of the current data, then build the restored data beside the live one and put it
 * in place only once it is whole and checked, so that any failure leaves the previous
 * data as it was. docs/decisions/019-backup-archive.md.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { Readable } from "node:stream";
import SQLite from "better-sqlite3";
import { type Kysely, Migrator, sql } from "kysely";
import { SQLITE_FILE } from "~/db/client.server";
import { MIGRATIONS } from "~/db/migrate.server";
import type { Database } from "~/db/schema";
import { logActivity } from "~/domains/history/index.server";
import { SERVER_ACTOR } from "~/domains/history";
import { backupDir, backupFileName, createBackup } from "./backup.server";
import {
  type AnyDb,
  type DataLocation,
  lastMigration,
  openSingleConnection,
  serverData,
} from "./connection.server";
import { HEARTBEAT_FRESH_MS, readHeartbeat } from "./heartbeat.server";
import { type Manifest, SECRET_FILES } from "./manifest";
import { insertRows, isBackupTable, type Row } from "./tables.server";
import { readTar } from "./tar.server";
import { uploadsRestore, type UploadsRestore } from "./uploads-files.server";
import { archiveStream, BackupRefused, verifyBackup } from "./verify.server";

export interface RestoreReport {
  manifest: Manifest;
  dryRun: boolean;
  /** The archive of the data as it was before, kept in BACKUP_DIR; null when there was none. */
  previousCopy: string | null;
  tables: { name: string; rows: number }[];
  files: number;
  secrets: string[];
}

function stampOf(date: Date): string {
  return date
    .toISOString()
    .replace(/\.\d+Z$/, "Z")
    .replace(/:/g, "-");
}

async function refuseWhileServing(location: DataLocation, now: Date): Promise<string | null> {
  const db = openSingleConnection(location);
  try {
    const heartbeat = await readHeartbeat(db);
    if (heartbeat && now.getTime() - heartbeat.getTime() < HEARTBEAT_FRESH_MS) {
      throw new BackupRefused(
        `Un serveur tourne encore sur ces données (dernier signe de vie à ${heartbeat.toISOString()}) : ` +
          "arrêtez-le, attendez deux minutes, puis relancez la restauration.",
      );
    }
    return await lastMigration(db).catch(() => null);
  } finally {
    await db.destroy();
  }
}

/**
 * The restore's transaction as the migrator sees it: its `connection()` is the transaction
 * itself (Kysely refuses it on a transaction), so the migrations run inside, and a
 * migration that opens its own transaction (018) sees `isTransaction` and joins it.
 */
function migratorOn(trx: AnyDb): Migrator {
  const handle: AnyDb = new Proxy(trx, {
    get(target, property) {
      if (property === "connection") {
        return () => ({ execute: <T>(work: (db: AnyDb) => Promise<T>) => work(handle) });
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return new Migrator({
    db: handle,
    provider: { getMigrations: async () => MIGRATIONS },
    // The restore's own transaction holds the migrations (PostgreSQL).
    disableTransactions: true,
  });
}

async function migrate(db: AnyDb, to: string | "latest"): Promise<void> {
  const migrator = migratorOn(db);
  const { error } =
    to === "latest" ? await migrator.migrateToLatest() : await migrator.migrateTo(to);
  if (error) throw error;
}

/** Rows inserted at a time: 100, or fewer when they hold more than BATCH_CHARS of text. */
const BATCH_ROWS = 100;
const BATCH_CHARS = 4_000_000;

/** Splits a table entry's chunks into rows, inserted a batch at a time. */
async function insertTable(
  db: AnyDb,
  table: string,
  body: AsyncIterable<Buffer>,
  hash: ReturnType<typeof createHash>,
) {
  if (!isBackupTable(table)) throw new BackupRefused(`Table inconnue : « ${table} ».`);
  let rest = "";
  let batch: Row[] = [];
  let batchChars = 0;
  let rows = 0;
  const decoder = new TextDecoder("utf-8", { fatal: true });
  for await (const chunk of body) {
    hash.update(chunk);
    const lines = (rest + decoder.decode(chunk, { stream: true })).split("\n");
    rest = lines.pop() ?? "";
    for (const line of lines) {
      batch.push(JSON.parse(line) as Row);
      batchChars += line.length;
      rows++;
      if (batch.length >= BATCH_ROWS || batchChars >= BATCH_CHARS) {
        await insertRows(db, table, batch);
        batch = [];
        batchChars = 0;
      }
    }
  }
  if (rest !== "") throw new BackupRefused(`Table « ${table} » tronquée.`);
  await insertRows(db, table, batch);
  return rows;
}

/**
 * Fills the migrated, emptied database `db` and the staged files from the archive,
 * checking each entry's SHA-256 again (the file may have changed since verify).
 */
async function fillFromArchive(
  file: string,
  manifest: Manifest,
  db: AnyDb,
  staged: { uploads: UploadsRestore; secret: (name: string) => string },
): Promise<{ files: number; secrets: string[] }> {
  const expected = new Map(manifest.entries.map((entry) => [entry.name, entry.sha256]));
  const tableOf = new Map(manifest.tables.map((table) => [table.entry, table.name]));
  let files = 0;
  const secrets: string[] = [];
  await readTar(archiveStream(file), async (entry, body) => {
    const sha256 = expected.get(entry.name);
    if (sha256 === undefined) return;
    const hash = createHash("sha256");
    const table = tableOf.get(entry.name);
    if (table) {
      await insertTable(db, table, body, hash);
    } else {
      const hashed = async function* () {
        for await (const chunk of body) {
          hash.update(chunk);
          yield chunk;
        }
      };
      if (entry.name.startsWith("uploads/")) {
        files++;
        await staged.uploads.write(entry.name.slice("uploads/".length), Readable.from(hashed()));
      } else {
        const name = entry.name.slice("secrets/".length);
        secrets.push(name);
        await pipeline(
          Readable.from(hashed()),
          fs.createWriteStream(staged.secret(name), { mode: 0o600 }),
        );
      }
    }
    if (hash.digest("hex") !== sha256) {
      throw new BackupRefused(`Fichier modifié depuis la vérification : « ${entry.name} ».`);
    }
  });
  return { files, secrets };
}

/** The restored rows, ready to be committed: every check made, sessions ended, the journal told. */
async function restoreInto(
  db: AnyDb,
  file: string,
  manifest: Manifest,
  staged: { uploads: UploadsRestore; secret: (name: string) => string },
  postgres: boolean,
) {
  await migrate(db, manifest.migration);
  // The migrations wrote rows of their own (the page cache's versions, the default menu).
  for (const table of [...manifest.tables].reverse()) await db.deleteFrom(table.name).execute();
  const filled = await fillFromArchive(file, manifest, db, staged);
  for (const table of manifest.tables) {
    const { count } = (await db
      .selectFrom(table.name)
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .executeTakeFirstOrThrow()) as { count: number | string };
    if (Number(count) !== table.rows) {
      throw new BackupRefused(
        `Table « ${table.name} » : ${count} lignes restaurées au lieu de ${table.rows}.`,
      );
    }
  }
  if (postgres) {
    // Inserted ids leave the identity sequences behind: the next insert would collide.
    const identities = await sql<{ table_name: string; column_name: string }>`
      select table_name, column_name from information_schema.columns
      where table_schema = current_schema() and is_identity = 'YES'`.execute(db);
    for (const { table_name: table, column_name: column } of identities.rows) {
      await sql`select setval(pg_get_serial_sequence(${table}, ${column}),
        coalesce((select max(${sql.ref(column)}) from ${sql.table(table)}), 0) + 1, false)`.execute(
        db,
      );
    }
  }
  await migrate(db, "latest");
  if (!postgres) {
    const integrity = (await sql<{ integrity_check: string }>`pragma integrity_check`.execute(db))
      .rows;
    if (integrity.map((row) => row.integrity_check).join(" ") !== "ok") {
      throw new BackupRefused(
        "Base restaurée endommagée (integrity_check) : rien n'a été remplacé.",
      );
    }
    const orphans = (await sql`pragma foreign_key_check`.execute(db)).rows;
    if (orphans.length > 0) {
      throw new BackupRefused(
        `Références brisées dans la base restaurée (${orphans.length}) : rien n'a été remplacé.`,
      );
    }
  }
  // PostgreSQL checked every constraint at each insert (in dependency order).
  await db.deleteFrom("sessions").execute();
  await logActivity(
    SERVER_ACTOR,
    { action: "backup.restored", itemLabel: `${path.basename(file)} (${manifest.createdAt})` },
    { db: db as Kysely<Database> },
  );
  return filled;
}

async function dropAppTables(db: AnyDb): Promise<void> {
  const tables = await sql<{ tablename: string }>`
    select tablename from pg_tables where schemaname = current_schema()`.execute(db);
  for (const { tablename } of tables.rows) {
    await sql`drop table if exists ${sql.table(tablename)} cascade`.execute(db);
  }
}

/** Puts a checkpointed live SQLite file aside and the restored one in its place. */
function swapSqlite(dataDir: string, restoredFile: string): void {
  const live = path.join(dataDir, SQLITE_FILE);
  if (fs.existsSync(live)) {
    // Its write-ahead log goes into it first: a log left beside would be replayed on the new file.
    const handle = new SQLite(live);
    handle.pragma("wal_checkpoint(TRUNCATE)");
    handle.close();
    for (const suffix of ["-wal", "-shm"]) fs.rmSync(live + suffix, { force: true });
  }
  fs.renameSync(restoredFile, live);
}

/** Ends a dry run's transaction by a rollback. */
class DryRunDone extends Error {}

export async function restoreBackup(
  file: string,
  {
    dryRun = false,
    location = serverData(),
    now = new Date(),
  }: { dryRun?: boolean; location?: DataLocation; now?: Date } = {},
): Promise<RestoreReport> {
  const manifest = await verifyBackup(file);
  // After an `rm -rf` of DATA_DIR, the restore makes it again.
  fs.mkdirSync(location.dataDir, { recursive: true });
  const current = await refuseWhileServing(location, now);
  const stamp = stampOf(now);
  let previousCopy: string | null = null;
  if (current && !dryRun) {
    previousCopy = (
      await createBackup({
        outFile: path.join(backupDir(location.dataDir), backupFileName(now, "avant-restauration")),
        location,
      })
    ).file;
  }
  const uploads = await uploadsRestore(location.dataDir, { stamp, dryRun });
  const stagedSecret = (name: string) => {
    if (!(SECRET_FILES as readonly string[]).includes(name))
      throw new BackupRefused(`Secret inconnu : ${name}`);
    return path.join(location.dataDir, `${name}.restore-${stamp}`);
  };
  const staged = { uploads, secret: stagedSecret };
  let filled: { files: number; secrets: string[] } | undefined;
  let placed = false;
  const restoredName = `${SQLITE_FILE}.restore-${stamp}`;
  const restoredFile = path.join(location.dataDir, restoredName);
  try {
    // PostgreSQL: the live database, in one transaction; SQLite: a new file beside the live one.
    const db = openSingleConnection(location, restoredName);
    try {
      await db
        .transaction()
        .execute(async (trx) => {
          if (location.databaseUrl) await dropAppTables(trx);
          filled = await restoreInto(trx, file, manifest, staged, Boolean(location.databaseUrl));
          if (dryRun && location.databaseUrl) throw new DryRunDone();
        })
        .catch((error: unknown) => {
          if (!(error instanceof DryRunDone)) throw error;
        });
      if (!location.databaseUrl) await sql`pragma journal_mode = delete`.execute(db);
    } finally {
      await db.destroy();
    }
    if (!location.databaseUrl && !dryRun) swapSqlite(location.dataDir, restoredFile);
    if (!filled) throw new Error("Restauration inachevée");
    if (!dryRun) {
      placed = true;
      await uploads.commit();
      for (const name of filled.secrets) {
        const live = path.join(location.dataDir, name);
        if (fs.existsSync(live)) fs.renameSync(live, `${live}.avant-restauration-${stamp}`);
        fs.renameSync(stagedSecret(name), live);
      }
    }
  } finally {
    // Once the database is in place, its files stay (a failed swap says where they wait).
    if (!placed) await uploads.discard();
    for (const name of SECRET_FILES) fs.rmSync(stagedSecret(name), { force: true });
    for (const suffix of ["", "-wal", "-shm", "-journal"]) {
      fs.rmSync(restoredFile + suffix, { force: true });
    }
  }
  return {
    manifest,
    dryRun,
    previousCopy,
    tables: manifest.tables.map((table) => ({ name: table.name, rows: table.rows })),
    files: filled.files,
    secrets: filled.secrets,
  };
}
