/*
 * The backup's and the restore's own database connection: one connection, outside the
 * app's pool, on which they open their transaction themselves (BEGIN as they need it:
 * the app's SQLite handle begins every transaction IMMEDIATE, which would stop the
 * site's writes for the whole backup).
 */
import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, PostgresDialect, SqliteDialect } from "kysely";
import pg from "pg";
import { SQLITE_FILE } from "~/db/client.server";
import { getEnv } from "~/core/env.server";

/** Where the data is: the server's (DATA_DIR, DATABASE_URL) unless a test says otherwise. */
export interface DataLocation {
  databaseUrl: string | null;
  dataDir: string;
}

export function serverData(): DataLocation {
  const env = getEnv();
  return { databaseUrl: env.databaseUrl, dataDir: env.dataDir };
}

export type Engine = "sqlite" | "postgres";

export function engineOf(location: DataLocation): Engine {
  return location.databaseUrl ? "postgres" : "sqlite";
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tables of whatever migration level the data is at
export type AnyDb = Kysely<any>;

/** A handle with one connection: PostgreSQL's pool of one, or a SQLite file of its own. */
export function openSingleConnection(location: DataLocation, sqliteFile = SQLITE_FILE): AnyDb {
  if (location.databaseUrl) {
    const pool = new pg.Pool({ connectionString: location.databaseUrl, max: 1 });
    return new Kysely({ dialect: new PostgresDialect({ pool }) });
  }
  const sqlite = new SQLite(path.join(location.dataDir, sqliteFile));
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  return new Kysely({ dialect: new SqliteDialect({ database: sqlite }) });
}

/** The last migration the data was brought to (kysely's own table). */
export async function lastMigration(db: AnyDb): Promise<string | null> {
  const row = (await db
    .selectFrom("kysely_migration")
    .select("name")
    .orderBy("name", "desc")
    .limit(1)
    .executeTakeFirst()) as { name: string } | undefined;
  return row?.name ?? null;
}
