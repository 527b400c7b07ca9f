import { expect, type Page } from "@playwright/test";
import { db, withLock } from "./e2e-data";

/*
 * Shared by the site-* specs (the home, disciplines, training, pages): settings read and swapped in the
 * e2e server's database (e2e-data.ts), the axe check and a reader of meta tags.
 */

export { db } from "./e2e-data";

/** Runs `fn` while holding the site lock `name` (see e2e-data.ts). */
export const withSiteLock = <T>(name: string, fn: () => Promise<T>): Promise<T> =>
  withLock(`site-e2e-${name}`, fn);

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
