import type { Page } from "@playwright/test";
import { expectNoAxeViolations, hydrated, STALE, toast } from "./admin-disciplines-db";
import { expect, test } from "./fixtures";
import { db } from "./site-helpers";

/*
 * The Pages screen (/admin/pages). Every test works on pages it creates, at slugs of its
 * own, and deletes them: both projects can run at once.
 */

const list = (page: Page) => page.getByRole("region", { name: "Liste des pages" });
const saveButton = (page: Page) => page.getByRole("button", { name: "Sauvegarder" });
const content = (page: Page) => page.getByRole("textbox", { name: "Contenu" });
const suffix = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

function pageRow(id: number) {
  return db().prepare("select * from site_pages where id = ?").get(id) as
    Record<string, unknown> | undefined;
}
function deletePages(ids: number[]) {
  for (const id of ids) db().prepare("delete from site_pages where id = ?").run(id);
}

async function open(page: Page, query = "") {
  await page.goto(`/admin/pages${query}`);
  await hydrated(page);
}

/** Clicks 'Nouvelle page' and returns the id of the page the editor then opens. */
async function addPage(page: Page): Promise<number> {
  const shown = () => Number(new URL(page.url()).searchParams.get("id") ?? 0);
  const before = shown();
  await page.getByRole("button", { name: "Nouvelle page", exact: true }).click();
  await expect(toast(page, "Nouvelle page ajoutée").first()).toBeVisible();
  await expect.poll(shown).not.toBe(before);
  const id = shown();
  await expect(list(page).locator(`[aria-current="true"]`)).toContainText(`/nouvelle-page`);
  return id;
}

test.beforeEach(async ({ login }) => {
  await login();
});
test.describe.configure({ timeout: 90_000 });

test("lists the main pages; a main page cannot be deleted; no axe violation", async ({ page }) => {
  await open(page);
  await expect(page.getByRole("heading", { level: 1, name: "Pages" })).toBeVisible();
  for (const slug of ["/", "/disciplines", "/entrainements", "/tarifs", "/contact"]) {
    await expect(list(page).getByText(slug, { exact: true })).toBeVisible();
  }
  await list(page)
    .getByRole("button", { name: /^Tarifs/ })
    .click();
  await expect(page.getByLabel("URL de la page")).toHaveValue("/tarifs");
  await expect(page.getByLabel("URL de la page")).toHaveAttribute("readonly", "");
  await expect(page.getByRole("switch", { name: "Publié" })).toBeDisabled();
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Supprimer la page" }).click();
  await expect(toast(page, "Vous ne pouvez pas supprimer cette page principale")).toBeVisible();
  await expect(list(page).getByText("/tarifs", { exact: true })).toBeVisible();
});

