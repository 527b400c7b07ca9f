import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import type { TestProject } from "vitest/node";
import { createDatabase, SQLITE_FILE } from "~/db/client.server";
import { migrateToLatest } from "~/db/migrate.server";
import { dropCopies } from "./db";

declare module "vitest" {
  export interface ProvidedContext {
    /** The migrated SQLite file each test file copies (tests/setup/db.ts), or "". */
    sqliteTemplate: string;
    /** The migrated PostgreSQL database each test file copies, or "". */
    postgresTemplate: string;
  }
}

/*
 * Vitest's global setup: migrates one database, once per run, that every test file then
 * copies (tests/setup/db.ts) instead of migrating its own: on SQLite a file in a temporary
 * folder, on PostgreSQL the database of TEST_DATABASE_URL itself, emptied first.
 */
export default async function migrateTemplate(project: TestProject) {
  const databaseUrl = process.env.TEST_DATABASE_URL || null;
  if (databaseUrl) {
    // Those a killed run left behind.
    await dropCopies(databaseUrl);
    const db = createDatabase({ databaseUrl, dataDir: os.tmpdir() });
    try {
      await sql`drop schema if exists public cascade`.execute(db);
      await sql`create schema public`.execute(db);
      await migrateToLatest(db);
    } finally {
      await db.destroy();
    }
    project.provide("sqliteTemplate", "");
    project.provide("postgresTemplate", databaseUrl);
    return () => dropCopies(databaseUrl);
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "club-template-"));
  const db = createDatabase({ databaseUrl: null, dataDir });
  try {
    await migrateToLatest(db);
  } finally {
    // Closing the last connection folds the write-ahead log into the file: one file to copy.
    await db.destroy();
  }
  project.provide("sqliteTemplate", path.join(dataDir, SQLITE_FILE));
  project.provide("postgresTemplate", "");
  return () => fs.rmSync(dataDir, { recursive: true, force: true });
}
