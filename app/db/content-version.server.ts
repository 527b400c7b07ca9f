import path from "node:path";
import SQLite from "better-sqlite3";
import { getEnv } from "~/utils/env.server";
import { getDb, SQLITE_FILE, type DB } from "./client.server";
import { CONTENT_VERSION_KEY } from "./migrations/002-content-version";

/**
 * Reads the content version that the triggers of migration 002 move forward on every
 * content write, for the page cache (server/page-cache.js). Null when the row is missing:
 * the cache then serves nothing.
 */
export type ContentVersionReader = () => string | null | Promise<string | null>;

/**
 * SQLite: a prepared primary-key read on a connection of its own (a few microseconds,
 * synchronous, so a cache hit never waits for the event loop). It sees every commit, from
 * this process or another one, as soon as it is made (WAL). PostgreSQL: one query on the
 * app's pool per request.
 */
export function createContentVersionReader(
  options: { databaseUrl?: string | null; dataDir?: string; db?: DB } = {},
): { read: ContentVersionReader; close: () => void } {
  const env = getEnv();
  const databaseUrl = options.databaseUrl === undefined ? env.databaseUrl : options.databaseUrl;
  if (databaseUrl) {
    const db = options.db ?? getDb();
    return {
      read: async () => {
        const row = await db
          .selectFrom("app_meta")
          .select("value")
          .where("key", "=", CONTENT_VERSION_KEY)
          .executeTakeFirst();
        return row?.value ?? null;
      },
      close: () => {},
    };
  }
  const file = path.join(options.dataDir ?? env.dataDir, SQLITE_FILE);
  const sqlite = new SQLite(file, { fileMustExist: true });
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("query_only = ON");
  const statement = sqlite
    .prepare<[string], string>("select value from app_meta where key = ?")
    .pluck();
  return {
    read: () => statement.get(CONTENT_VERSION_KEY) ?? null,
    close: () => sqlite.close(),
  };
}
