import fs from "node:fs";
import path from "node:path";
import type { Locator, Page } from "@playwright/test";
import sharp from "sharp";
import { hydrated, insertRow, removeRows } from "./admin-disciplines-db";
import { db, jpegWithExif, removeUpload } from "./admin-media-files";
import { dataDir } from "./e2e-data";
import { expect, test } from "./fixtures";
import { deletePosts, insertPost, withDbLock } from "./public-db";
import { withSiteLock } from "./site-helpers";
import { expectNoAxeViolations } from "./axe";

/*
 * « Choisir dans la médiathèque », beside every image upload field: an image added in
 * Médias is chosen by keyboard in a discipline and in an article, saved, seen on the
 * public pages and listed as used on its library card, whose « Copier l'adresse » gives
 * the public address. The open picker at 390 and 1280 px: its columns and axe.
 */

const unique = (label: string) =>
  `${label} ${process.pid}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;

const toast = (page: Page, text: string) =>
  page.getByRole("region", { name: /^Notifications/ }).getByText(text);
const mediaByTitle = (title: string) =>
  db().prepare("select id, url from media_items where title = ?").get(title) as
    { id: number; url: string } | undefined;

const mediaTitles: string[] = [];
const files: string[] = [];
test.afterAll(() => {
  for (const title of mediaTitles)
    db().prepare("delete from media_items where title = ?").run(title);
  for (const url of files) removeUpload(url);
});

/**
 * Opens the picker of `field` from the keyboard, searches `search`, goes down to the
 * first image with the arrow and chooses it with Enter; checks that focus went into the
 * dialog and came back to the button.
 */
async function chooseByKeyboard(page: Page, field: string, search: string, within: Locator) {
  const button = within.getByRole("button", { name: `Choisir dans la médiathèque : ${field}` });
  await button.focus();
  await page.keyboard.press("Enter");
  const picker = page.getByRole("dialog", { name: "Choisir dans la médiathèque" });
  await expect(picker).toBeVisible();
  const searchBox = picker.getByRole("searchbox", { name: "Rechercher une image" });
  await expect(searchBox).toBeFocused();
  await page.keyboard.type(search);
  const tiles = picker.getByRole("list", { name: "Images de la médiathèque" }).getByRole("button");
  await expect(tiles).toHaveCount(1);
  await expect(tiles.first()).toHaveAccessibleName(search);
  await page.keyboard.press("ArrowDown");
  await expect(tiles.first()).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(picker).toBeHidden();
  await expect(button).toBeFocused();
}

test.describe("an image of the library used elsewhere", () => {
  test.describe.configure({ timeout: 150_000 });
  test.beforeEach(async ({ login }) => {
    await login();
  });

  test("added in Médias, chosen by keyboard in a discipline and an article, shown publicly and as used", async ({
    page,
    context,
    baseURL,
  }) => {
    const title = unique("Gants du club");
    mediaTitles.push(title);

    // Added to the library in Médias.
    await page.goto("/admin/media?tab=ajouter");
    await hydrated(page);
    const form = page.getByRole("tabpanel", { name: "Ajouter des médias" });
    await form.getByLabel("Titre").fill(title);
    await form.getByLabel("Fichier image").setInputFiles(await jpegWithExif("gants.jpg"));
    await form.getByRole("button", { name: "Ajouter le média" }).click();
    await expect(toast(page, "Média ajouté avec succès")).toBeVisible();
    await expect.poll(() => mediaByTitle(title), { timeout: 20_000 }).toBeDefined();
    const { url } = mediaByTitle(title)!;
    files.push(url);
    const stem = path.basename(url).replace(/\.jpg$/, "");

    const disciplineTitle = unique("Discipline médiathèque");
    const slug = `picker-${Date.now().toString(36)}`;
    const postTitle = unique("Article médiathèque");
    await withSiteLock("disciplines", () =>
      withDbLock(async () => {
        const disciplineId = insertRow("disciplines", disciplineTitle);
        const postId = insertPost({ slug, title: postTitle });
        try {
          // A discipline: the chosen image fills the field as an upload would.
          await page.goto(`/admin/disciplines?id=${disciplineId}`);
          await hydrated(page);
          await page.getByRole("tab", { name: "Apparence" }).click();
          const panel = page.getByRole("tabpanel", { name: "Apparence" });
          await chooseByKeyboard(page, "Image", title, panel);
          await expect(panel.getByLabel("Adresse de l'image (URL)")).toHaveValue(url);
          await expect(panel.locator(`img[src="${url}"]`)).toBeVisible();
          await expect(
            page.getByText("Vous avez des modifications non sauvegardées"),
          ).toBeVisible();
          await page.getByRole("button", { name: "Sauvegarder" }).click();
          await expect(toast(page, "Discipline sauvegardée avec succès")).toBeVisible();
          expect(
            db().prepare("select image from disciplines where id = ?").get(disciplineId),
          ).toEqual({ image: url });

          // An article's cover, from its editor dialog.
          await page.goto(`/admin/blog?q=${encodeURIComponent(postTitle)}`);
          await hydrated(page);
          await page
            .getByRole("list", { name: "Articles" })
            .getByRole("button", { name: /^Modifier/ })
            .click();
          const editor = page.getByRole("dialog", { name: "Modifier l'article" });
          await chooseByKeyboard(page, "Image de couverture", title, editor);
          // Escape closed the picker alone: the article's dialog is still open.
          await expect(editor).toBeVisible();
          await expect(
            editor.getByRole("button", { name: "Retirer l'image de couverture" }),
          ).toBeVisible();
          await editor.getByRole("button", { name: "Enregistrer" }).click();
          await expect(toast(page, "Article mis à jour avec succès")).toBeVisible();
          expect(db().prepare("select image_url from blog_posts where id = ?").get(postId)).toEqual(
            { image_url: url },
          );

          // Both public pages show it, with its variants.
          const visitor = await context.browser()!.newPage();
          await visitor.goto("/disciplines");
          const section = visitor.locator("section", {
            has: visitor.getByRole("heading", { level: 2, name: disciplineTitle }),
          });
          await expect(section.locator(`img[src="${url}"]`)).toBeVisible();
          await expect(section.locator(`source[srcset*="${stem}-480.webp"]`)).toBeAttached();
          await visitor.goto(`/blog/${slug}`);
          await expect(visitor.locator(`img[src="${url}"]`).first()).toBeVisible();
          await expect(
            visitor.locator(`source[srcset*="${stem}-480.webp"]`).first(),
          ).toBeAttached();
          await visitor.close();

          // Its library card says where it is used, and copies its public address.
          await context.grantPermissions(["clipboard-read", "clipboard-write"]);
          await page.goto(`/admin/media?tab=images&q=${encodeURIComponent(title)}`);
          await hydrated(page);
          const card = page
            .getByRole("list", { name: "Images du site" })
            .getByRole("listitem")
            .filter({ has: page.locator(`input[value="${title}"]`) });
          await expect(card.getByText("Utilisée dans :")).toBeVisible();
          await expect(card.getByText(`Discipline « ${disciplineTitle} »`)).toBeVisible();
          await expect(card.getByText(`Article « ${postTitle} »`)).toBeVisible();
          await expect(card.getByRole("button", { name: /^Supprimer/ })).toBeDisabled();
          await card.getByRole("button", { name: /^Copier l'adresse/ }).click();
          await expect(toast(page, "Adresse copiée")).toBeVisible();
          expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
            `${baseURL}${url}`,
          );
        } finally {
          removeRows("disciplines", { ids: [disciplineId] });
          deletePosts([postId]);
        }
      }),
    );
  });

  test("« Copier l'adresse » without a clipboard shows the address, selected", async ({
    page,
    baseURL,
  }) => {
    const title = unique("Sans presse-papiers");
    mediaTitles.push(title);
    const url = await libraryImage(title, "#0f766e");
    await page.addInitScript(() =>
      Object.defineProperty(navigator, "clipboard", { value: undefined, configurable: true }),
    );
    await page.goto(`/admin/media?tab=images&q=${encodeURIComponent(title)}`);
    await hydrated(page);
    await page.getByRole("button", { name: /^Copier l'adresse/ }).click();
    const field = page.getByRole("textbox", { name: /^Adresse du fichier/ });
    await expect(field).toHaveValue(`${baseURL}${url}`);
    await expect(field).toBeFocused();
    expect(
      await field.evaluate((input: HTMLInputElement) => [input.selectionStart, input.selectionEnd]),
    ).toEqual([0, `${baseURL}${url}`.length]);
  });
});

/** A real PNG in the e2e server's uploads and its library row; returns its address. */
async function libraryImage(title: string, color: string): Promise<string> {
  const name = `${Date.now()}${Math.floor(Math.random() * 1000)}-picker.png`;
  const url = `/uploads/site-images/${name}`;
  const file = path.join(dataDir(), "uploads", "site-images", name);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  await sharp({ create: { width: 640, height: 480, channels: 3, background: color } })
    .png()
    .toFile(file);
  const stamp = new Date().toISOString();
  db()
    .prepare(
      "insert into media_items (title, url, type, storage_path, created_at, updated_at) values (?, ?, 'image', ?, ?, ?)",
    )
    .run(title, url, name, stamp, stamp);
  files.push(url);
  return url;
}

test(
  "the open picker: 2 columns on a phone, 4 on a desktop, only fitting images, arrows by rows, paged, no axe violation",
  { tag: "@phone" },
  async ({ page, login }, testInfo) => {
    test.setTimeout(90_000);
    await login();
    const series = unique("Série picker");
    // One more than a page of the picker (12).
    const colors = ["#111827", "#5ecfcb", "#0f766e", "#d4af37", "#c0392b", "#2c3e50", "#ffffff"];
    for (const [i, color] of [...colors, ...colors].entries()) {
      const title = `${series} ${i + 1}`;
      mediaTitles.push(title);
      await libraryImage(title, color);
    }
    // Not an image an upload gives: never offered.
    db()
      .prepare(
        "insert into media_items (title, url, type, storage_path, created_at, updated_at) values (?, 'https://example.com/x.jpg', 'image', null, ?, ?)",
      )
      .run(`${series} externe`, new Date().toISOString(), new Date().toISOString());
    mediaTitles.push(`${series} externe`);

    await page.goto("/admin/disciplines");
    await hydrated(page);
    await page.getByRole("tab", { name: "Apparence" }).click();
    const button = page.getByRole("button", { name: "Choisir dans la médiathèque : Image" });
    await button.click();
    const picker = page.getByRole("dialog", { name: "Choisir dans la médiathèque" });
    await picker.getByRole("searchbox", { name: "Rechercher une image" }).fill(series);
    await picker.getByRole("button", { name: "Rechercher" }).click();
    await expect(picker.getByText("14 images · page 1 sur 2", { exact: true })).toBeVisible();
    const tiles = picker
      .getByRole("list", { name: "Images de la médiathèque" })
      .getByRole("button");
    await expect(tiles).toHaveCount(12);
    await expect(tiles.first()).toHaveAccessibleName(`${series} 14`);

    // Columns: the tiles of the first row.
    const boxes = await tiles.evaluateAll((buttons) =>
      buttons
        .map((b) => b.getBoundingClientRect())
        .map((r) => ({ y: r.y, h: r.height, w: r.width })),
    );
    const columns = boxes.filter((box) => box.y === boxes[0]!.y).length;
    const phone = testInfo.project.name === "mobile";
    expect(columns).toBe(phone ? 2 : 4);
    // Large tap targets.
    for (const box of boxes) expect(Math.min(box.w, box.h)).toBeGreaterThanOrEqual(120);

    // The arrows follow the layout: down goes one row further.
    await tiles.first().focus();
    await page.keyboard.press("ArrowDown");
    await expect(tiles.nth(columns)).toBeFocused();
    await page.keyboard.press("ArrowRight");
    await expect(tiles.nth(columns + 1)).toBeFocused();
    await page.keyboard.press("ArrowUp");
    await expect(tiles.nth(1)).toBeFocused();

    await expectNoAxeViolations(page);

    // The next page: the two oldest, the first of them focused.
    await picker.getByRole("button", { name: "Suivantes" }).click();
    await expect(picker.getByText("14 images · page 2 sur 2", { exact: true })).toBeVisible();
    await expect(tiles).toHaveCount(2);
    await expect(tiles.first()).toHaveAccessibleName(`${series} 2`);
    await expect(tiles.first()).toBeFocused();
    await expect(picker.getByRole("button", { name: "Suivantes" })).toBeDisabled();
    await picker.getByRole("button", { name: "Précédentes" }).click();
    await expect(tiles).toHaveCount(12);

    // Escape closes it, nothing chosen, focus back on its button.
    await page.keyboard.press("Escape");
    await expect(picker).toBeHidden();
    await expect(button).toBeFocused();
    await expect(page.getByText("Vous avez des modifications non sauvegardées")).toBeHidden();
  },
);
