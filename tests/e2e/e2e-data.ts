import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";

/*
 * The e2e server's data folder (E2E_DATA_DIR, set by playwright.config.ts): its SQLite
 * database, opened once per worker, and the cross-process locks.
 *
 * NOTE: both projects (mobile, desktop) and both workers hit the same server and database.
 * A test that changes data takes the lock named after what it changes, and so does every
 * test that reads that data, so nobody reads a half-changed page; the change is undone
 * before the lock is released.
 */

export function dataDir(): string {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error("E2E_DATA_DIR is not set (see playwright.config.ts)");
  return dir;
}

let handle: Database.Database | undefined;

/** The e2e server's database, shared by the tests of this worker. */
export function db(): Database.Database {
  if (!handle) {
    handle = new Database(path.join(dataDir(), "club.sqlite"));
    handle.pragma("busy_timeout = 5000");
  }
  return handle;
}

/** A lock left by a test that crashed is taken over after this long. */
const LOCK_STALE_MS = 120_000;

/** Runs `fn` while holding the lock `name` across workers and projects (a directory). */
export async function withLock<T>(name: string, fn: () => Promise<T>): Promise<T> {
  const lock = path.join(dataDir(), `${name}.lock`);
  const deadline = Date.now() + 90_000;
  for (;;) {
    try {
      fs.mkdirSync(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const stat = fs.statSync(lock, { throwIfNoEntry: false });
      if (stat && Date.now() - stat.mtimeMs > LOCK_STALE_MS) {
        fs.rmSync(lock, { recursive: true, force: true });
      }
      if (Date.now() > deadline) throw new Error(`lock ${name} not released in time`);
      // Another process holds it: look again shortly (no event tells when it is freed).
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  try {
    return await fn();
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}
