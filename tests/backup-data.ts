/*
 * For the backup's tests: a site's data made by the app's own seed and factories, and
 * what an operator compares after a restore (every table's rows, every uploaded file).
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { BACKUP_TABLES, RUNTIME_META_KEYS } from "~/domains/backups/tables.server";
import type { DataLocation } from "~/domains/backups/connection.server";
import { createDatabase, type DB, setDb } from "~/db/client.server";
import { migrateToLatest } from "~/db/migrate.server";
import { seedDatabase } from "~/startup/seed.server";
import { getFileStore } from "~/storage/file-store.server";
import { createActivity, createPost } from "./factories";
import { createUser, signIn } from "./auth";

export function tempDir(label: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `club-${label}-`));
}

/** The app's handle on this data, migrated, set as getDb()'s. */
export async function openData(location: DataLocation, { empty = false } = {}): Promise<DB> {
  const db = createDatabase(location);
  if (empty && location.databaseUrl) {
    await sql`drop schema if exists public cascade`.execute(db);
    await sql`create schema public`.execute(db);
  }
  await migrateToLatest(db);
  setDb(db);
  return db;
}

/** A site with content, images and their variants, a volunteer signed in, a message and a trial booking. */
export async function fillSite(location: DataLocation): Promise<DB> {
  const db = await openData(location, { empty: true });
  await seedDatabase(db, { dataDir: location.dataDir });
  await createPost({
    title: "Gala de l'été",
    content: "<p>Accents : é à ç — « guillemets » 🥊</p>",
  });
  const activity = await createActivity({
    position_x: 12.5,
    position_y: 0.25,
    width: 33.75,
    trial_enabled: 1,
  });
  const userId = await createUser("tresoriere", "mot-de-passe", { email: "t@club.test" });
  await signIn(userId);
  const stamp = new Date().toISOString();
  await db
    .insertInto("contact_messages")
    .values({
      name: "Léa",
      email: "lea@club.test",
      subject: "Essai",
      message: "Bonjour\nà bientôt",
      created_at: stamp,
      updated_at: stamp,
    })
    .execute();
  await db
    .insertInto("trial_bookings")
    .values({
      activity_id: activity.id,
      session_date: "2026-12-07",
      status: "booked",
      first_name: "Léa",
      last_name: "Martin",
      email: "lea@club.test",
      level: "debutant",
      cancel_token_hash: "ab".repeat(32),
      created_at: stamp,
      updated_at: stamp,
    })
    .execute();
  await db
    .insertInto("trial_session_locks")
    .values({ activity_id: activity.id, session_date: "2026-12-07", locked_at: stamp })
    .execute();
  await db
    .insertInto("post_slugs")
    .values({ slug: "ancien-gala", post_id: 1, created_at: stamp })
    .execute();
  return db;
}

/** A PostgreSQL database with nothing in it, not even the migrations' tables. */
export async function emptyPostgres(databaseUrl: string): Promise<void> {
  const db = createDatabase({ databaseUrl, dataDir: os.tmpdir() });
  await sql`drop schema if exists public cascade`.execute(db);
  await sql`create schema public`.execute(db);
  await db.destroy();
}

/**
 * Every table's rows as an operator would compare them: row count and a hash of the rows
 * (keys sorted, rows sorted). Left out: the page cache's version numbers (a restore moves
 * them on purpose), the servers' heartbeat, the sessions (a restore ends them) and the
 * restore's own journal rows.
 */
export async function tablesDigest(
  db: DB,
): Promise<Record<string, { rows: number; sha256: string }>> {
  const out: Record<string, { rows: number; sha256: string }> = {};
  for (const table of BACKUP_TABLES) {
    if (table === "sessions") continue;
    let rows = (await db.selectFrom(table).selectAll().execute()) as Record<string, unknown>[];
    if (table === "app_meta") {
      rows = rows.filter(
        (row) =>
          !String(row.key).startsWith("content_version") &&
          !RUNTIME_META_KEYS.includes(String(row.key)),
      );
    }
    if (table === "activity_log") rows = rows.filter((row) => row.action !== "backup.restored");
    const lines = rows
      .map((row) =>
        JSON.stringify(
          Object.fromEntries(Object.entries(row).sort(([a], [b]) => (a < b ? -1 : 1))),
        ),
      )
      .sort();
    out[table] = {
      rows: rows.length,
      sha256: createHash("sha256").update(lines.join("\n")).digest("hex"),
    };
  }
  return out;
}

/** Every uploaded file (the .tmp folder aside) with its SHA-256. */
export function filesDigest(dataDir: string): Record<string, string> {
  const root = path.join(dataDir, "uploads");
  const out: Record<string, string> = {};
  if (!fs.existsSync(root)) return out;
  for (const entry of fs.readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const absolute = path.join(entry.parentPath, entry.name);
    const relative = path.relative(root, absolute);
    if (relative.startsWith(".tmp")) continue;
    out[relative] = createHash("sha256").update(fs.readFileSync(absolute)).digest("hex");
  }
  return out;
}

/** The same, read through the file store the environment chose (the bucket when S3 is set). */
export async function storeDigest(dataDir: string): Promise<Record<string, string>> {
  const store = await getFileStore(dataDir);
  const out: Record<string, string> = {};
  for (const { key } of await store.list("")) {
    const file = await store.get(key);
    const hash = createHash("sha256");
    for await (const chunk of file!.stream) hash.update(chunk as Buffer);
    out[key] = hash.digest("hex");
  }
  return out;
}
