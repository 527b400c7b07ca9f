import type { Locator, Page } from "@playwright/test";
import sharp from "sharp";
import {
  BAD_IMAGES,
  db,
  jpegWithExif,
  oversizedJpeg,
  png,
  removeUpload,
  newTempParts,
  tagged,
  uploadedFiles,
} from "./admin-media-files";
import { expect, test } from "./fixtures";
import { withDbLock } from "./public-db";
import { axeCheck } from "./axe";

/*
 * Blog screen: the editor dialog (validation, image insertion, cover upload), drafts
 * hidden from visitors but previewed by the admin, publication on / and /blog, feature
 * toggle, delete, stale edits. Each test works on its own articles (unique titles);
 * publishing takes the public specs' lock, since it changes what every visitor sees.
 */

const unique = (label: string) =>
  `${label} ${process.pid}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;

interface PostRow {
  id: number;
  slug: string;
  title: string;
  content: string;
  image_url: string;
  category: string;
  author: string;
  published_at: string;
  is_published: number;
  is_featured: number;
  updated_at: string;
}
const postByTitle = (title: string) =>
  db().prepare("select * from blog_posts where title = ?").get(title) as PostRow | undefined;

function insertDraft(title: string): number {
  const stamp = new Date().toISOString();
  return Number(
    db()
      .prepare(
        `insert into blog_posts (slug, title, content, published_at, is_published, created_at, updated_at)
         values (?, ?, 'Un paragraphe.', '2001-01-01T10:00:00.000Z', 0, ?, ?)`,
      )
      .run(title.toLowerCase().replace(/[^a-z0-9]+/g, "-"), title, stamp, stamp).lastInsertRowid,
  );
}

const titles: string[] = [];
const uploads: string[] = [];
test.afterAll(() => {
  for (const title of titles) db().prepare("delete from blog_posts where title = ?").run(title);
  for (const url of uploads) removeUpload(url);
});

const toasts = (page: Page) => page.getByRole("region", { name: /^Notifications/ });
const rowOf = (page: Page, title: string): Locator =>
  page
    .getByRole("list", { name: "Articles" })
    .getByRole("listitem")
    .filter({
      has: page.getByRole("heading", { name: title, exact: true }),
    });

/** The blog's list; with a title, searched for it (the list shows 25 articles a page). */
async function openBlog(page: Page, title?: string) {
  await page.goto(title ? `/admin/blog?q=${encodeURIComponent(title)}` : "/admin/blog");
  await page.locator("[data-shell-ready]").waitFor();
}

test("an article written, previewed as a draft, then published on / and /blog with its cover's variants", async ({
  page,
  login,
}) => {
  test.setTimeout(120_000);
  await login();
  await openBlog(page);
  const title = unique("Gala de boxe");
  titles.push(title);

  await page.getByRole("button", { name: "Nouvel article" }).click();
  const dialog = page.getByRole("dialog", { name: "Nouvel article" });
  await dialog.getByRole("textbox", { name: "Titre", exact: true }).fill(title);
  await dialog.getByLabel("Sous-titre").fill("Une soirée au club");
  await dialog
    .getByRole("textbox", { name: "Contenu", exact: true })
    .fill("Premier paragraphe du gala.\nDernier paragraphe.");
  // The cursor at the end of the first line: the image goes between the two paragraphs.
  await dialog.getByRole("textbox", { name: "Contenu", exact: true }).press("Control+Home");
  await dialog.getByRole("textbox", { name: "Contenu", exact: true }).press("End");
  await dialog.getByLabel("Légende de l'image (facultatif)").fill("Le ring");
  await dialog.getByLabel("Insérer une image").setInputFiles(await png("ring.png"));
  await expect(dialog.getByRole("textbox", { name: "Contenu", exact: true })).toHaveValue(
    /^Premier paragraphe du gala\.\n!\[Le ring\]\(\/uploads\/site-images\/blog\/\d+-ring\.png\)\nDernier paragraphe\.$/,
  );
  await dialog
    .getByLabel("Image de couverture")
    .setInputFiles(await jpegWithExif("couverture.jpg"));
  await expect(dialog.getByRole("button", { name: "Retirer l'image de couverture" })).toBeVisible();
  await dialog.getByLabel("Catégorie").selectOption({ label: "Compétition" });
  await dialog.getByLabel("Auteur").fill("Coach Karim");
  await dialog.getByLabel("Date de publication").fill("2099-06-01T18:30");
  await dialog.getByRole("button", { name: "Créer l'article" }).click();

  await expect(toasts(page).getByText("Article créé avec succès")).toBeVisible();
  await expect(dialog).toBeHidden();
  const row = rowOf(page, title);
  await expect(row.getByText("Brouillon")).toBeVisible();
  await expect(row.getByText("Compétition")).toBeVisible();
  const stored = postByTitle(title)!;
  expect(stored).toMatchObject({
    category: "competition",
    author: "Coach Karim",
    is_published: 0,
    published_at: "2099-06-01T16:30:00.000Z",
  });
  expect(stored.slug).toMatch(/^gala-de-boxe-/);
  expect(stored.image_url).toMatch(/^\/uploads\/site-images\/blog\/\d+-couverture\.jpg$/);
  uploads.push(stored.image_url, stored.content.match(/\((\/uploads\/[^)]+)\)/)![1]!);

  // The counter counts every article, not the page's (other tests add theirs meanwhile).
  const [counter, items] = await page.evaluate(() => [
    document.querySelector("main p[aria-live]")?.textContent ?? "",
    document.querySelectorAll('ul[aria-label="Articles"] > li').length,
  ]);
  expect(counter).toMatch(/^[\d\s]+ articles?( · page 1 sur \d+)?$/);
  expect(Number(counter.split(" article")[0]!.replace(/\D/g, ""))).toBeGreaterThanOrEqual(items);

  // A visitor never sees the draft…
  const anonymous = await page.context().browser()!.newContext();
  const visitor = await anonymous.newPage();
  expect((await visitor.goto(`/blog/${stored.slug}`))!.status()).toBe(404);
  expect((await visitor.goto(`/blog/${stored.id}`))!.status()).toBe(404);
  await visitor.goto("/blog");
  await expect(visitor.getByText(title)).toHaveCount(0);
  // Dated 2099, it would head both lists if it were published.
  await visitor.goto("/");
  await expect(visitor.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(visitor.getByText(title)).toHaveCount(0);
  expect((await visitor.goto(`/admin/blog/${stored.id}/apercu`))!.url()).toMatch(/\/admin\/login/);
  await expect(visitor.getByText(title)).toHaveCount(0);

  // …while the admin previews it through the public article page.
  await row.getByRole("link", { name: /Aperçu/ }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/blog/${stored.id}/apercu$`));
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(
    page.getByText("Aperçu : ce brouillon n'est visible que dans l'administration."),
  ).toBeVisible();
  await expect(page.getByText("Premier paragraphe du gala.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Agrandir l'image : Le ring" })).toBeVisible();
  await expect(page.getByText("Par Coach Karim")).toBeVisible();
  // The save's toast fading out is half transparent, so below contrast for a moment.
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 15_000 });
  const axe = await axeCheck(page).analyze();
  expect(
    axe.violations.map((v) => ({ id: v.id, targets: v.nodes.map((n) => n.target.join(" ")) })),
  ).toEqual([]);
  await page.getByRole("link", { name: "Retour aux articles" }).click();

  // Published: on the home page and on /blog, its cover offered as AVIF and WebP.
  await withDbLock(async () => {
    try {
      await rowOf(page, title)
        .getByRole("button", { name: /^Publier/ })
        .click();
      await expect(toasts(page).getByText("Article publié")).toBeVisible();
      await expect(rowOf(page, title).getByText("Publié", { exact: true })).toBeVisible();

      await visitor.goto("/");
      await expect(visitor.getByRole("link", { name: title })).toBeVisible();
      await visitor.goto("/blog");
      const card = visitor
        .getByRole("article")
        .filter({ has: visitor.getByRole("link", { name: title }) });
      await expect(card).toBeVisible();
      const sources = card.locator("picture source");
      await expect(sources).toHaveCount(2);
      for (const [type, format] of [
        ["image/avif", "avif"],
        ["image/webp", "webp"],
      ] as const) {
        const srcset = await card.locator(`source[type="${type}"]`).getAttribute("srcset");
        const candidates = srcset!.split(",").map((entry) => entry.trim().split(" ")[0]!);
        expect(candidates.length).toBeGreaterThan(0);
        for (const url of candidates) {
          expect(url).toMatch(
            new RegExp(`^/uploads/site-images/blog/\\d+-couverture-\\d+\\.${format}$`),
          );
          const response = await visitor.request.get(url);
          expect(response.status()).toBe(200);
          expect(response.headers()["content-type"]).toBe(type);
          const metadata = await sharp(await response.body()).metadata();
          expect(metadata.format).toBe(format === "avif" ? "heif" : "webp");
          expect(metadata.exif).toBeUndefined();
        }
      }
      const original = await sharp(
        await (await visitor.request.get(stored.image_url)).body(),
      ).metadata();
      expect(original.exif).toBeUndefined();
      await visitor.goto(`/blog/${stored.slug}`);
      await expect(visitor.getByRole("heading", { level: 1, name: title })).toBeVisible();

      await rowOf(page, title)
        .getByRole("button", { name: /^Dépublier/ })
        .click();
      await expect(toasts(page).getByText("Article dépublié")).toBeVisible();
      expect((await visitor.goto(`/blog/${stored.slug}`))!.status()).toBe(404);
    } finally {
      db().prepare("update blog_posts set is_published = 0 where title = ?").run(title);
      await anonymous.close();
    }
  });
});

