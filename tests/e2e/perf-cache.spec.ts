import http from "node:http";
import type { Socket } from "node:net";
import { request as playwrightRequest, type APIRequestContext } from "@playwright/test";
import { expect, test } from "./fixtures";
import { deleteActivitiesTitled } from "./admin-schedule-db";
import { db, deletePosts, insertPost, unique, withDbLock } from "./public-db";
import { axeCheck } from "./axe";

/*
 * The page cache (server/page-cache.ts) as visitors and the admin meet it: an admin's
 * edit shows on the very next visitor request, a signed-in render never reaches a
 * visitor, and a page revalidated with a 304 keeps a body whose nonce matches its CSP.
 */

async function visitor(baseURL: string | undefined): Promise<APIRequestContext> {
  // A fresh API context: no cookie, like a first-time visitor.
  return playwrightRequest.newContext({ baseURL });
}

test("an admin's publish and unpublish show on the very next visitor request", async ({
  page,
  login,
  baseURL,
}) => {
  const slug = unique("cache-article");
  const title = `Article du cache ${slug}`;
  const id = insertPost({ slug, title, is_published: 0 });
  const anonymous = await visitor(baseURL);
  try {
    // Publishing adds an article to the lists every public spec reads: one at a time.
    await withDbLock(async () => {
      // Kept by the cache (other specs' writes running meanwhile may empty it: ask again).
      await expect
        .poll(async () => {
          const answer = await anonymous.get(`/blog/${slug}`);
          return `${answer.status()} ${answer.headers()["x-page-cache"]}`;
        })
        .toBe("404 hit");

      await login();
      const published = await page.request.post("/admin/blog", {
        form: { intent: "publish", id: String(id), value: "true" },
      });
      expect(published.status()).toBeLessThan(400);

      const after = await anonymous.get(`/blog/${slug}`);
      expect(after.status()).toBe(200);
      expect(await after.text()).toContain(title);
      await expect
        .poll(async () => (await anonymous.get(`/blog/${slug}`)).headers()["x-page-cache"])
        .toBe("hit");

      const unpublished = await page.request.post("/admin/blog", {
        form: { intent: "publish", id: String(id), value: "false" },
      });
      expect(unpublished.status()).toBeLessThan(400);
      expect((await anonymous.get(`/blog/${slug}`)).status()).toBe(404);
    });
  } finally {
    deletePosts([id]);
    await anonymous.dispose();
  }
});

/** The site's content version and each table's (migration 006), as the page cache reads them. */
function versions(): Map<string, string> {
  const rows = db()
    .prepare("select key, value from app_meta where key like 'content_version%'")
    .all() as { key: string; value: string }[];
  return new Map(rows.map((row) => [row.key, row.value]));
}

/** The keys whose values differ between two readings of versions(). */
function moved(before: Map<string, string>, after: Map<string, string>): string[] {
  return [...after].filter(([key, value]) => before.get(key) !== value).map(([key]) => key);
}

/**
 * A visitor on one kept-alive connection: each server process has its own cache, and a
 * connection stays with the process that accepted it. `socket` tells which connection
 * answered, so a check is known to meet the cache it warmed.
 */
function connectedVisitor(baseURL: string) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const get = (path: string) =>
    new Promise<{ status: number; cache: string | undefined; socket: Socket }>(
      (resolve, reject) => {
        const request = http.get(new URL(path, baseURL), { agent }, (response) => {
          response.resume();
          response.on("end", () =>
            resolve({
              status: response.statusCode ?? 0,
              cache: response.headers["x-page-cache"] as string | undefined,
              socket: request.socket!,
            }),
          );
          response.on("error", reject);
        });
        request.on("error", reject);
      },
    );
  return { get, close: () => agent.destroy() };
}

test("a timetable save re-renders /planning and keeps the blog's pages in the cache", async ({
  page,
  login,
  baseURL,
}) => {
  const prefix = unique("Cache planning");
  const anonymous = await visitor(baseURL);
  const reader = connectedVisitor(baseURL!);
  try {
    await login();
    await withDbLock(async () => {
      // Other specs write meanwhile (settings, articles, outside this lock): a render during
      // a write depends on every table, and a write between the render and the check drops
      // the page rightly; the server may also close an idle connection, and the next lands
      // on another process with a cache of its own. An attempt counts only when none of
      // that happened; then the blog's page must still be a hit after the timetable save.
      let checked = false;
      for (let attempt = 1; attempt <= 5 && !checked; attempt += 1) {
        // A blog page no one asked for yet: rendered by this request, on this connection.
        const path = `/blog?visite=${unique("cache")}`;
        const before = versions();
        const rendered = await reader.get(path);
        expect(rendered.cache).toBeUndefined();
        expect(rendered.status).toBe(200);
        if (moved(before, versions()).length > 0) continue;
        const kept = await reader.get(path);
        if (kept.socket !== rendered.socket || moved(before, versions()).length > 0) continue;
        expect(kept.cache).toBe("hit");

        const title = `${prefix} ${attempt}`;
        const saved = await page.request.post("/admin/schedule", {
          form: {
            intent: "create",
            title,
            category: "adult",
            day: "Samedi",
            start_time: "10:00",
            end_time: "11:00",
          },
        });
        expect(saved.status()).toBeLessThan(400);
        expect(await (await anonymous.get("/planning?semaine=type")).text()).toContain(title);
        const blog = await reader.get(path);
        const changed = moved(before, versions());
        expect(changed).toContain("content_version:schedule_activities");
        if (blog.socket !== rendered.socket) continue;
        if (
          changed.some(
            (key) => key.startsWith("content_version:") && !key.endsWith(":schedule_activities"),
          )
        )
          continue;
        expect(blog.cache).toBe("hit");
        checked = true;
      }
      expect(checked).toBe(true);
    });
  } finally {
    deleteActivitiesTitled(prefix);
    reader.close();
    await anonymous.dispose();
  }
});

