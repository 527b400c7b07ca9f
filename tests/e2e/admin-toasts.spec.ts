import type { Locator, Page } from "@playwright/test";
import sharp from "sharp";
import { openSchedule } from "./admin-schedule-db";
import { expect, test } from "./fixtures";
import { axeCheck } from "./axe";

/*
 * The layout's toasts: readable (AA contrast), and while a Radix dialog is open, announced
 * (outside the dialog, yet not in the aria-hidden part of the page), clickable without
 * closing the dialog, and clear of its buttons.
 */

const region = (page: Page) => page.getByRole("region", { name: /Notifications/ });

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error("no box");
  return found;
}

function overlaps(
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

async function newActivityDialog(page: Page) {
  await openSchedule(page);
  await page.getByRole("button", { name: "Nouvelle activité" }).click();
  return page.getByRole("dialog", { name: "Nouvelle activité" });
}

test.describe("admin toasts", () => {
  test.beforeEach(async ({ login }) => {
    await login();
  });

  test("success and error toasts pass the contrast check", { tag: "@phone" }, async ({ page }) => {
    const dialog = await newActivityDialog(page);
    const image = await sharp({
      create: {
        width: 320,
        height: 200,
        channels: 3,
        background: { r: 40, g: 90, b: 160 },
      },
    })
      .png()
      .toBuffer();
    await dialog.getByLabel("Ajouter une image (bannière)").setInputFiles({
      name: "contraste.png",
      mimeType: "image/png",
      buffer: image,
    });
    const success = region(page).getByText("Image uploadée avec succès");
    await expect(success).toBeVisible();
    await page.waitForTimeout(500);
    const checkToasts = async () => {
      const results = await axeCheck(page)
        .include("[data-sonner-toaster]")
        .withRules(["color-contrast"])
        .analyze();
      expect(results.violations.flatMap((v) => v.nodes.map((n) => n.html))).toEqual([]);
      expect(results.passes.length + results.incomplete.length).toBeGreaterThan(0);
    };
    await checkToasts();
    await dialog.getByRole("button", { name: "Créer l'activité" }).click();
    await expect(
      region(page).getByText("Veuillez remplir tous les champs obligatoires"),
    ).toBeVisible();
    await page.waitForTimeout(500);
    await checkToasts();
  });

  test(
    "a toast shown over an open dialog is announced, clear of its buttons, and closes alone",
    { tag: "@phone" },
    async ({ page }) => {
      const dialog = await newActivityDialog(page);
      await dialog.getByLabel("Titre").fill("Titre gardé");
      await dialog.getByRole("button", { name: "Créer l'activité" }).click();

      // getByRole leaves out whatever is aria-hidden: finding it means a reader hears it.
      const toast = region(page).getByRole("listitem").filter({
        hasText: "Veuillez remplir tous les champs obligatoires",
      });
      await expect(toast).toBeVisible();
      await expect(region(page)).toHaveAttribute("aria-live", "polite");
      expect(
        await toast.evaluate((el) => el.closest("[aria-hidden='true'], [inert]") === null),
      ).toBe(true);
      // The dialog itself is still modal: the page behind it is hidden from readers.
      expect(
        await page
          .getByRole("heading", {
            level: 1,
            name: "Planning",
            includeHidden: true,
          })
          .evaluate((el) => el.closest("[aria-hidden='true']") !== null),
      ).toBe(true);

      await page.waitForTimeout(500); // sonner's entry animation
      const toastBox = await box(toast);
      for (const name of ["Créer l'activité", "Annuler"]) {
        expect(overlaps(toastBox, await box(dialog.getByRole("button", { name })))).toBe(false);
      }
      if (page.viewportSize()!.width >= 768) {
        // On a phone the dialog fills the screen: the toast sits over its title bar instead.
        expect(overlaps(toastBox, await box(dialog.getByRole("button", { name: "Fermer" })))).toBe(
          false,
        );
      }

      // Closing the toast leaves the dialog open, with what was typed.
      await toast.getByRole("button", { name: "Fermer la notification" }).click();
      await expect(toast).toBeHidden();
      await expect(dialog).toBeVisible();
      await expect(dialog.getByLabel("Titre")).toHaveValue("Titre gardé");
    },
  );
});