test("a new article's typing survives Escape and a click beside the dialog, unless the admin leaves", async ({
  page,
  login,
}) => {
  await login();
  await openBlog(page);
  const open = page.getByRole("button", { name: "Nouvel article" });
  const dialog = page.getByRole("dialog", { name: "Nouvel article" });
  const leave = page.getByRole("alertdialog", { name: "Quitter sans sauvegarder ?" });
  // Nothing typed: Escape closes at once.
  await open.click();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();

  await open.click();
  await dialog.getByLabel("Sous-titre").fill("Un texte à garder");
  await page.keyboard.press("Escape");
  await expect(leave).toBeVisible();
  await leave.getByRole("button", { name: "Continuer la saisie" }).click();
  await expect(leave).toBeHidden();
  await expect(dialog.getByLabel("Sous-titre")).toHaveValue("Un texte à garder");

  // A click on the backdrop (beside the panel, from 768 px up) asks too.
  const viewport = page.viewportSize()!;
  if (viewport.width >= 768) {
    await page.mouse.click(5, viewport.height - 5);
    await expect(leave).toBeVisible();
    await leave.getByRole("button", { name: "Continuer la saisie" }).click();
    await expect(dialog.getByLabel("Sous-titre")).toHaveValue("Un texte à garder");
  }
  await dialog.getByRole("button", { name: "Fermer" }).click();
  await leave.getByRole("button", { name: "Quitter" }).click();
  await expect(dialog).toBeHidden();
  await expect(leave).toBeHidden();
});

