import type { Locator, Page } from "@playwright/test";
import { hydrated, pdfBytes, toast, unique } from "./admin-disciplines-db";
import { expect, test } from "./fixtures";
import { db, withDbLock } from "./public-db";
import { expectNoAxeViolations } from "./axe";

/*
 * The registration forms screen (/admin/inscriptions). Saving replaces the whole list that
 * /inscription shows: the changing tests run on the desktop project only, under the lock of
 * the public specs that read that page, and put the rows back exactly.
 */

type FormRow = Record<string, unknown>;

function snapshot(): FormRow[] {
  return db().prepare("select * from inscription_forms order by id").all() as FormRow[];
}

function restore(rows: FormRow[]): void {
  db().transaction(() => {
    db().prepare("delete from inscription_forms").run();
    for (const row of rows) {
      const columns = Object.keys(row);
      db()
        .prepare(
          `insert into inscription_forms (${columns.join(", ")}) values (${columns.map((c) => `@${c}`).join(", ")})`,
        )
        .run(row);
    }
  })();
}

const cards = (page: Page) => page.getByRole("main").getByRole("listitem");
const card = (page: Page, title: string) =>
  cards(page).filter({ has: page.getByRole("heading", { level: 2, name: title }) });
const saveButton = (page: Page) => page.getByRole("button", { name: "Sauvegarder" });
const publicCard = (page: Page, title: string) =>
  page.getByRole("listitem").filter({ has: page.getByRole("heading", { level: 3, name: title }) });

async function open(page: Page) {
  await page.goto("/admin/inscriptions");
  await hydrated(page);
}

/** Adds a form at the end and gives it a title; returns its card. */
async function addForm(page: Page, title: string): Promise<Locator> {
  await page.getByRole("button", { name: "Ajouter un formulaire" }).click();
  const added = cards(page).last();
  await added.getByLabel("Titre").fill(title);
  return card(page, title);
}

test.beforeEach(async ({ login }) => {
  await login();
});
test.describe.configure({ mode: "serial", timeout: 180_000 });

test("the screen and its empty or filled list; no axe violation", async ({ page }) => {
  await open(page);
  await expect(page.getByRole("heading", { level: 1, name: "Inscriptions" })).toBeVisible();
  await expect(saveButton(page)).toBeDisabled();
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Ajouter un formulaire" }).click();
  await expect(page.getByText("Vous avez des modifications non sauvegardées")).toBeVisible();
  await expect(cards(page).last().getByRole("switch", { name: "Actif" })).toBeChecked();
  await expectNoAxeViolations(page);
});

