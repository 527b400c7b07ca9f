import pg from "pg";
import { CONTENT_VERSION_KEY } from "./migrations/002-content-version";
import { CONTENT_VERSION_CHANNEL, TABLE_VERSION_PREFIX } from "./migrations/006-table-versions";

/** Reads the content version (app/db/content-version.server.ts); null when the row is missing. */
export type ContentVersionReader = () => string | null | Promise<string | null>;

/** The site's version and each content table's own (migration 006), read at once. */
export interface TableVersions {
  version: string;
  tables: Map<string, string>;
}

/** Names the listening connection in pg_stat_activity. */
export const LISTENER_APPLICATION_NAME = "club-content-versions";

/** Waits before listening again after the connection dropped: 0.5 s doubling, 30 s at most. */
const RETRY_MS = [500, 1000, 2000, 4000, 8000, 16_000, 30_000];

export interface VersionListener {
  read: ContentVersionReader;
  readTables: () => TableVersions | null;
  close: () => Promise<void>;
  /** True while the versions come by push (tests, and the page cache's choice of path). */
  listening: () => boolean;
  /**
   * Resolves true once this listener has learned every commit made before the call, false
   * after `timeoutMs` or when it is not listening.
   */
  caughtUp: (timeoutMs: number) => Promise<boolean>;
}

/**
 * PostgreSQL: the content versions learned by push, so a cache hit costs no query
 * (docs/decisions/004-page-cache.md). One connection of its own LISTENs to the channel on
 * which migration 006's trigger names, at each commit, the table it moved and the site's
 * new version. Each table's version here is the site's version at which it last moved.
 * While that connection is down, `read` asks the database on every request (`fallback`)
 * and `readTables` knows nothing (a write drops every page); once it is back, the versions
 * are read once.
 */
export function listenForContentVersions(
  databaseUrl: string,
  fallback: ContentVersionReader,
): VersionListener {
  let state: TableVersions | null = null;
  let client: pg.Client | null = null;
  let retries = 0;
  let timer: NodeJS.Timeout | undefined;
  let closed = false;

  /** Notifications that came while the versions were being read. */
  let early: pg.Notification[] | null = null;

  function learn(message: pg.Notification): void {
    if (message.channel !== CONTENT_VERSION_CHANNEL || !message.payload) return;
    if (!state) {
      early?.push(message);
      return;
    }
    const [table = "", version = ""] = message.payload.split(" ");
    // Versions only grow: one read before a commit it has already seen is not news.
    if (!table || !/^\d+$/.test(version) || BigInt(version) <= BigInt(state.version)) return;
    state.version = version;
    state.tables.set(table, version);
  }

  async function readAll(connection: pg.Client): Promise<TableVersions | null> {
    const { rows } = await connection.query<{ key: string; value: string }>(
      "select key, value from app_meta where key = $1 or key like $2",
      [CONTENT_VERSION_KEY, `${TABLE_VERSION_PREFIX}%`],
    );
    const version = rows.find((row) => row.key === CONTENT_VERSION_KEY)?.value;
    if (version === undefined) return null;
    // The tables' own numbers are not compared with the notified ones: each starts at the
    // site's version, as if it had last moved with it.
    const tables = new Map<string, string>();
    for (const row of rows) {
      if (row.key !== CONTENT_VERSION_KEY)
        tables.set(row.key.slice(TABLE_VERSION_PREFIX.length), version);
    }
    return { version, tables };
  }

  function dropped(connection: pg.Client, error?: Error): void {
    if (client !== connection) return;
    client = null;
    state = null;
    early = null;
    connection.end().catch(() => {});
    if (closed) return;
    if (error) console.error("Cache des pages : écoute des versions interrompue", error.message);
    const wait = RETRY_MS[Math.min(retries, RETRY_MS.length - 1)];
    retries += 1;
    timer = setTimeout(connect, wait);
    timer.unref();
  }

  async function connect(): Promise<void> {
    const connection = new pg.Client({
      connectionString: databaseUrl,
      application_name: LISTENER_APPLICATION_NAME,
    });
    client = connection;
    connection.on("notification", learn);
    connection.on("error", (error) => dropped(connection, error));
    connection.on("end", () => dropped(connection));
    try {
      await connection.connect();
      await connection.query(`listen ${CONTENT_VERSION_CHANNEL}`);
      // Listening before reading: a commit in between is in the read or in a notification.
      early = [];
      const known = await readAll(connection);
      if (client !== connection || closed) return;
      state = known;
      for (const message of early ?? []) learn(message);
      early = null;
      retries = 0;
    } catch (error) {
      dropped(connection, error as Error);
    }
  }

  void connect();

  return {
    read: () => (state ? state.version : fallback()),
    readTables: () => state,
    listening: () => state !== null,
    caughtUp: (timeoutMs) => {
      const connection = client;
      if (state === null || connection === null) return Promise.resolve(false);
      // A commit signals the listening backends before its client is answered, and a
      // backend sends the notifications it was signalled before it answers a query: once
      // this empty query is answered, `learn` has seen every commit made before it.
      const answered = connection.query("").then(
        () => client === connection && state !== null,
        () => false,
      );
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), timeoutMs);
      });
      return Promise.race([answered, late]).finally(() => clearTimeout(timer));
    },
    close: async () => {
      closed = true;
      clearTimeout(timer);
      const connection = client;
      client = null;
      state = null;
      await connection?.end().catch(() => {});
    },
  };
}