test("the « Aperçu » tab shows the unsaved article as the public page draws it", async ({
  page,
  login,
}) => {
  await login();
  await openBlog(page);
  const title = unique("Stage d'été");
  titles.push(title);
  await page.getByRole("button", { name: "Nouvel article" }).click();
  const dialog = page.getByRole("dialog", { name: "Nouvel article" });
  const tabs = dialog.getByRole("tablist", { name: "Rédaction ou aperçu de l'article" });
  const preview = dialog.getByRole("tabpanel", { name: "Aperçu" });

  // Nothing to show without a title.
  await tabs.getByRole("tab", { name: "Aperçu" }).click();
  await expect(
    preview.getByText("Donnez un titre à l'article pour voir son aperçu."),
  ).toBeVisible();
  await tabs.getByRole("tab", { name: "Rédaction" }).click();

  await dialog.getByRole("textbox", { name: "Titre", exact: true }).fill(title);
  await dialog.getByLabel("Sous-titre").fill("Une semaine de boxe");
  const text = [
    "Inscriptions ouvertes à tous.",
    "<script>alert('x')</script> reste du texte",
    "![Le gymnase](/images/placeholder.webp)",
    "![Piège](javascript:alert(1))",
  ].join("\n");
  await dialog.getByRole("textbox", { name: "Contenu", exact: true }).fill(text);
  await dialog.getByLabel("Image de couverture").setInputFiles(await png("apercu.png"));
  await expect(dialog.getByRole("button", { name: "Retirer l'image de couverture" })).toBeVisible();
  await dialog.getByLabel("Catégorie").selectOption({ label: "Stage" });
  await dialog.getByLabel("Auteur").fill("Coach Inès");
  await dialog.getByLabel("Date de publication").fill("2031-07-14T10:00");

  await tabs.getByRole("tab", { name: "Aperçu" }).click();
  await expect(preview.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(preview.getByText("Une semaine de boxe")).toBeVisible();
  await expect(preview.getByText("Stage", { exact: true })).toBeVisible();
  await expect(preview.getByText("Par Coach Inès")).toBeVisible();
  await expect(preview.getByText("14 juillet 2031")).toBeVisible();
  await expect(preview.getByText("Inscriptions ouvertes à tous.")).toBeVisible();
  // Text stays text; an image line is an image; an address the site refuses is dropped.
  await expect(
    preview.getByText("<script>alert('x')</script> reste du texte", { exact: true }),
  ).toBeVisible();
  await expect(
    preview.getByRole("button", { name: "Agrandir l'image : Le gymnase" }),
  ).toBeVisible();
  await expect(preview.getByText("Piège")).toHaveCount(0);
  const cover = preview.locator("article img").first();
  const coverUrl = (await cover.getAttribute("src"))!;
  expect(coverUrl).toMatch(/^\/uploads\/site-images\/blog\/\d+-apercu\.png$/);
  uploads.push(coverUrl);
  await expect(cover).toBeVisible();

  // A link of the preview leads nowhere: the dialog and the typing stay.
  await preview.getByRole("link", { name: "Retour au blog" }).first().click();
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/blog$/);
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 15_000 });
  const axe = await axeCheck(page).include('[role="dialog"]').analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);

  await tabs.getByRole("tab", { name: "Rédaction" }).click();
  await expect(dialog.getByRole("textbox", { name: "Contenu", exact: true })).toHaveValue(text);
  expect(postByTitle(title)).toBeUndefined();
});

