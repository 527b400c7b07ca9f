import type { Page } from "@playwright/test";
import sharp from "sharp";
import {
  activityByTitle,
  deleteActivitiesTitled,
  insertActivity,
  seededBanners,
  openSchedule,
} from "./admin-schedule-db";
import { BAD_IMAGES, tagged } from "./admin-media-files";
import { expect, test } from "./fixtures";
import { unique, withDbLock } from "./public-db";
import { axeCheck } from "./axe";

async function jpeg(): Promise<Buffer> {
  return sharp({
    create: { width: 1200, height: 600, channels: 3, background: { r: 190, g: 60, b: 40 } },
  })
    .jpeg()
    .toBuffer();
}

async function expectNoAxeViolations(page: Page) {
  const results = await axeCheck(page).analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(" ")}`),
  ).toEqual([]);
}

const toast = (page: Page, text: string) =>
  page.getByRole("region", { name: /Notifications/ }).getByText(text);

test.describe("admin schedule: activities", () => {
  test.beforeEach(async ({ login }) => {
    await login();
  });

  test("creates an activity with an image, shown on /planning and its page, then deletes it after confirmation", async ({
    page,
  }) => {
    test.setTimeout(60_000);
    const title = unique("Boxe e2e");
    const image = await jpeg();
    await openSchedule(page);
    await expect(page.getByRole("heading", { level: 1, name: "Planning" })).toBeVisible();

    await page.getByRole("button", { name: "Nouvelle activité" }).click();
    const dialog = page.getByRole("dialog", { name: "Nouvelle activité" });
    await expect(dialog.getByLabel("Catégorie")).toHaveValue("adult");
    await expect(dialog.getByRole("textbox", { name: "Couleur", exact: true })).toHaveValue(
      "#5ECFCB",
    );
    await dialog.getByLabel("Titre").fill(title);
    await dialog.getByLabel("Catégorie").selectOption({ label: "Juniors" });
    await dialog.getByLabel("Jour").selectOption("Jeudi");
    await dialog.getByLabel("Heure de début").fill("18:30");
    await dialog.getByLabel("Heure de fin").fill("19H45");
    await dialog.getByLabel("Tranche d'âge").fill("12-17 ans");
    await dialog.getByLabel("Description détaillée").fill("Première ligne\nDeuxième ligne");
    await dialog
      .getByLabel("Ajouter une image (bannière)")
      .setInputFiles({ name: "gala.jpg", mimeType: "image/jpeg", buffer: image });
    await expect(toast(page, "Image uploadée avec succès")).toBeVisible();
    const images = dialog.getByRole("list", { name: "Images de l'activité" });
    await expect(images.getByRole("listitem")).toHaveCount(1);
    await expect(images.getByText("Bannière")).toBeVisible();

    await withDbLock(async () => {
      try {
        await dialog.getByRole("button", { name: "Créer l'activité" }).click();
        await expect(toast(page, "Activité créée avec succès")).toBeVisible();
        await expect(dialog).toBeHidden();

        const thursday = page.getByRole("region", { name: "Jeudi" });
        const row = thursday.getByRole("listitem").filter({ hasText: title });
        await expect(row).toContainText("18h30 – 19h45");
        await expect(row).toContainText("Juniors");
        await expect(row).toContainText("1 image");

        const stored = activityByTitle(title)!;
        expect(stored).toMatchObject({
          day: "Jeudi",
          category: "junior",
          start_time: "18h30",
          end_time: "19h45",
          color: "#5ECFCB",
          age_range: "12-17 ans",
          long_description: "Première ligne\nDeuxième ligne",
        });
        const [banner] = JSON.parse(stored.images) as string[];
        expect(banner).toMatch(/^\/uploads\/schedule-activities\/\d+-gala\.jpg$/);

        // The template week (the dated weeks hold no class out of season).
        await page.goto("/planning?semaine=type");
        await expect(
          page
            .getByRole("link", { name: new RegExp(title) })
            .filter({ visible: true })
            .first(),
        ).toHaveAttribute("href", `/activite/${stored.id}`);

        await page.goto(`/activite/${stored.id}`);
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
        const header = page.getByRole("main").locator("header");
        await expect(header.locator("img").first()).toHaveAttribute("src", banner!);
        await expect(header.locator('source[type="image/webp"]')).toHaveAttribute(
          "srcset",
          /\/uploads\/schedule-activities\/\S+\.webp \d+w/,
        );
        const served = await page.request.get(banner!);
        expect(served.status()).toBe(200);
        expect(served.headers()["content-type"]).toBe("image/jpeg");

        await openSchedule(page);
        const remove = page.getByRole("button", { name: new RegExp(`^Supprimer « ${title} »`) });
        await remove.click();
        const confirm = page.getByRole("alertdialog", { name: `Supprimer « ${title} » ?` });
        await confirm.getByRole("button", { name: "Annuler" }).click();
        await expect(confirm).toBeHidden();
        expect(activityByTitle(title)).toBeDefined();

        await remove.click();
        await confirm.getByRole("button", { name: "Supprimer" }).click();
        await expect(toast(page, "Activité supprimée avec succès")).toBeVisible();
        await expect(page.getByText(title)).toHaveCount(0);
        expect(activityByTitle(title)).toBeUndefined();
      } finally {
        deleteActivitiesTitled(title);
      }
    });
  });

  test("edits an activity and keeps the image order chosen", async ({ page }) => {
    const title = unique("Cours e2e");
    await withDbLock(async () => {
      try {
        // Three seeded banners: real files, still shown by the seeded activities.
        const [a, b, c] = seededBanners();
        insertActivity({
          title,
          day: "Mercredi",
          start_time: "17h00",
          end_time: "18h00",
          images: [a!, b!, c!],
        });
        await openSchedule(page);
        await page.getByRole("button", { name: new RegExp(`^Modifier « ${title} »`) }).click();
        const dialog = page.getByRole("dialog", { name: "Modifier l'activité" });
        await expect(dialog.getByLabel("Titre")).toHaveValue(title);
        await expect(dialog.getByLabel("Jour")).toHaveValue("Mercredi");
        await dialog.getByLabel("Titre").fill(`${title} modifié`);
        await dialog.getByLabel("Heure de fin").fill("18:15");
        await dialog.getByRole("textbox", { name: "Couleur", exact: true }).fill("#1F2937");
        const images = dialog.getByRole("list", { name: "Images de l'activité" });
        const sources = () =>
          images.locator("img").evaluateAll((list) => list.map((img) => img.getAttribute("src")));
        expect(await sources()).toEqual([a, b, c]);
        await expect(dialog.getByRole("button", { name: "Monter l'image 1" })).toBeDisabled();
        await dialog.getByRole("button", { name: "Monter l'image 3" }).click();
        await dialog.getByRole("button", { name: "Retirer l'image 1" }).click();
        expect(await sources()).toEqual([c, b]);
        await expect(images.getByRole("listitem").first()).toContainText("Bannière");
        await dialog.getByRole("button", { name: "Enregistrer les modifications" }).click();
        await expect(toast(page, "Activité mise à jour avec succès")).toBeVisible();
        await expect(dialog).toBeHidden();
        await expect(
          page.getByRole("region", { name: "Mercredi" }).getByText(`${title} modifié`),
        ).toBeVisible();
        expect(activityByTitle(`${title} modifié`)).toMatchObject({
          end_time: "18h15",
          color: "#1F2937",
          images: JSON.stringify([c, b]),
        });
        // After a reload the list shows the edit, and the dialog the saved values.
        await page.reload();
        await page.locator("[data-shell-ready]").waitFor();
        await expect(
          page.getByRole("region", { name: "Mercredi" }).getByText(`${title} modifié`),
        ).toContainText(`${title} modifié`);
        await page
          .getByRole("button", { name: new RegExp(`^Modifier « ${title} modifié »`) })
          .click();
        const again = page.getByRole("dialog", { name: "Modifier l'activité" });
        await expect(again.getByLabel("Heure de fin")).toHaveValue("18h15");
        await expect(again.getByRole("textbox", { name: "Couleur", exact: true })).toHaveValue(
          "#1F2937",
        );
        expect(
          await again
            .getByRole("list", { name: "Images de l'activité" })
            .locator("img")
            .evaluateAll((list) => list.map((img) => img.getAttribute("src"))),
        ).toEqual([c, b]);
      } finally {
        deleteActivitiesTitled(title);
      }
    });
  });

  test("requires title, day, start and end", async ({ page }) => {
    await openSchedule(page);
    await page.getByRole("button", { name: "Nouvelle activité" }).click();
    const dialog = page.getByRole("dialog", { name: "Nouvelle activité" });
    await dialog.getByRole("button", { name: "Créer l'activité" }).click();
    await expect(toast(page, "Veuillez remplir tous les champs obligatoires")).toBeVisible();
    for (const label of ["Titre", "Heure de début", "Heure de fin"]) {
      await expect(dialog.getByRole("textbox", { name: label })).toHaveAccessibleDescription(
        /Veuillez remplir tous les champs obligatoires/,
      );
    }
    await expect(dialog.getByLabel("Jour")).toHaveAttribute("aria-invalid", "true");
    await expect(dialog.getByLabel("Titre")).toBeFocused();
    await expect(dialog).toBeVisible();

    await dialog.getByLabel("Titre").fill("Sans horaires");
    await dialog.getByLabel("Jour").selectOption("Vendredi");
    await dialog.getByLabel("Heure de début").fill("20h00");
    await dialog.getByLabel("Heure de fin").fill("19h00");
    await dialog.getByRole("button", { name: "Créer l'activité" }).click();
    await expect(dialog.getByRole("textbox", { name: "Heure de fin" })).toHaveAccessibleDescription(
      /L'heure de fin doit être après l'heure de début/,
    );
    expect(activityByTitle("Sans horaires")).toBeUndefined();
  });

  test("refuses files that are not images, leaving no file", async ({ page }) => {
    await openSchedule(page);
    await page.getByRole("button", { name: "Nouvelle activité" }).click();
    const dialog = page.getByRole("dialog", { name: "Nouvelle activité" });
    for (const { label, file } of [
      {
        label: "a text file named .jpg",
        file: {
          name: "pas-une-photo.jpg",
          mimeType: "image/jpeg",
          buffer: Buffer.from("Ceci est un texte, pas une image.\n"),
        },
      },
      ...BAD_IMAGES.filter((bad) => bad.file.mimeType.startsWith("image/")),
    ]) {
      const upload = tagged(file);
      await dialog.getByLabel("Ajouter une image (bannière)").setInputFiles(upload.file);
      await expect(dialog.getByRole("alert"), label).toHaveText("Veuillez sélectionner une image");
      await expect(toast(page, "Veuillez sélectionner une image").first()).toBeVisible();
      await expect(dialog.getByRole("list", { name: "Images de l'activité" })).toHaveCount(0);
      expect(upload.stored(), label).toEqual([]);
    }
  });

  test("the Activités tab and the dialog pass axe", async ({ page }) => {
    await openSchedule(page, "activites");
    await expect(page.getByRole("tab", { name: "Activités" })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    await expect(page.getByRole("region", { name: "Lundi" })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Nouvelle activité" }).click();
    await expect(page.getByRole("dialog", { name: "Nouvelle activité" })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("a new activity's typing is not lost to Escape: the volunteer is asked first", async ({
    page,
  }) => {
    await openSchedule(page);
    await page.getByRole("button", { name: "Nouvelle activité" }).click();
    const dialog = page.getByRole("dialog", { name: "Nouvelle activité" });
    const leave = page.getByRole("alertdialog", { name: "Quitter sans sauvegarder ?" });
    await dialog.getByLabel("Tranche d'âge").fill("6-11 ans");
    await page.keyboard.press("Escape");
    await expect(leave).toBeVisible();
    await expectNoAxeViolations(page);
    await leave.getByRole("button", { name: "Continuer la saisie" }).click();
    await expect(dialog.getByLabel("Tranche d'âge")).toHaveValue("6-11 ans");
    await dialog.getByRole("button", { name: "Annuler" }).click();
    await leave.getByRole("button", { name: "Quitter" }).click();
    await expect(dialog).toBeHidden();
  });
});