test("a page rendered for the signed-in admin is never kept for visitors", async ({
  page,
  login,
  baseURL,
}) => {
  const slug = unique("cache-brouillon");
  const title = `Brouillon du cache ${slug}`;
  const id = insertPost({ slug, title, is_published: 0 });
  const anonymous = await visitor(baseURL);
  try {
    await login();
    const preview = await page.request.get(`/admin/blog/${id}/apercu`);
    expect(preview.status()).toBe(200);
    expect(await preview.text()).toContain(title);
    expect(preview.headers()["cache-control"]).toContain("no-store");

    // The public home page as the admin sees it: private, untagged, never from the cache.
    for (let i = 0; i < 2; i += 1) {
      const home = await page.request.get("/");
      expect(home.headers()["cache-control"]).toBe("private, no-store");
      expect(home.headers().etag).toBeUndefined();
      expect(home.headers()["x-page-cache"]).toBeUndefined();
    }

    const stranger = await anonymous.get(`/admin/blog/${id}/apercu`, { maxRedirects: 0 });
    expect(stranger.status()).toBe(302);
    expect(await stranger.text()).not.toContain(title);
    const draft = await anonymous.get(`/blog/${slug}`);
    expect(draft.status()).toBe(404);
    expect(await draft.text()).not.toContain(title);
    const home = await anonymous.get("/");
    expect(home.headers()["cache-control"]).toBe("public, max-age=0, must-revalidate");
    expect(await home.text()).not.toContain(title);
  } finally {
    deletePosts([id]);
    await anonymous.dispose();
  }
});

test(
  "a cached page reloaded with a 304 runs its inline script without any CSP error",
  { tag: "@phone" },
  async ({ page }) => {
    // Public pages carry no React scripts any more (docs/decisions/005-…); what the nonce
    // renewed by the cache must allow is the site's inline script, which marks <html>.
    const problems: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") problems.push(message.text());
    });
    page.on("pageerror", (error) => problems.push(error.message));

    const first = await page.goto("/planning");
    const etag = first?.headers().etag;
    expect(etag).toBeTruthy();
    const reload = await page.reload();
    // Chromium revalidates with the tag it holds; the server's answer to it is a 304 (its
    // body, nonce included, is the one in the browser's cache), unless the content changed.
    expect(await reload?.request().headerValue("if-none-match")).toBe(etag);
    const check = await page.request.get("/planning", { headers: { "If-None-Match": etag! } });
    expect(check.status() === 304 || check.headers().etag !== etag).toBe(true);

    const enhanced = () =>
      page.evaluate(() => document.documentElement.hasAttribute("data-enhanced"));
    await expect.poll(enhanced).toBe(true);
    // The script works for real: the Infos menu opens from its button.
    if ((page.viewportSize()?.width ?? 0) >= 768) {
      const infos = page.getByRole("button", { name: "Infos" });
      await infos.click();
      await expect(infos).toHaveAttribute("aria-expanded", "true");
    } else {
      await page.getByRole("button", { name: "Ouvrir le menu" }).click();
      await expect(page.getByRole("navigation", { name: "Menu mobile" })).toBeVisible();
    }
    expect(problems.filter((text) => /Content Security Policy|nonce/i.test(text))).toEqual([]);
    expect(problems).toEqual([]);

    const results = await axeCheck(page).analyze();
    expect(results.violations).toEqual([]);
  },
);

test("the contact form is served from the cache with a stamp of its own time in each answer", async ({
  baseURL,
}) => {
  const anonymous = await visitor(baseURL);
  try {
    const stamps: string[] = [];
    let hit = false;
    // Each process renders the page once, then answers from its cache.
    for (let i = 0; i < 6 && !hit; i += 1) {
      const answer = await anonymous.get("/contact");
      expect(answer.headers()["cache-control"]).toBe("public, max-age=0, must-revalidate");
      hit = answer.headers()["x-page-cache"] === "hit";
      const stamp = (await answer.text()).match(/name="jeton" value="([^"]+)"/)?.[1];
      // The hidden field holds the answer's CSP nonce, the signed time it was shown.
      expect(answer.headers()["content-security-policy"]).toContain(`'nonce-${stamp}'`);
      stamps.push(stamp!);
    }
    expect(hit).toBe(true);
    expect(new Set(stamps).size).toBe(stamps.length);
  } finally {
    await anonymous.dispose();
  }
});
