import { randomBytes } from "node:crypto";
import path from "node:path";
import { test as base, expect } from "@playwright/test";
import Database from "better-sqlite3";
import { hashSessionId } from "../../app/utils/session-hash";

/*
 * Playwright fixtures for back-office tests. `login` signs the page in as the e2e admin by
 * writing a session row straight into the e2e server's database
 * (E2E_DATA_DIR/club.sqlite, see playwright.config.ts; the row holds the hash of the id,
 * as the app stores it) and setting its cookie: no trip through the login form, which has
 * its own tests (auth.spec.ts) and its 800 ms delay.
 *
 *   import { test, expect } from "./fixtures";
 *   test("…", async ({ page, login }) => { await login(); await page.goto("/admin"); });
 */

// NOTE: must match SESSION_COOKIE in app/utils/session.server.ts.
export const SESSION_COOKIE = "__session";
export const ADMIN_USERNAME = "admin";
export const ADMIN_PASSWORD = "e2e-mot-de-passe";

const DAY = 24 * 60 * 60 * 1000;

function openDatabase(): Database.Database {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error("E2E_DATA_DIR is not set (see playwright.config.ts)");
  const db = new Database(path.join(dir, "club.sqlite"));
  db.pragma("busy_timeout = 5000");
  return db;
}

/** Creates a live session row for the user and returns its id. */
export function createSessionRow(username = ADMIN_USERNAME): string {
  const db = openDatabase();
  try {
    const id = randomBytes(32).toString("base64url");
    const now = new Date();
    const inserted = db
      .prepare(
        `insert into sessions (id, user_id, created_at, last_used_at, expires_at)
         select ?, id, ?, ?, ? from users where username = ?`,
      )
      .run(
        hashSessionId(id),
        now.toISOString(),
        now.toISOString(),
        new Date(now.getTime() + 30 * DAY).toISOString(),
        username,
      );
    if (inserted.changes !== 1) throw new Error(`No user « ${username} » in the e2e database`);
    return id;
  } finally {
    db.close();
  }
}

export function deleteSessionRow(id: string): void {
  const db = openDatabase();
  try {
    db.prepare("delete from sessions where id = ?").run(hashSessionId(id));
  } finally {
    db.close();
  }
}

export const test = base.extend<{ login: (username?: string) => Promise<string> }>({
  // NOTE: Playwright's `use` is named `provide` here: the React hooks lint rule would take
  // a call to `use` for React's.
  login: async ({ context, baseURL }, provide) => {
    const created: string[] = [];
    await provide(async (username = ADMIN_USERNAME) => {
      const id = createSessionRow(username);
      created.push(id);
      await context.addCookies([
        { name: SESSION_COOKIE, value: id, url: baseURL!, httpOnly: true, sameSite: "Lax" },
      ]);
      return id;
    });
    for (const id of created) deleteSessionRow(id);
  },
});

export { expect };
