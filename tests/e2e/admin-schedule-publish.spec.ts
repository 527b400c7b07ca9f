import type { Page } from "@playwright/test";
import { formatDayMonthTime as formatScheduleInstant } from "../../app/core/date-format";
import { hydrated, toast } from "./admin-disciplines-db";
import { db } from "./e2e-data";
import { expect, test } from "./fixtures";
import { unique, withDbLock } from "./public-db";
import { screenshot } from "./screenshots";

/*
 * Scheduled publishing (docs/decisions/023-scheduled-publishing.md), as a volunteer does
 * it: « Publier le » in the article's editor, « Programmé pour le … » in the list; once
 * the due time has come (moved into the past here through the database) the server's
 * due-job, run every second for the e2e server (playwright.config.ts), publishes it and a
 * visitor finds it on /blog, in the RSS and the sitemap. Publishing takes the public specs'
 * lock, since it changes what every visitor sees.
 */

const titles: string[] = [];
test.afterAll(() => {
  for (const title of titles) db().prepare("delete from blog_posts where title = ?").run(title);
});

/** 08:00 in Paris, `days` from today, as the datetime-local field takes it. */
function parisMorning(days: number): string {
  const day = new Date(Date.now() + days * 86_400_000);
  const date = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Paris" }).format(day);
  return `${date}T08:00`;
}

const rowOf = (page: Page, title: string) =>
  page
    .getByRole("list", { name: "Articles" })
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: title, exact: true }) });

test("an article scheduled in its editor reads « Programmé pour le … », then goes out on /blog, the RSS and the sitemap", async ({
  page,
  login,
}) => {
  test.setTimeout(90_000);
  await login();
  await page.goto("/admin/blog");
  const title = unique("Fermeture de Noël");
  titles.push(title);

  await page.getByRole("button", { name: "Nouvel article" }).click();
  const dialog = page.getByRole("dialog", { name: "Nouvel article" });
  await dialog.getByRole("textbox", { name: "Titre", exact: true }).fill(title);
  await dialog
    .getByRole("textbox", { name: "Contenu", exact: true })
    .fill("La salle ferme du 20 décembre au 4 janvier.");
  // A date already past is refused in French, what was typed kept.
  await dialog.getByLabel("Publier le", { exact: true }).fill(parisMorning(-2));
  await dialog.getByRole("button", { name: "Créer l'article" }).click();
  await expect(dialog.getByText("La date « Publier le » est déjà passée")).toBeVisible();
  await expect(dialog.getByRole("textbox", { name: "Titre", exact: true })).toHaveValue(title);

  const at = parisMorning(20);
  await dialog.getByLabel("Publier le", { exact: true }).fill(at);
  await dialog.getByRole("button", { name: "Créer l'article" }).click();
  await expect(dialog).toBeHidden();

  const stored = db()
    .prepare("select id, slug, publish_at, is_published from blog_posts where title = ?")
    .get(title) as { id: number; slug: string; publish_at: string; is_published: number };
  expect(stored.is_published).toBe(0);
  const label = `Programmé pour le ${formatScheduleInstant(stored.publish_at, new Date())}`;
  expect(label).toMatch(/^Programmé pour le \d+(er)? \S+( \d{4})? à 08:00$/);
  await page.goto(`/admin/blog?statut=programme&q=${encodeURIComponent(title)}`);
  await expect(rowOf(page, title).getByText(label, { exact: true })).toBeVisible();
  await expect(rowOf(page, title).getByText("Brouillon")).toHaveCount(0);
  const shots = `test-results/schedule-${test.info().project.name}`;
  await screenshot(page, { path: `${shots}-list.png`, fullPage: true });
  // The editor shows the schedule as stored and the date in its field.
  await rowOf(page, title)
    .getByRole("button", { name: /^Modifier/ })
    .click();
  const editor = page.getByRole("dialog", { name: "Modifier l'article" });
  await expect(editor.getByLabel("Publier le", { exact: true })).toHaveValue(at);
  await expect(editor.getByText(label, { exact: true })).toBeVisible();
  await editor.getByLabel("Publier le", { exact: true }).scrollIntoViewIfNeeded();
  await screenshot(page, { path: `${shots}-editor.png` });
  await editor.getByRole("button", { name: "Annuler" }).click();
  await expect(editor).toBeHidden();

  const anonymous = await page.context().browser()!.newContext();
  const visitor = await anonymous.newPage();
  try {
    await withDbLock(async () => {
      expect((await visitor.goto(`/blog/${stored.slug}`))!.status()).toBe(404);
      // The visitor's pages are in the server's cache before the due time comes.
      await visitor.goto("/blog");
      await expect(visitor.getByRole("link", { name: title })).toHaveCount(0);

      // The due time moved into the past: the next run of the job (every second) publishes it.
      db()
        .prepare("update blog_posts set publish_at = ? where id = ?")
        .run(new Date(Date.now() - 60_000).toISOString(), stored.id);
      await expect(async () => {
        await visitor.goto("/blog");
        await expect(visitor.getByRole("link", { name: title })).toBeVisible({ timeout: 500 });
      }).toPass({ timeout: 20_000 });
      const rss = await (await visitor.request.get("/blog/rss.xml")).text();
      expect(rss).toContain(`/blog/${stored.slug}`);
      const sitemap = await (await visitor.request.get("/sitemap.xml")).text();
      expect(sitemap).toContain(`/blog/${stored.slug}`);

      // Published by the server once, schedule cleared; the list says « Publié ».
      const after = db()
        .prepare("select is_published, publish_at from blog_posts where id = ?")
        .get(stored.id);
      expect(after).toEqual({ is_published: 1, publish_at: null });
      const journal = db()
        .prepare(
          "select username, action from activity_log where item_type = 'post' and item_id = ? order by id",
        )
        .all(String(stored.id));
      expect(journal).toEqual([
        { username: "admin", action: "create" },
        { username: "serveur", action: "publish" },
      ]);
      await page.goto(`/admin/blog?q=${encodeURIComponent(title)}`);
      await expect(rowOf(page, title).getByText("Publié", { exact: true })).toBeVisible();
      await expect(rowOf(page, title).getByText(/^Programmé/)).toHaveCount(0);
      await screenshot(page, {
        path: `test-results/schedule-published-${test.info().project.name}.png`,
      });
    });
  } finally {
    db().prepare("delete from blog_posts where id = ?").run(stored.id);
    await anonymous.close();
  }
});

