import type { Page } from "@playwright/test";
import {
  hydrated,
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
 * The training formats screen (/admin/training). Tests that change the formats run on the
 * desktop project only, under the "formats" lock the public specs of formats take, and
 * remove their own rows.
 */

const list = (page: Page) => page.getByRole("region", { name: "Liste des formats" });
const saveButton = (page: Page) => page.getByRole("button", { name: "Sauvegarder" });

async function open(page: Page, query = "") {
  await page.goto(`/admin/training${query}`);
  await hydrated(page);
}

test.beforeEach(async ({ login }) => {
  await login();
});

// Two axe runs on a busy machine: more than the default 30 s.
test.describe.configure({ timeout: 90_000 });

test("lists the formats with their icons; both tabs; no axe violation", async ({ page }) => {
  await open(page);
  await expect(
    page.getByRole("heading", { level: 1, name: "Formats d'entraînement" }),
  ).toBeVisible();
  await expect(list(page).locator("svg.lucide-users").first()).toBeVisible();
  await expect(page.getByLabel("Titre", { exact: true })).not.toHaveValue("");
  await expect(saveButton(page)).toBeDisabled();
  await expect(page.getByRole("link", { name: /Aperçu/ })).toHaveAttribute(
    "href",
    /^\/entrainements#format-\d+$/,
  );
  await expectNoAxeViolations(page);
  await page.getByRole("tab", { name: "Apparence" }).click();
  for (const name of ["Groupe (Users)", "Cible (Target)", "Cœur (Heart)"]) {
    await expect(page.getByRole("radio", { name })).toBeVisible();
  }
  await expect(page.getByRole("group", { name: "Icône" }).locator("svg")).toHaveCount(3);
  for (const name of ["Clair", "Sombre", "Or"]) {
    await expect(page.getByRole("radio", { name })).toBeVisible();
  }
  await expectNoAxeViolations(page);
});

test("an invalid image address is refused with its message and nothing is saved", async ({
  page,
}) => {
  await open(page);
  const id = orderedIds("training_formats")[0]!;
  const stored = rowOf("training_formats", id);
  await page.getByRole("tab", { name: "Apparence" }).click();
  await page.getByLabel("Adresse de l'image (URL)").fill("javascript:alert(1)");
  await page.getByRole("tab", { name: "Contenu" }).click();
  await page.getByLabel("Sous-titre").fill("Jamais sauvegardé");
  await saveButton(page).click();
  await expect(toast(page, "Vérifiez les champs signalés")).toBeVisible();
  // The field's tab comes to the front with its message; the typed text stays.
  await expect(page.getByRole("tab", { name: "Apparence" })).toHaveAttribute(
    "aria-selected",
    "true",
  );
  await expect(
    page.getByText(
      "Adresse d'image invalide : une URL en http(s):// ou un chemin commençant par /",
    ),
  ).toBeVisible();
  await expect(page.getByLabel("Adresse de l'image (URL)")).toHaveValue("javascript:alert(1)");
  await expect(page.getByText("Vous avez des modifications non sauvegardées")).toBeVisible();
  expect(rowOf("training_formats", id)).toEqual(stored);
});

test.describe("changes", () => {
  test.describe.configure({ mode: "serial", timeout: 120_000 });
  test.beforeEach(async ({ login: _login }) => {});

  test("add, edit, save, reload, see it public, reorder, delete", async ({ page }) => {
    const title = unique("Format e2e");
    await withSiteLock("formats", async () => {
      const before = orderedIds("training_formats");
      try {
        await open(page);
        await page.getByRole("button", { name: "Ajouter", exact: true }).click();
        await expect(toast(page, "Format créé")).toBeVisible();
        await expect(page.getByLabel("Titre", { exact: true })).toHaveValue("Sans titre");
        const created = orderedIds("training_formats").at(-1)!;
        expect(rowOf("training_formats", created)?.order_index).toBe(before.length);

        await page.getByLabel("Titre", { exact: true }).fill(title);
        await page.getByLabel("Sous-titre").fill("Sous-titre du format e2e");
        await page.getByRole("button", { name: "Ajouter un point clé" }).click();
        await page.getByRole("textbox", { name: "Point clé 1" }).fill("Point du format e2e");
        await page.getByRole("tab", { name: "Apparence" }).click();
        await page.getByRole("radio", { name: "Cible (Target)" }).check();
        await page.getByRole("radio", { name: "Or" }).check();
        await saveButton(page).click();
        await expect(toast(page, "Format sauvegardé")).toBeVisible();
        expect(rowOf("training_formats", created)).toMatchObject({
          title,
          icon_name: "Target",
          color: "gold",
        });

        await page.reload();
        await hydrated(page);
        await expect(page.getByLabel("Titre", { exact: true })).toHaveValue(title);
        await page.getByRole("tab", { name: "Apparence" }).click();
        await expect(page.getByRole("radio", { name: "Cible (Target)" })).toBeChecked();
        await expect(page.getByRole("radio", { name: "Or" })).toBeChecked();

        const publicPage = await page.context().newPage();
        await publicPage.goto("/entrainements");
        const section = publicPage.locator(`section[id="format-${created}"]`);
        await expect(section.getByRole("heading", { level: 2, name: title })).toBeVisible();
        await expect(section.locator("svg.lucide-target")).toHaveCount(1);
        await expect(section.getByText("Point du format e2e")).toBeVisible();
        await publicPage.close();

        await list(page)
          .getByRole("button", { name: `Monter « ${title} »` })
          .click();
        await expect(toast(page, "Ordre mis à jour")).toBeVisible();
        await page.reload();
        await hydrated(page);
        expect((await list(page).getByRole("listitem").allInnerTexts()).at(-2)).toContain(title);
        expect(orderedIds("training_formats").at(-2)).toBe(created);

        await list(page)
          .getByRole("button", { name: new RegExp(`^${title}`) })
          .click();
        await page.getByRole("tab", { name: "Apparence" }).click();
        await page.getByRole("button", { name: "Supprimer le format" }).click();
        await page
          .getByRole("alertdialog", { name: `Supprimer « ${title} » ?` })
          .getByRole("button", { name: "Supprimer" })
          .click();
        await expect(toast(page, "Format supprimé")).toBeVisible();
        await expect(list(page).getByText(title)).toHaveCount(0);
        expect(orderedIds("training_formats")).toEqual(before);
      } finally {
        removeRows("training_formats", {
          ids: orderedIds("training_formats").filter((id) => !before.includes(id)),
        });
      }
    });
  });

  test("the last format cannot be deleted: refused by the server, then by the screen", async ({
    page,
  }) => {
    await withSiteLock("formats", async () => {
      const rows = snapshotRows("training_formats");
      const kept = rows[0]!;
      const keptTitle = String(kept.title);
      const refusal = "Vous devez conserver au moins un format";
      try {
        // Loaded with every format: the screen lets the delete through to the server.
        await open(page, `?id=${kept.id}`);
        keepOnlyRow("training_formats", Number(kept.id));
        await page.getByRole("tab", { name: "Apparence" }).click();
        await page.getByRole("button", { name: "Supprimer le format" }).click();
        await page
          .getByRole("alertdialog", { name: `Supprimer « ${keptTitle} » ?` })
          .getByRole("button", { name: "Supprimer" })
          .click();
        await expect(toast(page, refusal)).toBeVisible();
        expect(orderedIds("training_formats")).toEqual([kept.id]);

        // Reloaded with one left: it is still there, and the screen refuses at once.
        await page.reload();
        await hydrated(page);
        await expect(list(page).getByRole("listitem")).toHaveCount(1);
        await expect(
          list(page).getByRole("button", { name: new RegExp(`^${keptTitle}`) }),
        ).toBeVisible();
        await expect(page.getByLabel("Titre", { exact: true })).toHaveValue(keptTitle);
        await page.getByRole("tab", { name: "Apparence" }).click();
        await page.getByRole("button", { name: "Supprimer le format" }).click();
        await expect(toast(page, refusal)).toBeVisible();
        await expect(page.getByRole("alertdialog")).toHaveCount(0);
        expect(orderedIds("training_formats")).toEqual([kept.id]);
      } finally {
        restoreAllRows("training_formats", rows);
      }
      expect(snapshotRows("training_formats")).toEqual(rows);
    });
  });
});
