import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBackup } from "~/domains/backups/backup.server";
import type { DataLocation } from "~/domains/backups/connection.server";
import { writeHeartbeat } from "~/domains/backups/heartbeat.server";
import { restoreBackup } from "~/domains/backups/restore.server";
import { verifyBackup } from "~/domains/backups/verify.server";
import { type DB, setDb } from "~/db/client.server";
import { MIGRATIONS } from "~/db/migrate.server";
import { fillSite, filesDigest, openData, tablesDigest, tempDir } from "../../../tests/backup-data";
import { rewriteArchive } from "../../../tests/backup-archive";

// A data folder of this file's own (and, on PostgreSQL, the test database).
const location: DataLocation = {
  databaseUrl: process.env.TEST_DATABASE_URL || null,
  dataDir: tempDir("data"),
};
const outDir = tempDir("archives");
let db: DB;
let archive: string;
let tables: Awaited<ReturnType<typeof tablesDigest>>;
let files: Record<string, string>;

beforeAll(async () => {
  await fillSite(location);
  db = await openData(location);
  archive = (await createBackup({ outFile: path.join(outDir, "site.tar.gz"), location })).file;
  tables = await tablesDigest(db);
  files = filesDigest(location.dataDir);
}, 180_000);

afterAll(async () => {
  await db.destroy();
  setDb(undefined);
  fs.rmSync(location.dataDir, { recursive: true, force: true });
  fs.rmSync(outDir, { recursive: true, force: true });
});

/** The server stopped, its data gone: `rm -rf` of DATA_DIR (and an empty PostgreSQL database). */
async function wipe() {
  await db.destroy();
  fs.rmSync(location.dataDir, { recursive: true, force: true });
  fs.mkdirSync(location.dataDir);
  db = await openData(location, { empty: true });
  await db.destroy();
}

describe("backup", () => {
  it("holds every table, every upload with its variants and a manifest; the secrets left out", async () => {
    const manifest = await verifyBackup(archive);
    expect(manifest.migration).toBe(Object.keys(MIGRATIONS).at(-1));
    expect(manifest.engine).toBe(location.databaseUrl ? "postgres" : "sqlite");
    const counted = Object.fromEntries(manifest.tables.map((t) => [t.name, t.rows]));
    for (const [name, digest] of Object.entries(tables)) {
      if (name !== "app_meta") expect([name, counted[name]]).toEqual([name, digest.rows]);
    }
    expect(counted.sessions).toBe(1);
    expect(counted.blog_posts).toBeGreaterThan(1);
    const uploads = manifest.entries
      .filter((e) => e.name.startsWith("uploads/"))
      .map((e) => e.name.slice(8));
    expect(uploads.sort()).toEqual(Object.keys(files).sort());
    expect(uploads.some((name) => name.includes("variants") || /-\d+w?\./.test(name))).toBe(true);
    expect(manifest.leftOut).toEqual(["secrets/form-secret", "secrets/secret-key"]);
  });
});

