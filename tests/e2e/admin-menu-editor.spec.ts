import type { Page } from "@playwright/test";
import { hydrated, restoreMenu, snapshotMenu, toast } from "./admin-content-db";
import { expect, test } from "./fixtures";
import { withSiteLock } from "./site-helpers";
import { expectNoAxeViolations } from "./axe";

/*
 * The menu editor (/admin/menu). Saving changes every visitor's navigation: those tests
 * run on the desktop project only, under the "menu" lock that the specs reading the menu
 * take too, and put the rows back exactly.
 */

const PATH_MESSAGE = "Le lien doit commencer par / (page du site) ou par http:// ou https://";

const entries = (page: Page) =>
  page.getByRole("list", { name: "Entrées du menu" }).getByRole("listitem");
const labels = (page: Page) => entries(page).getByRole("textbox", { name: "Libellé", exact: true });
const field = (item: ReturnType<typeof entries>, name: "Libellé" | "Lien") =>
  item.getByRole("textbox", { name, exact: true });

const values = (page: Page) =>
  labels(page).evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));

test.beforeEach(async ({ login }) => {
  await login();
});

test("lists the entries; add, edit and remove are pending until saved; every message", async ({
  page,
}) => {
  await page.goto("/admin/menu");
  await hydrated(page);
  await expect(page.getByRole("heading", { name: "Menu", level: 1 })).toBeVisible();
  const seeded = await labels(page).evaluateAll((inputs) =>
    inputs.map((i) => (i as HTMLInputElement).value),
  );
  expect(seeded.length).toBeGreaterThan(0);
  const save = page.getByRole("button", { name: "Sauvegarder le menu" });
  await expect(save).toBeDisabled();

  await page.getByRole("button", { name: "Ajouter une entrée" }).click();
  await expect(entries(page)).toHaveCount(seeded.length + 1);
  const added = entries(page).last();
  await expect(field(added, "Libellé")).toBeFocused();
  await expect(page.getByText("Vous avez des modifications non sauvegardées")).toBeVisible();
  await expect(save).toBeEnabled();

  // Label required, link starting with / or http(s): checked before sending.
  await field(added, "Lien").fill("javascript:alert(1)");
  await save.click();
  await expect(added.getByText("Le libellé est obligatoire")).toBeVisible();
  await expect(added.getByText(PATH_MESSAGE)).toBeVisible();
  await field(added, "Lien").fill("tarifs");
  await field(added, "Libellé").fill("Essai");
  await expect(added.getByText("Le libellé est obligatoire")).toBeHidden();
  await save.click();
  await expect(added.getByText(PATH_MESSAGE)).toBeVisible();
  await field(added, "Lien").fill("https://www.ffboxe.com");
  await expect(added.getByText(PATH_MESSAGE)).toBeHidden();

  // Removing asks first.
  await added.getByRole("button", { name: "Supprimer « Essai »" }).click();
  await page
    .getByRole("alertdialog", { name: "Supprimer l'entrée « Essai » ?" })
    .getByRole("button", { name: "Supprimer" })
    .click();
  await expect(entries(page)).toHaveCount(seeded.length);
  await expect(save).toBeDisabled();
  await expect(page.getByText("Vous avez des modifications non sauvegardées")).toBeHidden();
});

test("the up/down buttons and the keyboard drag reorder the list", async ({ page }) => {
  await page.goto("/admin/menu");
  await hydrated(page);
  const current = () => values(page);
  const start = await current();
  const [first, second, third] = start as [string, string, string];

  await page.getByRole("button", { name: `Descendre « ${first} »` }).click();
  expect((await current()).slice(0, 2)).toEqual([second, first]);
  // The focus follows the entry it moved.
  await expect(page.getByRole("button", { name: `Descendre « ${first} »` })).toBeFocused();
  await page.getByRole("button", { name: `Monter « ${first} »` }).click();
  expect(await current()).toEqual(start);
  await expect(page.getByRole("button", { name: `Monter « ${first} »` })).toBeDisabled();

  // dnd-kit's keyboard sensor: space picks up, arrow moves, space drops.
  const handle = page.getByRole("button", { name: new RegExp(`^Déplacer « ${third} »`) });
  await handle.focus();
  await page.keyboard.press("Space");
  await expect(handle).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByText(`« ${third} » saisie, position 3 sur`)).toBeAttached();
  await page.keyboard.press("ArrowUp");
  await expect(page.getByText(`« ${third} » déplacée en position 2`)).toBeAttached();
  await page.keyboard.press("Space");
  await expect.poll(current).toEqual([first, third, second, ...start.slice(3)]);
  await expect(page.getByText("Vous avez des modifications non sauvegardées")).toBeVisible();
});

test.describe("saving", () => {
  test.describe.configure({ mode: "serial" });

  test("a new entry moved up is saved, kept after a reload and shown on the site", async ({
    page,
  }) => {
    await withSiteLock("menu", async () => {
      const snapshot = snapshotMenu();
      const label = `Essai ${Date.now().toString(36)}`;
      try {
        await page.goto("/admin/menu");
        await hydrated(page);
        const before = await labels(page).evaluateAll((inputs) =>
          inputs.map((i) => (i as HTMLInputElement).value),
        );
        await page.getByRole("button", { name: "Ajouter une entrée" }).click();
        const added = entries(page).last();
        await field(added, "Libellé").fill(label);
        await field(added, "Lien").fill("/planning");
        await page.getByRole("button", { name: `Monter « ${label} »` }).click();
        await page.getByRole("button", { name: "Sauvegarder le menu" }).click();
        await expect(toast(page, "Menu sauvegardé avec succès")).toBeVisible();
        await expect(page.getByText("Vous avez des modifications non sauvegardées")).toBeHidden();

        const expected = [...before.slice(0, -1), label, before.at(-1)!];
        await page.reload();
        await expect.poll(() => values(page)).toEqual(expected);

        await page.goto("/");
        const nav = page.getByRole("navigation", { name: "Navigation principale" });
        await expect(nav.getByRole("link", { name: label })).toHaveAttribute("href", "/planning");
        const footerLinks = page
          .getByRole("contentinfo")
          .getByRole("heading", { name: "LIENS RAPIDES" })
          .locator("..")
          .getByRole("link");
        await expect(footerLinks).toHaveText(expected);
      } finally {
        restoreMenu(snapshot);
      }
    });
  });
});

test("the menu editor passes axe", async ({ page }) => {
  await page.goto("/admin/menu");
  await hydrated(page);
  await expect(entries(page).first()).toBeVisible();
  await expectNoAxeViolations(page);
});
