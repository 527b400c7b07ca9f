import type { Page } from "@playwright/test";
import { restoreMenu, snapshotMenu } from "./admin-content-db";
import { hydrated, STALE, toast } from "./admin-disciplines-db";
import { expect, test } from "./fixtures";
import { db, withSiteLock } from "./site-helpers";
import { expectNoAxeViolations } from "./axe";

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

const MAIN_PAGES = [
  ["Accueil", "/", "accueil"],
  ["Disciplines", "/disciplines", "disciplines"],
  ["Entraînements", "/entrainements", "entrainements"],
  ["Tarifs", "/tarifs", "pages"],
  ["Contact", "/contact", "contact"],
] as const;

test("the main pages are read-only lines leading to Contenu; no axe violation", async ({
  page,
}) => {
  await open(page);
  await expect(page.getByRole("heading", { level: 1, name: "Pages" })).toBeVisible();
  for (const [title, slug] of MAIN_PAGES) {
    const line = list(page)
      .getByRole("listitem")
      .filter({ has: page.getByRole("link", { name: `Modifier dans Contenu : ${title}` }) });
    await expect(line.getByText("Page principale")).toBeVisible();
    // Its public address, and nothing that opens it in an editor, publishes or deletes it.
    await expect(line.getByRole("link", { name: new RegExp(`^${slug} `) })).toHaveAttribute(
      "href",
      slug,
    );
    await expect(line.getByRole("button")).toHaveCount(0);
    await expect(line.getByText("Brouillon")).toHaveCount(0);
  }
  await expectNoAxeViolations(page);

  // Even asked by its id, a main page opens no editor.
  const tarifs = db().prepare("select id from site_pages where slug = '/tarifs'").get() as {
    id: number;
  };
  await open(page, `?id=${tarifs.id}`);
  await expect(page.getByText("Aucune page sélectionnée")).toBeVisible();
  await expect(page.getByLabel("URL de la page")).toHaveCount(0);
  await expect(page.getByRole("switch", { name: "Publié" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Supprimer la page" })).toHaveCount(0);

  await list(page).getByRole("link", { name: "Modifier dans Contenu : Tarifs" }).click();
  await expect(page).toHaveURL(/\/admin\/content\?tab=pages$/);
  await expect(page.getByRole("tab", { name: "Pages", selected: true })).toBeVisible();
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

    // The address follows the title as it is typed, until it is typed by hand.
    const slugField = page.getByLabel("URL de la page");
    await page.getByLabel("Titre").fill(`Règlement intérieur ${id}`);
    await expect(slugField).toHaveValue(`/reglement-interieur-${id}`);
    await page.getByLabel("Titre").pressSequentially(" été");
    await expect(slugField).toHaveValue(`/reglement-interieur-${id}-ete`);
    await slugField.fill(`/reglement-${id}`);
    await page.getByLabel("Titre").fill(`Autre nom ${id}`);
    await expect(slugField).toHaveValue(`/reglement-${id}`);

    // Every rule, checked before sending.
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
    await expect(second.getByText("Vous avez des modifications non sauvegardées")).toBeVisible();
    expect(pageRow(pageId)?.title).toBe(`Premier onglet ${id}`);
    await second.close();
  } finally {
    deletePages([pageId]);
  }
});

function insertPage(title: string, slug: string, published: boolean): number {
  const stamp = new Date().toISOString();
  return Number(
    db()
      .prepare(
        `insert into site_pages (title, slug, content, is_published, template, order_index, created_at, updated_at)
         values (?, ?, '<p>Texte.</p>', ?, 'default', 95, ?, ?)`,
      )
      .run(title, slug, published ? 1 : 0, stamp, stamp).lastInsertRowid,
  );
}

test("two saves a moment apart show one toast of their text", async ({ page }) => {
  const id = suffix();
  const pageId = insertPage(`Page toasts ${id}`, `/e2e-toasts-${id}`, false);
  try {
    await open(page, `?id=${pageId}`);
    const titleField = page.getByRole("textbox", { name: "Titre" });
    await titleField.fill(`Premier essai ${id}`);
    await saveButton(page).click();
    const saved = toast(page, "Pages sauvegardées avec succès");
    await expect(saved).toBeVisible();
    // The pointer rests on the toast: sonner holds it on screen, however slow the machine.
    await saved.hover();
    // Counts the toasts of that text that come from now on.
    await page.evaluate((text) => {
      const seen = window as unknown as { newToasts: number };
      seen.newToasts = 0;
      new MutationObserver((changes) => {
        for (const change of changes) {
          for (const node of change.addedNodes) {
            if (node instanceof HTMLElement && node.matches("[data-sonner-toast]")) {
              if (node.textContent?.includes(text)) seen.newToasts += 1;
            }
          }
        }
      }).observe(document.body, { childList: true, subtree: true });
    }, "Pages sauvegardées avec succès");
    await titleField.fill(`Second essai ${id}`);
    await saveButton(page).focus();
    const answered = page.waitForResponse(
      (response) =>
        response.request().method() === "POST" && response.url().includes("/admin/pages"),
    );
    await page.keyboard.press("Enter");
    await answered;
    await expect.poll(() => pageRow(pageId)?.title).toBe(`Second essai ${id}`);
    // The answer's render done (the button idle again), then two frames: its toast is drawn.
    await expect(saveButton(page)).not.toHaveAttribute("aria-busy", "true");
    await page.evaluate(
      () => new Promise((drawn) => requestAnimationFrame(() => requestAnimationFrame(drawn))),
    );
    // The second answer updated the toast on screen: no copy was added beside it.
    expect(await page.evaluate(() => (window as unknown as { newToasts: number }).newToasts)).toBe(
      0,
    );
    await expect(saved).toHaveCount(1);
    await expect(saved).toBeVisible();
  } finally {
    deletePages([pageId]);
  }
});

test("« Ajouter au menu » adds the published page once, then says it is in the menu", async ({
  page,
}) => {
  const id = suffix();
  const slug = `/e2e-menu-${id}`;
  const pageId = insertPage(`Partenaires ${id}`, slug, false);
  await withSiteLock("menu", async () => {
    const snapshot = snapshotMenu();
    try {
      await open(page, `?id=${pageId}`);
      const add = page.getByRole("button", { name: "Ajouter au menu" });
      // A draft would lead visitors nowhere: publish and save first.
      await expect(add).toBeDisabled();
      await expect(
        page.getByText("Publiez et sauvegardez la page pour pouvoir l'ajouter au menu du site."),
      ).toBeVisible();
      await page.getByRole("switch", { name: "Publié" }).click();
      await saveButton(page).click();
      await expect(toast(page, "Pages sauvegardées avec succès")).toBeVisible();
      await expectNoAxeViolations(page);

      await add.click();
      await expect(toast(page, "Page ajoutée au menu")).toBeVisible();
      await expect(page.getByText("Dans le menu", { exact: true })).toBeVisible();
      await expect(add).toHaveCount(0);
      const entries = () =>
        db().prepare("select label, path from menu_items where path = ?").all(slug);
      expect(entries()).toEqual([{ label: `Partenaires ${id}`, path: slug }]);

      // Still so after a reload; the link leads to the Menu screen, which lists the entry.
      await page.reload();
      await hydrated(page);
      await expect(page.getByText("Dans le menu", { exact: true })).toBeVisible();
      await page.getByRole("link", { name: "Voir le menu" }).click();
      await expect(page).toHaveURL(/\/admin\/menu$/);
      await expect(page.getByRole("heading", { level: 1, name: "Menu" })).toBeVisible();
      await expect(page.getByRole("textbox", { name: "Lien", exact: true }).last()).toHaveValue(
        slug,
      );
      expect(entries()).toHaveLength(1);
    } finally {
      restoreMenu(snapshot);
      deletePages([pageId]);
    }
  });
});