test("title and content are required; the dialog keeps what was typed", async ({ page, login }) => {
  await login();
  await openBlog(page);
  await page.getByRole("button", { name: "Nouvel article" }).click();
  const dialog = page.getByRole("dialog", { name: "Nouvel article" });
  await dialog.getByLabel("Sous-titre").fill("Gardé");
  await dialog.getByRole("button", { name: "Créer l'article" }).click();
  await expect(dialog.getByText("Le titre et le contenu sont obligatoires")).toHaveCount(2);
  await expect(dialog.getByRole("textbox", { name: "Titre", exact: true })).toBeFocused();
  await expect(dialog.getByLabel("Sous-titre")).toHaveValue("Gardé");
  const axe = await axeCheck(page).include('[role="dialog"]').analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);
});

test("a refused cover file shows the French message and leaves no file", async ({
  page,
  login,
}) => {
  await login();
  await openBlog(page);
  await page.getByRole("button", { name: "Nouvel article" }).click();
  const dialog = page.getByRole("dialog", { name: "Nouvel article" });
  for (const { label, file } of BAD_IMAGES.filter((bad) =>
    bad.file.mimeType.startsWith("image/"),
  )) {
    const upload = tagged(file);
    await dialog.getByLabel("Image de couverture").setInputFiles(upload.file);
    await expect(dialog.getByText("Veuillez sélectionner une image"), label).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Retirer l'image de couverture" })).toHaveCount(
      0,
    );
    expect(upload.stored(), label).toEqual([]);
  }
});

test(
  "a cover over 15 Mo is refused with the size message and leaves no file",
  { tag: "@full-chromium" },
  async ({ page, login }) => {
    test.setTimeout(60_000);
    await login();
    await openBlog(page);
    await page.getByRole("button", { name: "Nouvel article" }).click();
    const dialog = page.getByRole("dialog", { name: "Nouvel article" });
    const before = uploadedFiles();
    const upload = tagged(await oversizedJpeg());
    await dialog.getByLabel("Image de couverture").setInputFiles(upload.file);
    await expect(dialog.getByText("Le fichier est trop volumineux (maximum 15 Mo).")).toBeVisible({
      timeout: 20_000,
    });
    await expect(dialog.getByRole("button", { name: "Retirer l'image de couverture" })).toHaveCount(
      0,
    );
    expect(upload.stored()).toEqual([]);
    await expect.poll(() => newTempParts(before), { timeout: 10_000 }).toEqual([]);
  },
);

