import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createBackup } from "~/domains/backups/backup.server";
import type { DataLocation } from "~/domains/backups/connection.server";
import { restoreBackup } from "~/domains/backups/restore.server";
import { setDb } from "~/db/client.server";
import {
  emptyPostgres,
  fillSite,
  filesDigest,
  openData,
  tablesDigest,
  tempDir,
} from "../../../tests/backup-data";

const databaseUrl = process.env.TEST_DATABASE_URL;
const dirs = { sqlite: tempDir("sqlite"), postgres: tempDir("postgres"), back: tempDir("back") };
const outDir = tempDir("archives");

afterAll(() => {
  setDb(undefined);
  for (const dir of [...Object.values(dirs), outDir])
    fs.rmSync(dir, { recursive: true, force: true });
});

// The way from one machine to several: a backup on SQLite restored into PostgreSQL, and back.
describe.skipIf(!databaseUrl)("SQLite → PostgreSQL → SQLite", () => {
  it("gives back every table and every file on the other engine, each way", async () => {
    const sqlite: DataLocation = { databaseUrl: null, dataDir: dirs.sqlite };
    const source = await fillSite(sqlite);
    const tables = await tablesDigest(source);
    const files = filesDigest(sqlite.dataDir);
    await source.destroy();
    const fromSqlite = await createBackup({
      outFile: path.join(outDir, "sqlite.tar.gz"),
      location: sqlite,
    });
    expect(fromSqlite.manifest.engine).toBe("sqlite");

    const postgres: DataLocation = { databaseUrl: databaseUrl!, dataDir: dirs.postgres };
    await emptyPostgres(databaseUrl!);
    const intoPostgres = await restoreBackup(fromSqlite.file, { location: postgres });
    expect(intoPostgres.previousCopy).toBeNull(); // an empty database: nothing to keep
    const onPostgres = await openData(postgres);
    expect(await tablesDigest(onPostgres)).toEqual(tables);
    expect(filesDigest(postgres.dataDir)).toEqual(files);
    // The identity sequences follow the restored ids: the next row gets a new one.
    const stamp = new Date().toISOString();
    const next = await onPostgres
      .insertInto("blog_posts")
      .values({
        slug: "apres-migration",
        published_at: stamp,
        created_at: stamp,
        updated_at: stamp,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const highest = await onPostgres
      .selectFrom("blog_posts")
      .select((eb) => eb.fn.max("id").as("max"))
      .where("slug", "!=", "apres-migration")
      .executeTakeFirstOrThrow();
    expect(next.id).toBeGreaterThan(Number(highest.max));
    await onPostgres.deleteFrom("blog_posts").where("id", "=", next.id).execute();
    await onPostgres.destroy();
    const fromPostgres = await createBackup({
      outFile: path.join(outDir, "pg.tar.gz"),
      location: postgres,
    });
    expect(fromPostgres.manifest.engine).toBe("postgres");

    const back: DataLocation = { databaseUrl: null, dataDir: dirs.back };
    await restoreBackup(fromPostgres.file, { location: back });
    const onSqlite = await openData(back);
    expect(await tablesDigest(onSqlite)).toEqual(tables);
    expect(filesDigest(back.dataDir)).toEqual(files);
    await onSqlite.destroy();
  }, 120_000);
});
