import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { openSchedule } from "./admin-schedule-db";
import { expect, test } from "./fixtures";

// The layout's toasts are readable: AA contrast for the success and error colours.

const region = (page: Page) => page.getByRole("region", { name: /Notifications/ });

async function newActivityDialog(page: Page) {
  await openSchedule(page);
  await page.getByRole("button", { name: "Nouvelle activité" }).click();
  return page.getByRole("dialog", { name: "Nouvelle activité" });
}

test.describe("admin toasts", () => {
  test.beforeEach(async ({ login }) => {
    await login();
  });

  test("success and error toasts pass the contrast check", async ({ page }) => {
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
      const results = await new AxeBuilder({ page })
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
});
