import { AsyncLocalStorage } from "node:async_hooks";
import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  Kysely,
  PostgresAdapter,
  type Transaction,
  PostgresDialect,
  type PostgresDialectConfig,
  PostgresDriver,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
} from "kysely";
import pg from "pg";
import { getEnv } from "~/core/env.server";
import { guardAgainstNul } from "./nul-guard.server";
import type { Database } from "./schema";
import { tablesReadPlugin } from "./tables-read.server";

export type DB = Kysely<Database>;

export interface DatabaseOptions {
  /** `postgres://…` for PostgreSQL; null for the SQLite file in dataDir. */
  databaseUrl: string | null;
  dataDir: string;
  /** SQLite file name inside dataDir, or ":memory:". */
  sqliteFile?: string;
}

export const SQLITE_FILE = "club.sqlite";

// PostgreSQL returns int8 (count(*), sums) as strings; our counts fit in a number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));

/**
 * SQLite transactions take the write lock when they begin (BEGIN IMMEDIATE). One that
 * begins as a reader and writes after another process has written since fails at once
 * with "database is locked", whatever busy_timeout says; begun immediate, it waits its
 * turn behind the other writer instead. Every server process writes to the same file.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async acquireConnection(): Promise<DatabaseConnection> {
    return guardAgainstNul(await super.acquireConnection());
  }
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("begin immediate"));
  }
}

class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;
  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }
  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config);
  }
}

class GuardedPostgresDriver extends PostgresDriver {
  override async acquireConnection(): Promise<DatabaseConnection> {
    return guardAgainstNul(await super.acquireConnection());
  }
}

class GuardedPostgresDialect extends PostgresDialect {
  readonly #config: PostgresDialectConfig;
  constructor(config: PostgresDialectConfig) {
    super(config);
    this.#config = config;
  }
  override createDriver(): Driver {
    return new GuardedPostgresDriver(this.#config);
  }
}

export function createDatabase(options: DatabaseOptions): DB {
  if (options.databaseUrl) {
    // Connections are kept once opened: a new one costs its backend a fork and cold
    // catalogue caches (a first query of 190–350 ms under the bench's burst), and the
    // default of closing them after 10 s idle reopened some at every save under a burst.
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      idleTimeoutMillis: 0,
    });
    return new Kysely<Database>({
      dialect: new GuardedPostgresDialect({ pool }),
      plugins: [tablesReadPlugin],
    });
  }
  const file = options.sqliteFile ?? SQLITE_FILE;
  if (file !== ":memory:") fs.mkdirSync(options.dataDir, { recursive: true });
  const sqlite = new SQLite(file === ":memory:" ? file : path.join(options.dataDir, file));
  // WAL for readers during writes; FULL so a committed save survives a power cut.
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = FULL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  return new Kysely<Database>({
    dialect: new ImmediateSqliteDialect({ database: sqlite }),
    plugins: [tablesReadPlugin],
  });
}

/** Takes any Kysely handle or transaction, typed or not. */
export function isPostgres(db: Pick<Kysely<unknown>, "getExecutor">): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

// One handle per process, kept on globalThis so the dev server's reloads reuse it.
const holder = globalThis as typeof globalThis & { __clubDb?: DB };

function baseDb(): DB {
  if (!holder.__clubDb) {
    const env = getEnv();
    holder.__clubDb = createDatabase({ databaseUrl: env.databaseUrl, dataDir: env.dataDir });
  }
  return holder.__clubDb;
}

/** The transaction inTransaction opened, and what waits for its commit. */
interface OpenTransaction {
  db: DB;
  /** False once committed or rolled back: work begun inside that outlives it uses the database. */
  open: boolean;
  afterCommit: (() => void)[];
}

const openTransaction = new AsyncLocalStorage<OpenTransaction>();

/** The database, or the transaction that inTransaction opened around the caller. */
export function getDb(): DB {
  const current = openTransaction.getStore();
  return current?.open ? current.db : baseDb();
}

/**
 * A transaction handle on which `.transaction().execute(work)` runs `work` inside it:
 * the models' own transactions join the one inTransaction opened.
 */
function joinable(trx: Transaction<Database>): DB {
  const handle: DB = new Proxy(trx, {
    get(target, property) {
      if (property === "transaction") {
        const builder = {
          execute: <T>(work: (inner: DB) => Promise<T>) => work(handle),
          setIsolationLevel: () => builder,
          setAccessMode: () => builder,
        };
        return () => builder;
      }
      const value: unknown = Reflect.get(target, property, target);
      // Kysely's classes keep private fields: their methods must run on the real object.
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return handle;
}

/**
 * Runs `work` in one transaction: every getDb() it calls, and every transaction a model
 * opens inside, is that transaction. Used to write the journal with the act it records
 * (app/domains/history/activity-log.server.ts); inside one already, `work` joins it.
 */
export async function inTransaction<T>(work: () => Promise<T>): Promise<T> {
  if (openTransaction.getStore()?.open) return work();
  const current: OpenTransaction = { db: baseDb(), open: true, afterCommit: [] };
  let result: T;
  try {
    result = await baseDb()
      .transaction()
      .execute((trx) => {
        current.db = joinable(trx);
        return openTransaction.run(current, work);
      });
  } finally {
    current.open = false;
  }
  // Outside the transaction's context, so that nothing they start inherits it.
  openTransaction.exit(() => {
    for (const task of current.afterCommit) task();
  });
  return result;
}
/**
 * Runs `task` once the caller's transaction has committed, never if it rolls back; at
 * once outside a transaction. For what must see the committed rows (waking the mail worker).
 */
export function afterCommit(task: () => void): void {
  const current = openTransaction.getStore();
  if (current?.open) current.afterCommit.push(task);
  else task();
}
/** Used by tests and scripts to run the app's code on a database they created. */
export function setDb(db: DB | undefined): void {
  if (openTransaction.getStore()?.open) throw new Error("setDb inside a transaction");
  holder.__clubDb = db;
}

export function now(): string {
  return new Date().toISOString();
}