test("a page scheduled in its editor is refused an unpublication before its publication, then goes out at its address", async ({
  page,
  login,
}) => {
  test.setTimeout(90_000);
  await login();
  await page.goto("/admin/pages");
  await hydrated(page);
  const id = unique("fermeture").toLowerCase();
  const slug = `/${id}`;
  await page.getByRole("button", { name: "Nouvelle page", exact: true }).click();
  await expect(toast(page, "Nouvelle page ajoutée").first()).toBeVisible();
  await expect.poll(() => new URL(page.url()).searchParams.get("id")).not.toBeNull();
  const pageId = Number(new URL(page.url()).searchParams.get("id"));
  try {
    await page.getByLabel("Titre").fill("Fermeture de Noël");
    await page.getByLabel("URL de la page").fill(slug);
    await page.getByLabel("Publier le", { exact: true }).fill(parisMorning(20));
    await page.getByLabel("Dépublier le").fill(parisMorning(19));
    await page.getByRole("button", { name: "Sauvegarder" }).click();
    await expect(
      page.getByText("La dépublication doit être programmée après la publication"),
    ).toBeVisible();
    await page.getByLabel("Dépublier le").fill(parisMorning(40));
    await page.getByRole("button", { name: "Sauvegarder" }).click();
    await expect(toast(page, "Pages sauvegardées avec succès")).toBeVisible();

    const stored = db()
      .prepare("select publish_at, unpublish_at, is_published from site_pages where id = ?")
      .get(pageId) as { publish_at: string; unpublish_at: string; is_published: number };
    expect(stored.is_published).toBe(0);
    const label = `Programmé pour le ${formatScheduleInstant(stored.publish_at, new Date())}`;
    const line = page
      .getByRole("region", { name: "Liste des pages" })
      .getByRole("listitem")
      .filter({ hasText: slug });
    await expect(line.getByText(label, { exact: true })).toBeVisible();
    await expect(line.getByText(/^Dépublication le /)).toBeVisible();
    await screenshot(page, {
      path: `test-results/schedule-${test.info().project.name}-page.png`,
      fullPage: true,
    });
    expect((await page.request.get(slug)).status()).toBe(404);

    db()
      .prepare("update site_pages set publish_at = ? where id = ?")
      .run(new Date(Date.now() - 60_000).toISOString(), pageId);
    await expect
      .poll(async () => (await page.request.get(slug)).status(), { timeout: 20_000 })
      .toBe(200);
    expect(
      db().prepare("select is_published, publish_at from site_pages where id = ?").get(pageId),
    ).toEqual({ is_published: 1, publish_at: null });
  } finally {
    db().prepare("delete from site_pages where id = ?").run(pageId);
  }
});