test("create, check every rule, write with the toolbar, save, reload, serve it, delete", async ({
  page,
  request,
}) => {
  const id = suffix();
  const slug = `/e2e-page-${id}`;
  const title = `Page e2e ${id}`;
  const created: number[] = [];
  try {
    await open(page);
    const first = await addPage(page);
    created.push(first);
    await page.getByLabel("URL de la page").fill(`${slug}-bis`);
    await saveButton(page).click();
    await expect(toast(page, "Pages sauvegardées avec succès")).toBeVisible();

    const pageId = await addPage(page);
    created.push(pageId);
    await expect(page.getByLabel("Titre")).toHaveValue("Nouvelle page");
    expect(pageRow(pageId)).toMatchObject({ is_published: 0, template: "default" });

    // Every rule, checked before sending.
    const slugField = page.getByLabel("URL de la page");
    const rules: [string, string, string][] = [
      ["title", "", "Le titre est obligatoire"],
      ["slug", "mentions", "L'URL doit commencer par /"],
      [
        "slug",
        "/Mentions Légales",
        "L'URL ne peut contenir que des lettres minuscules sans accents, des chiffres et des tirets, séparés par des /",
      ],
      [
        "slug",
        "/blog",
        "Cette URL est celle d'une page existante du site : choisissez-en une autre",
      ],
      ["slug", `${slug}-bis`, "Erreur: Les URLs des pages doivent être uniques"],
    ];
    for (const [field, value, message] of rules) {
      await (field === "title" ? page.getByLabel("Titre") : slugField).fill(value);
      await saveButton(page).click();
      await expect(page.getByText(message, { exact: true }).first()).toBeVisible();
      await page.getByLabel("Titre").fill(title);
      await slugField.fill(slug);
    }
    expect(pageRow(pageId)?.title).toBe("Nouvelle page");

    await page.getByLabel("Modèle").selectOption({ label: "Avec barre latérale" });
    await page.getByLabel("Ordre").fill("42");
    await page.getByRole("switch", { name: "Publié" }).click();
    await expect(page.getByText(`Publié : la page est visible à l'adresse ${slug}.`)).toBeVisible();

    // The toolbar: one tab stop, arrows move along it.
    const toolbar = page.getByRole("toolbar", { name: "Mise en forme : Contenu" });
    await toolbar.getByRole("button", { name: "Gras" }).focus();
    await page.keyboard.press("ArrowRight");
    await expect(toolbar.getByRole("button", { name: "Italique" })).toBeFocused();
    // Outside a link, "Retirer le lien" is disabled and skipped.
    await page.keyboard.press("End");
    await expect(toolbar.getByRole("button", { name: "Lien", exact: true })).toBeFocused();
    await page.keyboard.press("ArrowRight");
    await expect(toolbar.getByRole("button", { name: "Gras" })).toBeFocused();

    await content(page).click();
    await page.keyboard.type("Qui sommes-nous");
    await toolbar.getByRole("button", { name: "Titre de section" }).click();
    await expect(toolbar.getByRole("button", { name: "Titre de section" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await page.keyboard.press("End");
    await page.keyboard.press("Enter");
    await page.keyboard.press("ControlOrMeta+b");
    await page.keyboard.type("Un club");
    await page.keyboard.press("ControlOrMeta+b");
    await page.keyboard.type(" pour tous. ");
    await toolbar.getByRole("button", { name: "Lien", exact: true }).click();
    const href = page.getByLabel("Adresse du lien");
    await href.fill("javascript:alert(1)");
    await href.press("Enter");
    await expect(
      page.getByText(
        "Adresse invalide : http(s)://…, mailto:…, tel:… ou un chemin commençant par /",
      ),
    ).toBeVisible();
    await href.fill("/contact");
    await href.press("Enter");
    await expect(content(page).getByRole("link", { name: "/contact" })).toBeVisible();

    await saveButton(page).click();
    await expect(toast(page, "Pages sauvegardées avec succès")).toBeVisible();
    await expect(saveButton(page)).toBeDisabled();
    const stored = pageRow(pageId)!;
    expect(stored).toMatchObject({
      title,
      slug,
      template: "sidebar",
      is_published: 1,
      order_index: 42,
    });
    expect(stored.content).toContain("<h2>Qui sommes-nous</h2>");
    expect(stored.content).toContain("<strong>Un club</strong> pour tous.");
    expect(stored.content).toContain('<a href="/contact">/contact</a>');

    await page.reload();
    await hydrated(page);
    await expect(page.getByLabel("Titre")).toHaveValue(title);
    await expect(page.getByLabel("Modèle")).toHaveValue("sidebar");
    await expect(page.getByRole("switch", { name: "Publié" })).toBeChecked();
    await expect(content(page).getByRole("heading", { name: "Qui sommes-nous" })).toBeVisible();
    await expect(list(page).getByRole("button", { name: new RegExp(`^${title}`) })).toContainText(
      "Publié",
    );

    // Served at its slug, in its template, for visitors.
    const publicPage = await page.context().newPage();
    await publicPage.goto(slug);
    await expect(publicPage.getByRole("heading", { level: 1 })).toHaveText(title);
    await expect(
      publicPage.getByRole("heading", { level: 2, name: "Qui sommes-nous" }),
    ).toBeVisible();
    await expect(publicPage.locator('[data-template="sidebar"]')).toBeVisible();
    await expect(
      publicPage.getByRole("main").getByRole("link", { name: "/contact" }),
    ).toHaveAttribute("href", "/contact");
    await publicPage.close();

    await page.getByRole("button", { name: "Supprimer la page" }).click();
    await page
      .getByRole("alertdialog", { name: `Supprimer « ${title} » ?` })
      .getByRole("button", { name: "Supprimer" })
      .click();
    await expect(toast(page, "Page supprimée")).toBeVisible();
    await expect(list(page).getByText(title)).toHaveCount(0);
    expect(pageRow(pageId)).toBeUndefined();
    expect((await request.get(slug)).status()).toBe(404);
  } finally {
    deletePages(created);
  }
});

test("a save from a second tab based on an older version is refused, the input kept", async ({
  page,
  context,
}) => {
  const id = suffix();
  const stamp = new Date().toISOString();
  const pageId = Number(
    db()
      .prepare(
        `insert into site_pages (title, slug, content, is_published, template, order_index, created_at, updated_at)
         values (?, ?, '', 0, 'default', 90, ?, ?)`,
      )
      .run(`Page onglets ${id}`, `/e2e-onglets-${id}`, stamp, stamp).lastInsertRowid,
  );
  try {
    await open(page, `?id=${pageId}`);
    const second = await context.newPage();
    await open(second, `?id=${pageId}`);
    await page.getByLabel("Titre").fill(`Premier onglet ${id}`);
    await saveButton(page).click();
    await expect(toast(page, "Pages sauvegardées avec succès")).toBeVisible();
    await second.getByLabel("Titre").fill(`Second onglet ${id}`);
    await saveButton(second).click();
    await expect(toast(second, STALE)).toBeVisible();
    await expect(second.getByLabel("Titre")).toHaveValue(`Second onglet ${id}`);
    expect(pageRow(pageId)?.title).toBe(`Premier onglet ${id}`);
    await second.close();
  } finally {
    deletePages([pageId]);
  }
});
