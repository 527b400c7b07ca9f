import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { db, deletePosts, insertPost, unique, withDbLock } from "./public-db";

/* Issue 13: what a volunteer does never surprises the public site, and the home fits a phone. */

async function axeClean(page: Page) {
  // The colour sample shows the volunteer's choice as it is, unreadable or not: the warning
  // beside it is the point (contrast-warning.tsx).
  const results = await new AxeBuilder({ page }).exclude("[data-colour-sample]").analyze();
  expect(results.violations.map((v) => v.id)).toEqual([]);
}

const guidOf = (xml: string, title: string) => {
  const item = xml.split("<item>").find((part) => part.includes(`<title>${title}</title>`));
  return item?.match(/<guid[^>]*>([^<]+)<\/guid>/)?.[1] ?? null;
};

test.describe("issue 13", () => {
  test("D2: renaming a published article warns, then its old address answers 301 and its RSS guid stays", async ({
    page,
    login,
    request,
  }) => {
    await login();
    const title = unique("Gala de Noel");
    const slug = title.toLowerCase().replaceAll(" ", "-");
    // A published article joins the lists every public spec reads: one writer at a time
    // (the lock also kept this test off a database another spec was writing).
    await withDbLock(async () => {
      const id = insertPost({ slug, title, published_at: new Date().toISOString() });
      try {
        const guidBefore = guidOf(await (await request.get("/blog/rss.xml")).text(), title);
        expect(guidBefore).toMatch(new RegExp(`/blog/${slug}$`));

        await page.goto("/admin/blog");
        await page.locator("[data-shell-ready]").waitFor();
        await page.getByRole("button", { name: `Modifier : ${title}` }).click();
        const dialog = page.getByRole("dialog");
        await expect(dialog.getByText(`/blog/${slug}`, { exact: true })).toBeVisible();
        const renamed = `${title} renomme`;
        await dialog.getByRole("textbox", { name: "Titre", exact: true }).fill(renamed);
        await expect(
          dialog.getByText(/Le nouveau titre change l'adresse de l'article/),
        ).toBeVisible();
        await expect(dialog.getByText(/redirigera vers la nouvelle/)).toBeVisible();
        await axeClean(page);
        await dialog.getByRole("button", { name: "Enregistrer" }).click();
        await expect(dialog).toBeHidden();

        const answer = await request.get(`/blog/${slug}`, { maxRedirects: 0 });
        expect(answer.status()).toBe(301);
        expect(answer.headers().location).toBe(`/blog/${slug}-renomme`);
        await page.goto(`/blog/${slug}`);
        await expect(page).toHaveURL(new RegExp(`/blog/${slug}-renomme$`));
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(renamed);

        const xml = await (await request.get("/blog/rss.xml")).text();
        expect(guidOf(xml, renamed)).toBe(guidBefore);
        expect(xml).not.toContain("<category>evenement</category>");
      } finally {
        deletePosts([id]);
      }
    });
  });

  test("D3: « Ajouter » changes no public page until the discipline is saved with a title", async ({
    page,
    login,
  }) => {
    await login();
    const title = unique("Boxe educative");
    await withDbLock(async () => {
      const before = (db().prepare("select max(id) as id from disciplines").get() as { id: number })
        .id;
      try {
        await page.goto("/admin/disciplines");
        await page.locator("[data-shell-ready]").waitFor();
        await page.getByRole("button", { name: "Ajouter", exact: true }).click();
        await expect(page.getByText(/Brouillon : invisible pour les visiteurs/)).toBeVisible();
        const publicPage = await page.context().newPage();
        for (const path of ["/disciplines", "/"]) {
          await publicPage.goto(path);
          await expect(publicPage.getByRole("main")).not.toContainText("Sans titre");
        }
        await page.getByRole("textbox", { name: "Titre", exact: true }).fill(title);
        await page.getByRole("button", { name: "Sauvegarder" }).click();
        await expect(page.getByText(/Brouillon : invisible pour les visiteurs/)).toBeHidden();
        await publicPage.goto("/disciplines");
        await expect(publicPage.getByRole("main")).toContainText(title);
      } finally {
        db().prepare("delete from disciplines where id > ?").run(before);
      }
    });
  });

  test("C2: black text on navy is flagged and the nearest readable colour is offered", async ({
    page,
    login,
  }) => {
    await login();
    await page.goto("/admin/disciplines");
    await page.locator("[data-shell-ready]").waitFor();
    await page.getByRole("tab", { name: "Apparence" }).click();
    await page.getByRole("textbox", { name: "Couleur de fond", exact: true }).fill("#001F3F");
    await page.getByRole("textbox", { name: "Couleur du titre", exact: true }).fill("#000000");
    const warning = page.getByText(/Contraste insuffisant pour le titre/);
    await expect(warning).toBeVisible();
    await axeClean(page);
    await page.getByRole("button", { name: /^Utiliser #[0-9A-F]{6} pour le titre$/ }).click();
    await expect(warning).toBeHidden();
    await expect(
      page.getByRole("textbox", { name: "Couleur du titre", exact: true }),
    ).not.toHaveValue("#000000");
  });

  test("C3: the library lists the images uploaded in Disciplines, with where they are used", async ({
    page,
    login,
  }) => {
    await login();
    const { title, image } = db()
      .prepare("select title, image from disciplines where image like '/uploads/%' limit 1")
      .get() as { title: string; image: string };
    await page.goto("/admin/media?tab=images");
    await page.locator("[data-shell-ready]").waitFor();
    const others = page.getByRole("list", { name: "Autres images utilisées sur le site" });
    const card = others.getByRole("listitem").filter({ hasText: `Discipline « ${title} »` });
    await expect(card.first()).toBeVisible();
    await expect(card.first().getByRole("link")).toHaveAttribute("href", image);
    await axeClean(page);
  });

  test("the home fits six phone screens and leads to every discipline", async ({ page }) => {
    await page.goto("/");
    const link = page.getByRole("link", { name: "Voir toutes les disciplines" });
    await expect(link).toBeVisible();
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    if ((page.viewportSize()?.width ?? 0) <= 390) expect(height).toBeLessThanOrEqual(6 * 844);
    // No blog card without its picture: the placeholder stands in.
    for (const img of await page.locator("main img").all()) {
      expect(await img.getAttribute("width")).toBeTruthy();
      expect(await img.getAttribute("height")).toBeTruthy();
    }
    await axeClean(page);
    await link.click();
    await expect(page).toHaveURL(/\/disciplines$/);
  });
});