test("an upload the network drops says 'Erreur lors de l'upload du fichier'; the next one succeeds", async ({
  page,
  login,
}) => {
  await login();
  await openBlog(page);
  await page.getByRole("button", { name: "Nouvel article" }).click();
  const dialog = page.getByRole("dialog", { name: "Nouvel article" });
  await page.route(/\/admin\/upload\?/, (route) => route.abort("connectionreset"));
  await dialog.getByLabel("Image de couverture").setInputFiles(await png("coupure.png"));
  await expect(dialog.getByText("Erreur lors de l'upload du fichier")).toBeVisible();
  await expect(toasts(page).getByText("Erreur lors de l'upload du fichier")).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Retirer l'image de couverture" })).toHaveCount(
    0,
  );

  await page.unroute(/\/admin\/upload\?/);
  await dialog.getByLabel("Image de couverture").setInputFiles(await png("reprise.png"));
  await expect(toasts(page).getByText("Image uploadée avec succès")).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Retirer l'image de couverture" })).toBeVisible();
  const src = await dialog.locator('img[src*="reprise"]').first().getAttribute("src");
  expect(src).toMatch(/^\/uploads\/site-images\/blog\/\d+-reprise\.png$/);
  uploads.push(src!);
});

test("edit, feature and delete an article; leaving an edit asks first", async ({ page, login }) => {
  await login();
  const title = unique("Stage d'été");
  titles.push(title);
  insertDraft(title);
  await openBlog(page, title);
  const row = rowOf(page, title);

  await row.getByRole("button", { name: /^Mettre en avant/ }).click();
  await expect(toasts(page).getByText("Article mis en avant")).toBeVisible();
  await expect(row.getByText("Mis en avant", { exact: true })).toBeVisible();
  await expect.poll(() => postByTitle(title)?.is_featured).toBe(1);
  await row.getByRole("button", { name: /^Retirer des mis en avant/ }).click();
  await expect(toasts(page).getByText("Article retiré des mis en avant")).toBeVisible();
  await expect.poll(() => postByTitle(title)?.is_featured).toBe(0);

  // An edit saved.
  await row.getByRole("button", { name: /^Modifier/ }).click();
  let dialog = page.getByRole("dialog", { name: "Modifier l'article" });
  await expect(dialog.getByRole("textbox", { name: "Titre", exact: true })).toHaveValue(title);
  await dialog.getByLabel("Auteur").fill("Le bureau");
  await dialog.getByRole("button", { name: "Enregistrer" }).click();
  await expect(toasts(page).getByText("Article mis à jour avec succès")).toBeVisible();
  await expect.poll(() => postByTitle(title)?.author).toBe("Le bureau");

  // What was typed is not thrown away without a question.
  await row.getByRole("button", { name: /^Modifier/ }).click();
  dialog = page.getByRole("dialog", { name: "Modifier l'article" });
  await expect(dialog.getByLabel("Auteur")).toHaveValue("Le bureau");
  await dialog.getByLabel("Sous-titre").fill("Ma version");
  await dialog.getByRole("button", { name: "Annuler" }).click();
  await page
    .getByRole("alertdialog", { name: "Quitter sans sauvegarder ?" })
    .getByRole("button", { name: "Quitter" })
    .click();
  await expect(dialog).toBeHidden();
  // Closed, the editor leaves the address (a reload with ?modifier= would reopen it).
  await expect(page).not.toHaveURL(/modifier=/);

  // Delete asks first.
  await page.reload();
  await page.locator("[data-shell-ready]").waitFor();
  await rowOf(page, title)
    .getByRole("button", { name: /^Supprimer/ })
    .click();
  const confirm = page.getByRole("alertdialog", { name: "Supprimer cet article ?" });
  await expect(confirm).toContainText(title);
  await confirm.getByRole("button", { name: "Supprimer" }).click();
  await expect(toasts(page).getByText("Article supprimé avec succès")).toBeVisible();
  await expect(rowOf(page, title)).toHaveCount(0);
  expect(postByTitle(title)).toBeUndefined();
});

test("the blog list passes axe", async ({ page, login }) => {
  await login();
  const title = unique("Axe");
  titles.push(title);
  insertDraft(title);
  await openBlog(page, title);
  await expect(rowOf(page, title)).toBeVisible();
  const results = await axeCheck(page).analyze();
  expect(
    results.violations.map((v) => ({ id: v.id, targets: v.nodes.map((n) => n.target.join(" ")) })),
  ).toEqual([]);
});