test("add, check, upload a PDF, save, reload, download it publicly, deactivate, reorder, remove the file", async ({
  page,
  request,
}) => {
  const title = unique("Formulaire e2e");
  const second = unique("Deuxième e2e");
  await withDbLock(async () => {
    const before = snapshot();
    try {
      await open(page);
      await page.getByRole("button", { name: "Ajouter un formulaire" }).click();
      await saveButton(page).click();
      await expect(toast(page, "Vérifiez les champs signalés")).toBeVisible();
      await expect(cards(page).last().getByText("Le titre est obligatoire")).toBeVisible();
      await cards(page).last().getByLabel("Titre").fill(title);
      const form = card(page, title);
      await form.getByLabel("Description").fill("Pour les adultes, saison 2025.");

      // Not a PDF: refused by the server from the bytes, whatever the name says.
      await form.getByLabel("Fichier PDF").setInputFiles({
        name: "faux.pdf",
        mimeType: "application/pdf",
        buffer: Buffer.from("ceci n'est pas un PDF"),
      });
      await expect(form.getByRole("alert")).toHaveText("Veuillez sélectionner un fichier PDF");

      await form.getByLabel("Fichier PDF").setInputFiles({
        name: "Règlement été 2025.pdf",
        mimeType: "application/pdf",
        buffer: pdfBytes(),
      });
      await expect(toast(page, "Fichier uploadé avec succès")).toBeVisible();
      await expect(form.getByRole("link", { name: /Reglement_ete_2025\.pdf/ })).toBeVisible();
      await saveButton(page).click();
      await expect(toast(page, "Formulaires sauvegardés avec succès")).toBeVisible();
      await expect(saveButton(page)).toBeDisabled();

      const stored = db()
        .prepare("select * from inscription_forms where title = ?")
        .get(title) as FormRow;
      expect(stored).toMatchObject({ is_active: 1, description: "Pour les adultes, saison 2025." });
      const fileUrl = String(stored.file_url);
      expect(fileUrl).toMatch(
        /^\/uploads\/site-documents\/inscriptions\/\d+-Reglement_ete_2025\.pdf$/,
      );

      await page.reload();
      await hydrated(page);
      await expect(card(page, title).getByLabel("Titre")).toHaveValue(title);
      await expect(
        card(page, title).getByRole("link", { name: /Reglement_ete_2025/ }),
      ).toHaveAttribute("href", fileUrl);

      const visitor = await page.context().browser()!.newPage();
      await visitor.goto(new URL("/inscription", page.url()).toString());
      const download = publicCard(visitor, title).getByRole("link", {
        name: "Télécharger le formulaire",
      });
      await expect(download).toHaveAttribute("href", fileUrl);
      const file = await request.get(fileUrl);
      expect(file.status()).toBe(200);
      expect(file.headers()["content-type"]).toContain("application/pdf");

      // Inactive: gone from the public page.
      await card(page, title).getByRole("switch", { name: "Actif" }).click();
      await saveButton(page).click();
      await expect(toast(page, "Formulaires sauvegardés avec succès")).toBeVisible();
      await visitor.reload();
      await expect(visitor.getByRole("heading", { name: title })).toHaveCount(0);
      await card(page, title).getByRole("switch", { name: "Actif" }).click();
      // The next save says the same words: this toast must be gone first (4 s).
      await expect(toast(page, "Formulaires sauvegardés avec succès")).toHaveCount(0, {
        timeout: 15_000,
      });

      // A second form, moved above the first: the order survives a reload.
      await addForm(page, second);
      await page.getByRole("button", { name: `Monter « ${second} »` }).click();
      await saveButton(page).click();
      await expect(toast(page, "Formulaires sauvegardés avec succès")).toBeVisible();
      await page.reload();
      await hydrated(page);
      const headings = await cards(page).getByRole("heading", { level: 2 }).allInnerTexts();
      expect(headings.indexOf(second)).toBe(headings.indexOf(title) - 1);
      await visitor.reload();
      const publicTitles = await visitor.getByRole("heading", { level: 3 }).allInnerTexts();
      expect(publicTitles.indexOf(second)).toBe(publicTitles.indexOf(title) - 1);
      await expect(
        publicCard(visitor, second).getByRole("button", { name: "Formulaire bientôt disponible" }),
      ).toBeDisabled();

      // Removing the file deletes it at once; the form stays, without a download.
      await card(page, title).getByRole("button", { name: "Supprimer le fichier" }).click();
      await page
        .getByRole("alertdialog", { name: "Supprimer le fichier ?" })
        .getByRole("button", { name: "Supprimer" })
        .click();
      await expect(toast(page, "Fichier supprimé")).toBeVisible();
      await expect(card(page, title).getByRole("link", { name: /Reglement_ete_2025/ })).toHaveCount(
        0,
      );
      expect((await request.get(fileUrl)).status()).toBe(404);
      await visitor.reload();
      await expect(
        publicCard(visitor, title).getByRole("button", { name: "Formulaire bientôt disponible" }),
      ).toBeDisabled();
      await expect(saveButton(page)).toBeDisabled();

      // Both forms removed again: the list is back as it was.
      for (const name of [title, second]) {
        await page.getByRole("button", { name: `Supprimer le formulaire « ${name} »` }).click();
        await page
          .getByRole("alertdialog", { name: `Supprimer « ${name} » ?` })
          .getByRole("button", { name: "Supprimer" })
          .click();
      }
      await saveButton(page).click();
      await expect(toast(page, "Formulaires sauvegardés avec succès")).toBeVisible();
      const titles = (snapshot() as { title: string }[]).map((row) => row.title);
      expect(titles).toEqual((before as { title: string }[]).map((row) => row.title));
      await visitor.close();
    } finally {
      restore(before);
    }
  });
});
