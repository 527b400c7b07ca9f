import type { Page } from "@playwright/test";
import {
  hydrated,
  insertRow,
  keepOnlyRow,
  orderedIds,
  removeRows,
  restoreAllRows,
  rowOf,
  snapshotRows,
  toast,
  unique,
} from "./admin-disciplines-db";
import { expect, test } from "./fixtures";
import { withSiteLock } from "./site-helpers";
import { expectNoAxeViolations } from "./axe";

/*
 * The disciplines screen (/admin/disciplines). Every test that adds, moves or deletes a
 * discipline runs on the desktop project only, under the "disciplines" lock that the
 * specs counting the public disciplines take too, and removes its own rows.
 */

const list = (page: Page) => page.getByRole("region", { name: "Liste des disciplines" });
const saveButton = (page: Page) => page.getByRole("button", { name: "Sauvegarder" });

async function open(page: Page, query = "") {
  await page.goto(`/admin/disciplines${query}`);
  await hydrated(page);
}

test.beforeEach(async ({ login }) => {
  await login();
});

// Two axe runs on a busy machine: more than the default 30 s.
test.describe.configure({ timeout: 90_000 });

test("lists the disciplines with their move buttons; the editor has two tabs; no axe violation", async ({
  page,
}) => {
  await open(page);
  await expect(page.getByRole("heading", { level: 1, name: "Disciplines" })).toBeVisible();
  const first = list(page).getByRole("listitem").first();
  await expect(first.getByRole("button", { name: /^Boxe anglaise loisir/ })).toHaveAttribute(
    "aria-current",
    "true",
  );
  await expect(
    first.getByRole("button", { name: "Monter « Boxe anglaise loisir »" }),
  ).toBeDisabled();
  await expect(
    first.getByRole("button", { name: "Descendre « Boxe anglaise loisir »" }),
  ).toBeEnabled();
  await expect(page.getByLabel("Titre", { exact: true })).toHaveValue("Boxe anglaise loisir");
  await expect(page.getByRole("textbox", { name: "Point clé 1" })).toHaveValue(
    "Ouvert aux débutants comme aux confirmés",
  );
  await expect(saveButton(page)).toBeDisabled();
  await expect(page.getByRole("link", { name: /Aperçu/ })).toHaveAttribute(
    "href",
    "/disciplines#boxe-anglaise-loisir",
  );
  await expect(page.getByRole("link", { name: /Aperçu/ })).toHaveAttribute("target", "_blank");
  await expectNoAxeViolations(page);

  await page.getByRole("tab", { name: "Apparence" }).click();
  await expect(page.getByRole("radio", { name: "Clair" })).toBeChecked();
  await expect(page.getByLabel("Couleur de fond", { exact: true })).toHaveValue("#f8f9fa");
  await expect(page.getByLabel("Image", { exact: true })).toBeAttached();
  await expect(page.getByRole("button", { name: "Supprimer la discipline" })).toBeVisible();
  await expectNoAxeViolations(page);

  // A pending edit shows the banner, enables Save and guards a switch to another discipline.
  await page.getByRole("tab", { name: "Contenu" }).click();
  await page.getByLabel("Sous-titre").fill("Un sous-titre jamais sauvegardé");
  await expect(page.getByText("Vous avez des modifications non sauvegardées")).toBeVisible();
  await expect(saveButton(page)).toBeEnabled();
  await list(page)
    .getByRole("button", { name: /^Boxe éducative/ })
    .click();
  const leave = page.getByRole("alertdialog", { name: "Quitter sans sauvegarder ?" });
  await leave.getByRole("button", { name: "Rester" }).click();
  await expect(page.getByLabel("Sous-titre")).toHaveValue("Un sous-titre jamais sauvegardé");
  await list(page)
    .getByRole("button", { name: /^Boxe éducative/ })
    .click();
  await leave.getByRole("button", { name: "Quitter" }).click();
  await expect(page.getByLabel("Titre", { exact: true })).toHaveValue("Boxe éducative");
  await expect(page.getByText("Vous avez des modifications non sauvegardées")).toBeHidden();
});

