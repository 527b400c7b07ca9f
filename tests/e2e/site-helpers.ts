import fs from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";
import Database from "better-sqlite3";

/*
 * Shared by the site-* specs (public pages of part A): direct access to the e2e server's
 * SQLite database, a cross-process lock, the axe check and a reader of meta tags.
 *
 * NOTE: both projects (mobile, desktop) and both workers hit the same server and database.
 * A test that changes data takes the lock named after what it changes, and so does every
 * test that reads that data, so nobody reads a half-changed page; the change is undone
 * before the lock is released.
 */

function dataDir(): string {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error("E2E_DATA_DIR is not set (see playwright.config.ts)");
  return dir;
}

let handle: Database.Database | undefined;

export function db(): Database.Database {
  if (!handle) {
    handle = new Database(path.join(dataDir(), "club.sqlite"));
    handle.pragma("busy_timeout = 5000");
  }
  return handle;
}

const LOCK_STALE_MS = 120_000;

/** Runs `fn` while holding the lock `name` across workers and projects. */
export async function withSiteLock<T>(name: string, fn: () => Promise<T>): Promise<T> {
  const lock = path.join(dataDir(), `site-e2e-${name}.lock`);
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
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  try {
    return await fn();
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}

export function getSetting<T>(category: string): T {
  const row = db()
    .prepare("select settings from site_settings where category = ?")
    .get(category) as { settings: string } | undefined;
  return JSON.parse(row?.settings ?? "{}") as T;
}

/** Replaces one settings row for the duration of `fn`, then puts the original back. */
export async function withSetting<T>(
  category: string,
  settings: unknown,
  fn: () => Promise<T>,
): Promise<T> {
  const select = db().prepare("select settings, updated_at from site_settings where category = ?");
  const original = select.get(category) as { settings: string; updated_at: string };
  const update = db().prepare(
    "update site_settings set settings = ?, updated_at = ? where category = ?",
  );
  update.run(JSON.stringify(settings), new Date().toISOString(), category);
  try {
    return await fn();
  } finally {
    update.run(original.settings, original.updated_at, category);
  }
}

/** The accessibility check of every page: axe finds no violation at all. */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const summary = results.violations.map((v) => ({
    id: v.id,
    impact: v.impact,
    help: v.help,
    targets: v.nodes.slice(0, 5).map((n) => n.target.join(" ")),
  }));
  expect(summary).toEqual([]);
}

/** The content of a meta tag, by name or property, in server HTML. */
export function metaContent(html: string, key: string): string | undefined {
  const tag = html.match(
    new RegExp(`<meta[^>]+(?:name|property)="${key.replace(/[.:]/g, "\\$&")}"[^>]*>`),
  )?.[0];
  return tag?.match(/content="([^"]*)"/)?.[1];
}

export function canonicalHref(html: string): string | undefined {
  return html.match(/<link[^>]+rel="canonical"[^>]*>/)?.[0].match(/href="([^"]*)"/)?.[1];
}

/** Decodes the few entities React writes in attribute values and text. */
export function decodeHtml(text: string): string {
  return text
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">");
}

/** The server's HTML of a page as text with entities decoded. */
export async function serverHtml(
  request: { get: (url: string) => Promise<{ status(): number; text(): Promise<string> }> },
  url: string,
): Promise<string> {
  const response = await request.get(url);
  expect(response.status(), `status of ${url}`).toBe(200);
  return decodeHtml(await response.text());
}

/** The page must never scroll sideways. */
export async function expectNoHorizontalScroll(page: Page): Promise<void> {
  const [scrollWidth, innerWidth] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    window.innerWidth,
  ]);
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

/**
 * Resolves once the public pages' script (app/components/site/site-script.ts) has run to
 * the end of the document: it marks <html> with data-enhanced.
 */
export async function waitForSiteScript(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.hasAttribute("data-enhanced"));
}
