import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBackup } from "~/domains/backups/backup.server";
import type { DataLocation } from "~/domains/backups/connection.server";
import { restoreBackup } from "~/domains/backups/restore.server";
import { type DB, setDb } from "~/db/client.server";
import { getFileStore } from "~/storage/file-store.server";
import { rereadEnv } from "~/core/env.server";
import {
  fillSite,
  filesDigest,
  openData,
  storeDigest,
  tablesDigest,
  tempDir,
} from "../../../tests/backup-data";
import { startTestS3, type TestS3 } from "../../../tests/s3-server";

/*
 * Backups with the uploads on S3-compatible storage (a real s3rver on loopback): the way
 * from one machine to several (README « Back up ») is a backup of a site on the local disk
 * restored where S3_BUCKET is set; the bucket's files are then backed up and restored too.
 */

const location: DataLocation = {
  databaseUrl: process.env.TEST_DATABASE_URL || null,
  dataDir: tempDir("data"),
};
const outDir = tempDir("archives");
let s3: TestS3;
let db: DB;
let diskArchive: string;
let tables: Awaited<ReturnType<typeof tablesDigest>>;
let files: Record<string, string>;

function useS3(on: boolean) {
  for (const [name, value] of Object.entries(s3.env)) {
    if (on) process.env[name] = value;
    else delete process.env[name];
  }
  rereadEnv();
}

/** The server stopped, its data gone: `rm -rf` of DATA_DIR (and an empty PostgreSQL database). */
async function wipe() {
  await db.destroy();
  fs.rmSync(location.dataDir, { recursive: true, force: true });
  fs.mkdirSync(location.dataDir);
  db = await openData(location, { empty: true });
  await db.destroy();
}

async function emptyBucket() {
  const store = await getFileStore(location.dataDir);
  for (const { key } of await store.list("")) await store.delete(key);
}

beforeAll(async () => {
  s3 = await startTestS3();
  await fillSite(location);
  db = await openData(location);
  diskArchive = (await createBackup({ outFile: path.join(outDir, "disque.tar.gz"), location }))
    .file;
  tables = await tablesDigest(db);
  files = filesDigest(location.dataDir);
}, 60_000);

afterAll(async () => {
  useS3(false);
  await db.destroy();
  setDb(undefined);
  await s3.stop();
  fs.rmSync(location.dataDir, { recursive: true, force: true });
  fs.rmSync(outDir, { recursive: true, force: true });
});

describe("backups with the uploads on S3", () => {
  it("restores a site kept on the disk into the bucket: the same rows, the same files", async () => {
    expect(Object.keys(files).length).toBeGreaterThan(3);
    await wipe();
    useS3(true);
    await restoreBackup(diskArchive, { location });
    db = await openData(location);
    expect(await tablesDigest(db)).toEqual(tables);
    expect(await storeDigest(location.dataDir)).toEqual(files);
    // Nothing of them on the disk: the bucket holds them.
    expect(filesDigest(location.dataDir)).toEqual({});
  }, 60_000);

  it("backs up the bucket's files, and a restore puts back those the bucket lost", async () => {
    const archive = (await createBackup({ outFile: path.join(outDir, "bucket.tar.gz"), location }))
      .manifest;
    const archived = archive.entries
      .filter((entry) => entry.name.startsWith("uploads/"))
      .map((entry) => entry.name.slice("uploads/".length));
    expect(archived.sort()).toEqual(Object.keys(files).sort());

    await emptyBucket();
    await db.destroy();
    const dry = await restoreBackup(path.join(outDir, "bucket.tar.gz"), {
      location,
      dryRun: true,
    });
    expect(dry.files).toBe(archived.length);
    expect(await storeDigest(location.dataDir)).toEqual({}); // a dry run writes nothing

    await restoreBackup(path.join(outDir, "bucket.tar.gz"), { location });
    db = await openData(location);
    expect(await storeDigest(location.dataDir)).toEqual(files);
    expect(await tablesDigest(db)).toEqual(tables);
  }, 60_000);
});