test.describe("changes", () => {
  test.describe.configure({ mode: "serial", timeout: 120_000 });
  test.beforeEach(async ({ login: _login }) => {});

  test("add, edit, check, save, reload, see it public, reorder, delete", async ({ page }) => {
    const title = unique("Discipline e2e");
    await withSiteLock("disciplines", async () => {
      const before = orderedIds("disciplines");
      try {
        await open(page);
        await page.getByRole("button", { name: "Ajouter", exact: true }).click();
        await expect(toast(page, "Discipline créée avec succès")).toBeVisible();
        await expect(page.getByRole("heading", { level: 2, name: "Sans titre" })).toBeVisible();
        await expect(page.getByLabel("Titre", { exact: true })).toHaveValue("Sans titre");
        const created = orderedIds("disciplines").at(-1)!;
        expect(rowOf("disciplines", created)?.order_index).toBe(before.length);

        await page.getByLabel("Titre", { exact: true }).fill(title);
        await page.getByLabel("Sous-titre").fill("Le sous-titre e2e");
        await page.getByLabel("Description").fill("Une description écrite par le test.");
        await page.getByRole("button", { name: "Ajouter un point clé" }).click();
        await page.getByRole("textbox", { name: "Point clé 1" }).fill("Premier point e2e");
        await page.getByLabel("Conclusion (facultative)").fill("Conclusion e2e");

        // Wrong colour and image address: caught before sending, on the Apparence tab.
        await page.getByRole("tab", { name: "Apparence" }).click();
        await page.getByRole("radio", { name: "Sombre" }).check();
        await page.getByLabel("Couleur du titre", { exact: true }).fill("#12");
        await page.getByLabel("Adresse de l'image (URL)").fill("javascript:alert(1)");
        await page.getByRole("tab", { name: "Contenu" }).click();
        await saveButton(page).click();
        await expect(toast(page, "Vérifiez les champs signalés")).toBeVisible();
        await expect(page.getByRole("tab", { name: "Apparence" })).toHaveAttribute(
          "aria-selected",
          "true",
        );
        await expect(page.getByText("Couleur invalide (format #RRGGBB)")).toBeVisible();
        await expect(
          page.getByText(
            "Adresse d'image invalide : une URL en http(s):// ou un chemin commençant par /",
          ),
        ).toBeVisible();
        await page.getByLabel("Couleur du titre", { exact: true }).fill("#D4AF37");
        await page.getByLabel("Adresse de l'image (URL)").fill("/images/placeholder.webp");
        await saveButton(page).click();
        await expect(toast(page, "Discipline sauvegardée avec succès")).toBeVisible();
        await expect(saveButton(page)).toBeDisabled();
        await expect(page.getByText("Vous avez des modifications non sauvegardées")).toBeHidden();
        expect(rowOf("disciplines", created)).toMatchObject({
          title,
          color: "dark",
          title_color: "#D4AF37",
          details: JSON.stringify(["Premier point e2e"]),
        });

        await page.reload();
        await hydrated(page);
        await expect(page.getByLabel("Titre", { exact: true })).toHaveValue(title);
        await expect(page.getByRole("textbox", { name: "Point clé 1" })).toHaveValue(
          "Premier point e2e",
        );
        await page.getByRole("tab", { name: "Apparence" }).click();
        await expect(page.getByRole("radio", { name: "Sombre" })).toBeChecked();
        await expect(page.getByLabel("Couleur du titre", { exact: true })).toHaveValue("#D4AF37");

        const publicPage = await page.context().newPage();
        await publicPage.goto("/disciplines");
        const section = publicPage.locator("section", {
          has: publicPage.getByRole("heading", { level: 2, name: title }),
        });
        await expect(section).toBeVisible();
        await expect(section.getByText("Le sous-titre e2e")).toBeVisible();
        await expect(section.getByText("Premier point e2e")).toBeVisible();
        await expect(section.getByText("Conclusion e2e")).toBeVisible();
        await publicPage.close();

        // Move it up one place: saved at once, kept after a reload.
        await list(page)
          .getByRole("button", { name: `Monter « ${title} »` })
          .click();
        await expect(toast(page, "Ordre mis à jour")).toBeVisible();
        await page.reload();
        await hydrated(page);
        const titles = await list(page).getByRole("listitem").allInnerTexts();
        expect(titles.at(-2)).toContain(title);
        expect(orderedIds("disciplines").at(-2)).toBe(created);
        expect(
          orderedIds("disciplines").map((id) => rowOf("disciplines", id)?.order_index),
        ).toEqual(before.map((_, i) => i).concat(before.length));

        // Delete it, after confirming.
        await list(page)
          .getByRole("button", { name: new RegExp(`^${title}`) })
          .click();
        await page.getByRole("tab", { name: "Apparence" }).click();
        await page.getByRole("button", { name: "Supprimer la discipline" }).click();
        const dialog = page.getByRole("alertdialog", { name: `Supprimer « ${title} » ?` });
        await dialog.getByRole("button", { name: "Supprimer" }).click();
        await expect(toast(page, "Discipline supprimée")).toBeVisible();
        await expect(list(page).getByText(title)).toHaveCount(0);
        expect(rowOf("disciplines", created)).toBeUndefined();
        expect(orderedIds("disciplines")).toEqual(before);
      } finally {
        removeRows("disciplines", { title });
        removeRows("disciplines", {
          ids: orderedIds("disciplines").filter((id) => !before.includes(id)),
        });
      }
    });
  });

  test("a move that fails says so and reloads the list", async ({ page }) => {
    const title = unique("Discipline disparue");
    await withSiteLock("disciplines", async () => {
      const id = insertRow("disciplines", title);
      try {
        await open(page, `?id=${id}`);
        await expect(list(page).getByText(title)).toBeVisible();
        removeRows("disciplines", { ids: [id] });
        await list(page)
          .getByRole("button", { name: `Monter « ${title} »` })
          .click();
        await expect(toast(page, "Erreur lors de la mise à jour de l'ordre")).toBeVisible();
        await expect(list(page).getByText(title)).toHaveCount(0);
      } finally {
        removeRows("disciplines", { ids: [id] });
      }
    });
  });

  test("the last discipline cannot be deleted: refused by the server, then by the screen", async ({
    page,
  }) => {
    await withSiteLock("disciplines", async () => {
      const rows = snapshotRows("disciplines");
      const kept = rows[0]!;
      const keptTitle = String(kept.title);
      const refusal = "Vous devez conserver au moins une discipline";
      try {
        // Loaded with every discipline: the screen lets the delete through to the server.
        await open(page, `?id=${kept.id}`);
        keepOnlyRow("disciplines", Number(kept.id));
        await page.getByRole("tab", { name: "Apparence" }).click();
        await page.getByRole("button", { name: "Supprimer la discipline" }).click();
        await page
          .getByRole("alertdialog", { name: `Supprimer « ${keptTitle} » ?` })
          .getByRole("button", { name: "Supprimer" })
          .click();
        await expect(toast(page, refusal)).toBeVisible();
        expect(orderedIds("disciplines")).toEqual([kept.id]);

        // Reloaded with one left: it is still there, and the screen refuses at once.
        await page.reload();
        await hydrated(page);
        await expect(list(page).getByRole("listitem")).toHaveCount(1);
        await expect(
          list(page).getByRole("button", { name: new RegExp(`^${keptTitle}`) }),
        ).toBeVisible();
        await expect(page.getByLabel("Titre", { exact: true })).toHaveValue(keptTitle);
        await page.getByRole("tab", { name: "Apparence" }).click();
        await page.getByRole("button", { name: "Supprimer la discipline" }).click();
        await expect(toast(page, refusal)).toBeVisible();
        await expect(page.getByRole("alertdialog")).toHaveCount(0);
        expect(orderedIds("disciplines")).toEqual([kept.id]);
      } finally {
        restoreAllRows("disciplines", rows);
      }
      expect(snapshotRows("disciplines")).toEqual(rows);
    });
  });
});
