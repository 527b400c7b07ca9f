import path from "node:path";
import SQLite from "better-sqlite3";
import { getEnv } from "~/core/env.server";
import { getDb, SQLITE_FILE, type DB } from "./client.server";
import { CONTENT_VERSION_KEY } from "./migrations/002-content-version";
import { TABLE_VERSION_PREFIX } from "./migrations/006-table-versions";
import {
  listenForContentVersions,
  type ContentVersionReader,
  type TableVersions,
  type VersionListener,
} from "./version-listener.server";

export type { ContentVersionReader, TableVersions };

/**
 * Reads the content version that the triggers of migration 002 move forward on every
 * content write, for the page cache (server/page-cache.ts). Null when the row is missing:
 * the cache then serves nothing.
 */

/** PostgreSQL: this process's listener (seeOwnWrites). */
let pushed: VersionListener | null = null;

/** How long a save may wait for its own notification before it is answered anyway. */
const OWN_WRITE_WAIT_MS = 1_000;

/**
 * PostgreSQL: waits until this process's listener has learned the commits made so far, so
 * the save it follows is answered only once its notification has arrived (ADR 004). The
 * next request of the admin's browser, or a visitor's on this process, then shows it; the
 * other processes' listeners were sent the same notification at the same commit. A no-op
 * on SQLite, where each request reads the version.
 */
export async function seeOwnWrites(): Promise<void> {
  if (pushed?.listening()) await pushed.caughtUp(OWN_WRITE_WAIT_MS);
}

/**
 * SQLite: a prepared primary-key read on a connection of its own (a few microseconds,
 * synchronous, so a cache hit never waits for the event loop). It sees every commit, from
 * this process or another one, as soon as it is made (WAL). PostgreSQL: the versions come
 * by push (version-listener.server.ts), with a query per request while the listening
 * connection is down. `readTables` (read after a write) gives the tables' versions too,
 * so the cache keeps the pages whose tables did not move.
 */
export function createContentVersionReader(
  options: { databaseUrl?: string | null; dataDir?: string; db?: DB } = {},
): {
  read: ContentVersionReader;
  readTables: () => TableVersions | null;
  close: () => void | Promise<void>;
} {
  const env = getEnv();
  const databaseUrl = options.databaseUrl === undefined ? env.databaseUrl : options.databaseUrl;
  if (databaseUrl) {
    const db = options.db ?? getDb();
    const fallback: ContentVersionReader = async () => {
      const row = await db
        .selectFrom("app_meta")
        .select("value")
        .where("key", "=", CONTENT_VERSION_KEY)
        .executeTakeFirst();
      return row?.value ?? null;
    };
    const listener = listenForContentVersions(databaseUrl, fallback);
    // Once closed it is no longer listening, and seeOwnWrites waits for nothing.
    pushed = listener;
    return listener;
  }
  const file = path.join(options.dataDir ?? env.dataDir, SQLITE_FILE);
  const sqlite = new SQLite(file, { fileMustExist: true });
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("query_only = ON");
  const statement = sqlite
    .prepare<[string], string>("select value from app_meta where key = ?")
    .pluck();
  const all = sqlite.prepare<[string, string], { key: string; value: string }>(
    "select key, value from app_meta where key = ? or key like ?",
  );
  return {
    read: () => statement.get(CONTENT_VERSION_KEY) ?? null,
    readTables: () => {
      let version: string | null = null;
      const tables = new Map<string, string>();
      for (const row of all.all(CONTENT_VERSION_KEY, `${TABLE_VERSION_PREFIX}%`)) {
        if (row.key === CONTENT_VERSION_KEY) version = row.value;
        else tables.set(row.key.slice(TABLE_VERSION_PREFIX.length), row.value);
      }
      return version === null ? null : { version, tables };
    },
    close: () => {
      sqlite.close();
    },
  };
}
