import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { createDatabase, type DB } from "~/db/client.server";
import { migrateToLatest } from "~/db/migrate.server";

/**
 * A fresh, migrated database for one test file: a new SQLite file in a temporary
 * DATA_DIR, or, when TEST_DATABASE_URL is set, that PostgreSQL database emptied first
 * (files then run one at a time: vitest.config.ts).
 */
export async function createTestDatabase(): Promise<{
  db: DB;
  dataDir: string;
  cleanup: () => Promise<void>;
}> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "club-test-"));
  const databaseUrl = process.env.TEST_DATABASE_URL || null;
  const db = createDatabase({ databaseUrl, dataDir });
  if (databaseUrl) {
    await sql`drop schema if exists public cascade`.execute(db);
    await sql`create schema public`.execute(db);
  }
  await migrateToLatest(db);
  return {
    db,
    dataDir,
    cleanup: async () => {
      await db.destroy();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
