import fs from "node:fs";
import type { Page } from "@playwright/test";
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
  uploadPath,
  webp,
  type FilePayload,
} from "./admin-media-files";
import { expect, test } from "./fixtures";
import { axeCheck } from "./axe";

/*
 * Media screen: "Ajouter des médias" (real files through the upload pipeline, refused
 * files leave nothing), "Images du site" (in-use filter, delete, titles and the global
 * save). Every row made here has a unique title and is removed at the end.
 */

const unique = (label: string) =>
  `${label} ${process.pid}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;

interface MediaRow {
  id: number;
  title: string;
  url: string;
  storage_path: string | null;
}
const rowByTitle = (title: string) =>
  db()
    .prepare("select id, title, url, storage_path from media_items where title = ?")
    .get(title) as MediaRow | undefined;
function insertMedia(title: string, url: string): number {
  const stamp = new Date().toISOString();
  return Number(
    db()
      .prepare(
        "insert into media_items (title, url, type, storage_path, created_at, updated_at) values (?, ?, 'image', null, ?, ?)",
      )
      .run(title, url, stamp, stamp).lastInsertRowid,
  );
}

function insertDraftWithCover(title: string, imageUrl: string): number {
  const stamp = new Date().toISOString();
  return Number(
    db()
      .prepare(
        `insert into blog_posts (slug, title, content, image_url, published_at, is_published, created_at, updated_at)
         values (?, ?, 'Texte', ?, ?, 0, ?, ?)`,
      )
      .run(
        `media-${title.replace(/\W+/g, "-").toLowerCase()}`,
        title,
        imageUrl,
        stamp,
        stamp,
        stamp,
      ).lastInsertRowid,
  );
}

const created: string[] = [];
const usingPosts: number[] = [];
test.afterAll(() => {
  for (const id of usingPosts) db().prepare("delete from blog_posts where id = ?").run(id);
  for (const title of created) {
    const row = rowByTitle(title);
    if (!row) continue;
    if (row.storage_path) removeUpload(row.url);
    db().prepare("delete from media_items where id = ?").run(row.id);
  }
});

async function openTab(page: Page, tab: string) {
  await page.goto("/admin/media");
  await page.locator("[data-shell-ready]").waitFor();
  await page.getByRole("tab", { name: tab }).click();
}

const toasts = (page: Page) => page.getByRole("region", { name: /^Notifications/ });

async function addFile(page: Page, title: string, file: FilePayload) {
  const form = page.getByRole("tabpanel", { name: "Ajouter des médias" });
  await form.getByLabel("Titre").fill(title);
  await form.getByLabel("Fichier image").setInputFiles(file);
  await form.getByRole("button", { name: "Ajouter le média" }).click();
  return form;
}

test("good images are added through the pipeline, stripped of their metadata", async ({
  page,
  login,
}) => {
  await login();
  await openTab(page, "Ajouter des médias");
  for (const file of [
    await jpegWithExif("gala.jpg"),
    await png("affiche.png"),
    await webp("ring.webp"),
  ]) {
    const title = unique(`Média ${file.name}`);
    created.push(title);
    await addFile(page, title, file);
    await expect(toasts(page).getByText("Média ajouté avec succès").last()).toBeVisible();
    // The form empties itself once the list is reloaded: the next file waits for it.
    await expect(
      page.getByRole("tabpanel", { name: "Ajouter des médias" }).getByLabel("Titre"),
    ).toHaveValue("");
    await expect.poll(() => rowByTitle(title), { timeout: 20_000 }).toBeDefined();
    const row = rowByTitle(title)!;
    const extension = file.name.split(".").pop();
    expect(row.url).toMatch(
      new RegExp(`^/uploads/site-images/\\d+-${file.name.split(".")[0]}\\.${extension}$`),
    );
    const metadata = await sharp(fs.readFileSync(uploadPath(row.url))).metadata();
    expect(metadata.exif).toBeUndefined();
    // The form empties for the next one.
    await expect(page.getByRole("tabpanel").getByLabel("Titre")).toHaveValue("");
  }

  // The new items are in the grid, newest first, each shown by its smallest WebP variant.
  await page.getByRole("tab", { name: "Images du site" }).click();
  const grid = page.getByRole("list", { name: "Images du site" });
  const last = created.at(-1)!;
  const card = grid.getByRole("listitem").filter({ has: page.locator(`input[value="${last}"]`) });
  await expect(card).toBeVisible();
  const thumbnail = card.locator("img");
  await expect(thumbnail).toHaveAttribute("src", /^\/uploads\/site-images\/\d+-ring-\d+\.webp$/);
  await expect
    .poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
});

test("refused files show the pipeline's French message and leave no file and no row", async ({
  page,
  login,
}) => {
  await login();
  await openTab(page, "Ajouter des médias");
  const form = page.getByRole("tabpanel", { name: "Ajouter des médias" });
  for (const { label, file } of BAD_IMAGES) {
    const upload = tagged(file);
    const title = unique(`Refusé ${label}`);
    await addFile(page, title, upload.file);
    await expect(form.getByText("Veuillez sélectionner une image"), label).toBeVisible();
    await expect(toasts(page).getByText("Erreur lors de l'ajout du média").last()).toBeVisible();
    expect(rowByTitle(title), label).toBeUndefined();
    expect(upload.stored(), label).toEqual([]);
    // What was typed stays.
    await expect(form.getByLabel("Titre")).toHaveValue(title);
  }
});

test(
  "an image over 15 Mo is refused with the size message and leaves no file and no row",
  { tag: "@full-chromium" },
  async ({ page, login }) => {
    test.setTimeout(60_000);
    await login();
    await openTab(page, "Ajouter des médias");
    const form = page.getByRole("tabpanel", { name: "Ajouter des médias" });
    const before = uploadedFiles();
    const title = unique("Trop lourde");
    created.push(title);
    const upload = tagged(await oversizedJpeg());
    await addFile(page, title, upload.file);
    await expect(form.getByText("Le fichier est trop volumineux (maximum 15 Mo).")).toBeVisible({
      timeout: 20_000,
    });
    await expect(toasts(page).getByText("Erreur lors de l'ajout du média").last()).toBeVisible();
    await expect(form.getByLabel("Titre")).toHaveValue(title);
    expect(rowByTitle(title)).toBeUndefined();
    // Nothing left anywhere under uploads, not even the part being received (.tmp).
    expect(upload.stored()).toEqual([]);
    await expect.poll(() => newTempParts(before), { timeout: 10_000 }).toEqual([]);
  },
);

test("a file named with ../ is stored inside its bucket under a clean name", async ({
  page,
  login,
}) => {
  await login();
  await openTab(page, "Ajouter des médias");
  const title = unique("Évasion");
  created.push(title);
  await addFile(page, title, await png("../../../../etc/passwd.png"));
  await expect(toasts(page).getByText("Média ajouté avec succès").last()).toBeVisible();
  await expect.poll(() => rowByTitle(title), { timeout: 20_000 }).toBeDefined();
  expect(rowByTitle(title)!.url).toMatch(/^\/uploads\/site-images\/\d+-[A-Za-z0-9._-]+\.png$/);
  expect(fs.existsSync(uploadPath(rowByTitle(title)!.url))).toBe(true);
});

test("the same file name sent twice never overwrites: two files, two rows", async ({
  page,
  login,
}) => {
  await login();
  await openTab(page, "Ajouter des médias");
  const urls: string[] = [];
  for (const color of ["#112233", "#445566"]) {
    const title = unique("Même nom");
    created.push(title);
    await addFile(page, title, await png("meme-nom.png", color));
    await expect(toasts(page).getByText("Média ajouté avec succès").last()).toBeVisible();
    // The form empties itself once the list is reloaded: the next file waits for it.
    await expect(
      page.getByRole("tabpanel", { name: "Ajouter des médias" }).getByLabel("Titre"),
    ).toHaveValue("");
    await expect.poll(() => rowByTitle(title), { timeout: 20_000 }).toBeDefined();
    urls.push(rowByTitle(title)!.url);
  }
  expect(urls[0]).not.toBe(urls[1]);
  for (const url of urls) expect(url).toMatch(/^\/uploads\/site-images\/\d+-meme-nom\.png$/);
  // Each file still holds its own picture.
  const colours = await Promise.all(
    urls.map(async (url) => (await sharp(fs.readFileSync(uploadPath(url))).stats()).dominant),
  );
  expect(colours[0]).not.toEqual(colours[1]);
});

test("title and source are required; a URL must be http(s) or of the site", async ({
  page,
  login,
}) => {
  await login();
  await openTab(page, "Ajouter des médias");
  const form = page.getByRole("tabpanel", { name: "Ajouter des médias" });
  await form.getByRole("button", { name: "Ajouter le média" }).click();
  await expect(form.getByText("Veuillez saisir un titre pour le média")).toBeVisible();
  await expect(form.getByText("Veuillez fournir une URL ou sélectionner un fichier")).toBeVisible();
  await expect(form.getByLabel("Titre")).toBeFocused();

  const trap = unique("Lien piégé");
  await form.getByLabel("Titre").fill(trap);
  await form.getByLabel("Adresse (URL) de l'image").fill("javascript:alert(1)");
  await form.getByRole("button", { name: "Ajouter le média" }).click();
  await expect(form.getByText("L'URL doit commencer par http://, https:// ou /")).toBeVisible();
  expect(rowByTitle(trap)).toBeUndefined();

  const title = unique("Affiche en ligne");
  created.push(title);
  await form.getByLabel("Titre").fill(title);
  await form.getByLabel("Adresse (URL) de l'image").fill("/images/placeholder.webp");
  await form.getByRole("button", { name: "Ajouter le média" }).click();
  await expect(toasts(page).getByText("Média ajouté avec succès").last()).toBeVisible();
  await expect.poll(() => rowByTitle(title)?.url).toBe("/images/placeholder.webp");
});

test("the library: in-use filter, delete refused for a used image, delete with confirmation, titles saved", async ({
  page,
  login,
}) => {
  await login();
  const free = unique("Libre");
  const freeId = insertMedia(free, `/images/absente-${free.replace(/\W+/g, "-")}.jpg`);
  created.push(free);
  // An image that a (draft) article shows is in use.
  const used = unique("Utilisée");
  const usedUrl = `/images/absente-${used.replace(/\W+/g, "-")}.jpg`;
  insertMedia(used, usedUrl);
  usingPosts.push(insertDraftWithCover(used, usedUrl));
  created.push(used);

  await openTab(page, "Images du site");
  const grid = page.getByRole("list", { name: "Images du site" });
  const cardOf = (title: string) =>
    grid.getByRole("listitem").filter({ has: page.locator(`input[value="${title}"]`) });

  await expect(cardOf(used).getByText("Utilisée sur le site").first()).toBeVisible();
  await expect(cardOf(used).getByRole("button", { name: /Supprimer/ })).toBeDisabled();
  await expect(cardOf(free).getByRole("button", { name: /Supprimer/ })).toBeEnabled();

  await page.getByRole("switch", { name: "Afficher uniquement les images utilisées" }).click();
  await expect(cardOf(free)).toHaveCount(0);
  await expect(cardOf(used)).toBeVisible();
  await page.getByRole("switch", { name: "Afficher uniquement les images utilisées" }).click();

  // A title edited, then the global save.
  const save = page.getByRole("button", { name: "Sauvegarder" });
  await expect(save).toBeDisabled();
  const renamed = unique("Renommée");
  created.push(renamed);
  await cardOf(free).getByLabel("Titre du média").fill(renamed);
  await expect(page.getByText("Vous avez des modifications non sauvegardées")).toBeVisible();
  await save.click();
  await expect(toasts(page).getByText("Changements sauvegardés").last()).toBeVisible();
  await expect.poll(() => rowByTitle(renamed)?.id).toBe(freeId);
  await expect(save).toBeDisabled();

  // Delete asks first; cancelling keeps it.
  const card = cardOf(renamed);
  await card.getByRole("button", { name: /Supprimer/ }).click();
  const dialog = page.getByRole("alertdialog", { name: "Supprimer ce média ?" });
  await dialog.getByRole("button", { name: "Annuler" }).click();
  expect(rowByTitle(renamed)).toBeDefined();
  await card.getByRole("button", { name: /Supprimer/ }).click();
  await dialog.getByRole("button", { name: "Supprimer" }).click();
  await expect(toasts(page).getByText("Média supprimé avec succès").last()).toBeVisible();
  await expect.poll(() => rowByTitle(renamed)).toBeUndefined();
  await expect(cardOf(renamed)).toHaveCount(0);
  expect(rowByTitle(used)).toBeDefined();
});

// One test a tab: four axe runs in one test took a third of its budget on a busy machine.
for (const tab of ["Logo", "Vidéo d'accueil", "Images du site", "Ajouter des médias"]) {
  test(`the media screen's tab ${tab} passes axe`, async ({ page, login }) => {
    await login();
    const title = unique("Axe");
    insertMedia(title, "/images/placeholder.webp");
    created.push(title);
    await page.goto("/admin/media");
    await page.locator("[data-shell-ready]").waitFor();
    await page.getByRole("tab", { name: tab }).click();
    await expect(page.getByRole("tab", { name: tab })).toHaveAttribute("aria-selected", "true");
    const results = await axeCheck(page).analyze();
    expect(
      results.violations.map((v) => ({
        id: v.id,
        targets: v.nodes.map((n) => n.target.join(" ")),
      })),
      tab,
    ).toEqual([]);
  });
}