describe("restore", () => {
  it("after a wipe, gives back every table and every file; sessions ended; the journal tells", async () => {
    await wipe();
    const report = await restoreBackup(archive, { location });
    expect(report.previousCopy).not.toBeNull(); // the empty, migrated database, kept all the same
    db = await openData(location);
    expect(await tablesDigest(db)).toEqual(tables);
    expect(filesDigest(location.dataDir)).toEqual(files);
    expect(await db.selectFrom("sessions").select("id").execute()).toEqual([]);
    const journal = await db
      .selectFrom("activity_log")
      .select(["username", "action", "item_label"])
      .where("action", "=", "backup.restored")
      .execute();
    expect(journal).toEqual([
      {
        username: "serveur",
        action: "backup.restored",
        item_label: expect.stringContaining("site.tar.gz"),
      },
    ]);
  }, 60_000);

  it("keeps a copy of the current data in DATA_DIR/backups, named for an operator", async () => {
    await restoreBackup(archive, { location });
    const kept = fs.readdirSync(path.join(location.dataDir, "backups"));
    expect(kept.some((name) => /^sauvegarde-.*-avant-restauration\.tar\.gz$/.test(name))).toBe(
      true,
    );
    await db.destroy();
    db = await openData(location);
  }, 60_000);

  it("--with-secrets: the secrets come back, the ones they replace kept beside", async () => {
    const secret = (name: string) => path.join(location.dataDir, name);
    fs.writeFileSync(secret("form-secret"), "form-1");
    fs.writeFileSync(secret("secret-key"), "key-1");
    const withSecrets = await createBackup({
      outFile: path.join(outDir, "secrets.tar.gz"),
      withSecrets: true,
      location,
    });
    expect(withSecrets.manifest.leftOut).toEqual([]);
    fs.writeFileSync(secret("secret-key"), "key-2");
    await db.destroy();
    const report = await restoreBackup(withSecrets.file, { location });
    db = await openData(location);
    expect(report.secrets).toEqual(["form-secret", "secret-key"]);
    expect(fs.readFileSync(secret("secret-key"), "utf8")).toBe("key-1");
    const kept = fs.readdirSync(location.dataDir).filter((name) => name.startsWith("secret-key."));
    expect(kept).toEqual([expect.stringMatching(/^secret-key\.avant-restauration-/)]);
    expect(fs.readFileSync(secret(kept[0]!), "utf8")).toBe("key-2");
  }, 60_000);

  it("--dry-run says what it would restore and changes nothing", async () => {
    await db.deleteFrom("contact_messages").execute();
    const before = await tablesDigest(db);
    const report = await restoreBackup(archive, { location, dryRun: true });
    expect(report.tables.find((t) => t.name === "contact_messages")?.rows).toBe(1);
    expect(report.files).toBe(Object.keys(files).length);
    expect(await tablesDigest(db)).toEqual(before);
    expect(fs.readdirSync(location.dataDir).filter((name) => name.includes("restore"))).toEqual([]);
  }, 60_000);

  it("refuses while a server's heartbeat is younger than two minutes, and changes nothing", async () => {
    const before = await tablesDigest(db);
    await writeHeartbeat(db, new Date(Date.now() - 60_000));
    await expect(restoreBackup(archive, { location })).rejects.toThrow(
      "Un serveur tourne encore sur ces données",
    );
    expect(await tablesDigest(db)).toEqual(before);
    await writeHeartbeat(db, new Date(Date.now() - 3 * 60_000));
    await expect(restoreBackup(archive, { location, dryRun: true })).resolves.toBeTruthy();
  }, 60_000);
});

describe("a damaged or foreign archive", () => {
  it("one byte changed in a table file: refused by verify and by restore, the data untouched", async () => {
    const tampered = path.join(outDir, "tampered.tar.gz");
    await rewriteArchive(archive, tampered, (name, body) => {
      if (name !== "tables/09-blog_posts.ndjson") return body;
      const copy = Buffer.from(body);
      copy[10] = copy[10]! ^ 1;
      return copy;
    });
    await expect(verifyBackup(tampered)).rejects.toThrow(
      "Fichier endommagé ou modifié : « tables/09-blog_posts.ndjson »",
    );
    const before = await tablesDigest(db);
    const beforeFiles = filesDigest(location.dataDir);
    await expect(restoreBackup(tampered, { location })).rejects.toThrow(
      "Fichier endommagé ou modifié",
    );
    expect(await tablesDigest(db)).toEqual(before);
    expect(filesDigest(location.dataDir)).toEqual(beforeFiles);
  });

  it("a backup from a newer migration than the code's is refused", async () => {
    const newer = path.join(outDir, "newer.tar.gz");
    await rewriteArchive(archive, newer, (name, body) => {
      if (name !== "manifest.json") return body;
      const manifest = JSON.parse(body.toString("utf8"));
      return Buffer.from(JSON.stringify({ ...manifest, migration: "099-from-the-future" }));
    });
    await expect(verifyBackup(newer)).rejects.toThrow(
      "Cette sauvegarde vient d'une version plus récente du site (migration « 099-from-the-future » inconnue de ce code)",
    );
    await expect(restoreBackup(newer, { location })).rejects.toThrow("version plus récente");
  });

  it("a file that is no backup is refused in French", async () => {
    const junk = path.join(outDir, "junk.tar.gz");
    fs.writeFileSync(junk, "pas une archive");
    await expect(verifyBackup(junk)).rejects.toThrow("Archive illisible");
  });
});
