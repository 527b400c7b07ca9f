import { randomBytes } from "node:crypto";
import { test as base, expect } from "@playwright/test";
import { hashSessionId } from "../../app/core/session-hash";
import { db } from "./e2e-data";

/*
 * Playwright fixtures for back-office tests. `login` signs the page in as the e2e admin by
 * writing a session row straight into the e2e server's database
 * (E2E_DATA_DIR/club.sqlite, see playwright.config.ts; the row holds the hash of the id,
 * as the app stores it) and setting its cookie: no trip through the login form, which has
 * its own tests (auth.spec.ts).
 *
 *   import { test, expect } from "./fixtures";
 *   test("…", async ({ page, login }) => { await login(); await page.goto("/admin"); });
 */

// NOTE: must match SESSION_COOKIE in app/domains/volunteers/session.server.ts.
export const SESSION_COOKIE = "__session";
export const ADMIN_USERNAME = "admin";
export const ADMIN_PASSWORD = "e2e-mot-de-passe";

const DAY = 24 * 60 * 60 * 1000;

/**
 * Creates a live session row for the user and returns its id: a full session past its
 * second factor (second_factor = 1), as the code step opens one.
 */
export function createSessionRow(username = ADMIN_USERNAME): string {
  const id = randomBytes(32).toString("base64url");
  const now = new Date();
  const inserted = db()
    .prepare(
      `insert into sessions (id, user_id, created_at, last_used_at, expires_at, second_factor)
         select ?, id, ?, ?, ?, 1 from users where username = ?`,
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
}

/**
 * A volunteer with these roles (space-separated, as users.roles holds them) in the e2e
 * database, created once: sign in as them with `login(username)`. The password is never
 * used (the fixture writes the session), so the hash is a placeholder no password matches.
 */
export function ensureVolunteer(username: string, roles: string, email: string | null = null) {
  const now = new Date().toISOString();
  db()
    .prepare(
      `insert into users (username, password_hash, roles, email, created_at, updated_at)
         values (?, '!', ?, ?, ?, ?)
         on conflict (username) do update set roles = excluded.roles, deactivated_at = null`,
    )
    .run(username, roles, email, now, now);
}

export function deleteSessionRow(id: string): void {
  db().prepare("delete from sessions where id = ?").run(hashSessionId(id));
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
