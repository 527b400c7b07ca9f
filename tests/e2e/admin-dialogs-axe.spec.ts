import type { Locator, Page } from "@playwright/test";
import { hydrated, unique } from "./admin-disciplines-db";
import { expect, test } from "./fixtures";
import { db, deletePosts, deleteSitePages, insertPost, insertSitePage } from "./public-db";
import { expectNoAxeViolations } from "./axe";

/*
 * axe with each back-office screen's dialogs open (the screens' own specs check them
 * closed): every dialog is opened, checked, then cancelled, so nothing is changed. The
 * few rows a dialog needs (a draft page, a draft article, a media item) are made here
 * and removed.
 */

test.describe.configure({ timeout: 90_000 });

test.beforeEach(async ({ login }) => {
  await login();
});

async function open(page: Page, path: string) {
  await page.goto(path);
  await hydrated(page);
}

/** Checks the page with the dialog open, then cancels it and sees it closed. */
async function checkAndCancel(page: Page, dialog: Locator, cancel = "Annuler") {
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page);
  await dialog.getByRole("button", { name: cancel }).click();
  await expect(dialog).toBeHidden();
}

test("content: the discard-changes dialog", async ({ page }) => {
  await open(page, "/admin/content");
  await page
    .getByRole("region", { name: "Bannière d'accueil · Principal" })
    .getByLabel("Titre", { exact: true })
    .fill("Titre jamais sauvegardé");
  await page.getByRole("button", { name: "Actualiser" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Abandonner les modifications ?" });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page);
  await dialog.getByRole("button", { name: "Abandonner et actualiser" }).click();
  await expect(dialog).toBeHidden();
});

for (const [path, button] of [
  ["/admin/disciplines", "Supprimer la discipline"],
  ["/admin/training", "Supprimer le format"],
] as const) {
  test(`${path}: the delete confirmation`, async ({ page }) => {
    await open(page, path);
    await page.getByRole("tab", { name: "Apparence" }).click();
    await page.getByRole("button", { name: button }).click();
    await checkAndCancel(page, page.getByRole("alertdialog", { name: /^Supprimer « .* » \?$/ }));
  });
}

test("menu: the remove-entry confirmation", async ({ page }) => {
  await open(page, "/admin/menu");
  await page
    .getByRole("list", { name: "Entrées du menu" })
    .getByRole("button", { name: /^Supprimer « / })
    .first()
    .click();
  await checkAndCancel(page, page.getByRole("alertdialog", { name: /^Supprimer l'entrée « / }));
});

test("pages: the delete confirmation of a page", async ({ page }) => {
  const title = unique("Page axe");
  const id = insertSitePage({
    title,
    slug: `/e2e-axe-${Date.now().toString(36)}`,
    content: "<p>Texte</p>",
    is_published: 0,
    template: "default",
  });
  try {
    await open(page, `/admin/pages?id=${id}`);
    await expect(page.getByLabel("Titre")).toHaveValue(title);
    await page.getByRole("button", { name: "Supprimer la page" }).click();
    await checkAndCancel(page, page.getByRole("alertdialog", { name: `Supprimer « ${title} » ?` }));
  } finally {
    deleteSitePages([id]);
  }
});

test("inscriptions: the remove-form confirmation", async ({ page }) => {
  await open(page, "/admin/inscriptions");
  await page.getByRole("button", { name: "Ajouter un formulaire" }).click();
  const title = unique("Formulaire axe");
  await page.getByRole("main").getByRole("listitem").last().getByLabel("Titre").fill(title);
  await page.getByRole("button", { name: `Supprimer le formulaire « ${title} »` }).click();
  await checkAndCancel(page, page.getByRole("alertdialog", { name: `Supprimer « ${title} » ?` }));
});

test("schedule: the edit dialog of an activity and its delete confirmation", async ({ page }) => {
  await open(page, "/admin/schedule");
  await page
    .getByRole("button", { name: /^Modifier « / })
    .first()
    .click();
  const edit = page.getByRole("dialog", { name: "Modifier l'activité" });
  await expect(edit).toBeVisible();
  await expectNoAxeViolations(page);
  await edit.getByRole("button", { name: "Annuler" }).click();
  await expect(edit).toBeHidden();
  await page
    .getByRole("button", { name: /^Supprimer « / })
    .first()
    .click();
  await checkAndCancel(page, page.getByRole("alertdialog", { name: /^Supprimer « .* » \?$/ }));
});

test("blog: the edit dialog of an article and its delete confirmation", async ({ page }) => {
  const title = unique("Article axe");
  const id = insertPost({ slug: title.toLowerCase().replace(/\W+/g, "-"), title, is_published: 0 });
  try {
    await open(page, "/admin/blog");
    const row = page
      .getByRole("list", { name: "Articles" })
      .getByRole("listitem")
      .filter({ has: page.getByRole("heading", { name: title, exact: true }) });
    await row.getByRole("button", { name: /^Modifier/ }).click();
    const edit = page.getByRole("dialog", { name: "Modifier l'article" });
    await expect(edit.getByRole("textbox", { name: "Titre", exact: true })).toHaveValue(title);
    await expectNoAxeViolations(page);
    await edit.getByRole("button", { name: "Annuler" }).click();
    await expect(edit).toBeHidden();
    await row.getByRole("button", { name: /^Supprimer/ }).click();
    await checkAndCancel(page, page.getByRole("alertdialog", { name: "Supprimer cet article ?" }));
  } finally {
    deletePosts([id]);
  }
});

test("media: the delete confirmation of a library item", async ({ page }) => {
  const title = unique("Média axe");
  const stamp = new Date().toISOString();
  const id = Number(
    db()
      .prepare(
        "insert into media_items (title, url, type, storage_path, created_at, updated_at) values (?, '/images/placeholder.webp', 'image', null, ?, ?)",
      )
      .run(title, stamp, stamp).lastInsertRowid,
  );
  try {
    await open(page, "/admin/media");
    await page.getByRole("tab", { name: "Images du site" }).click();
    await page
      .getByRole("list", { name: "Images du site" })
      .getByRole("listitem")
      .filter({ has: page.locator(`input[value="${title}"]`) })
      .getByRole("button", { name: /Supprimer/ })
      .click();
    await checkAndCancel(page, page.getByRole("alertdialog", { name: "Supprimer ce média ?" }));
  } finally {
    db().prepare("delete from media_items where id = ?").run(id);
  }
});
