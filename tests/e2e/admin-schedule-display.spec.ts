import type { Page } from "@playwright/test";
import { openSchedule } from "./admin-schedule-db";
import { expect, test } from "./fixtures";
import { getSetting, setSetting, withDbLock } from "./public-db";
import { axeCheck } from "./axe";

const toast = (page: Page, text: string) =>
  page.getByRole("region", { name: /Notifications/ }).getByText(text);

const isDesktop = (width: number | undefined) => (width ?? 0) >= 768;

// These change what every visitor of /planning sees: one at a time (serial here, the lock
// across workers and projects), each restoring the stored settings before releasing it.
test.describe.configure({ mode: "serial" });

test.describe("admin schedule: display settings and planning title", () => {
  test.beforeEach(async ({ login }) => {
    await login();
  });

  test(
    "hidden days and a shorter hour range change /planning",
    { tag: "@phone" },
    async ({ page, viewport }) => {
      test.setTimeout(45_000);
      await withDbLock(async () => {
        const original = getSetting<unknown>("schedule_display");
        try {
          await openSchedule(page, "affichage");
          const days = page.getByRole("group", { name: "Jours affichés" });
          await expect(days.getByRole("checkbox")).toHaveCount(7);
          await days.getByRole("checkbox", { name: "Samedi" }).uncheck();
          await days.getByRole("checkbox", { name: "Dimanche" }).uncheck();
          await page.getByRole("spinbutton", { name: "Heure de début" }).fill("8");
          await page.getByRole("spinbutton", { name: "Heure de fin" }).fill("21");
          await page.getByRole("button", { name: "Sauvegarder l'affichage" }).click();
          await expect(toast(page, "Paramètres d'affichage sauvegardés")).toBeVisible();
          expect(getSetting("schedule_display")).toEqual({
            visible_days: {
              monday: true,
              tuesday: true,
              wednesday: true,
              thursday: true,
              friday: true,
              saturday: false,
              sunday: false,
            },
            start_hour: 8,
            end_hour: 21,
          });
          // The admin tab shows what was saved after a reload.
          await page.reload();
          await page.locator("[data-shell-ready]").waitFor();
          await expect(days.getByRole("checkbox", { name: "Samedi" })).not.toBeChecked();
          await expect(days.getByRole("checkbox", { name: "Dimanche" })).not.toBeChecked();
          await expect(days.getByRole("checkbox", { name: "Vendredi" })).toBeChecked();
          await expect(page.getByRole("spinbutton", { name: "Heure de début" })).toHaveValue("8");
          await expect(page.getByRole("spinbutton", { name: "Heure de fin" })).toHaveValue("21");

          // The template week: its headings are the days' names alone.
          await page.goto("/planning?semaine=type");
          if (isDesktop(viewport?.width)) {
            const grid = page.getByTestId("timetable-grid");
            await expect(grid.getByRole("heading", { level: 3 })).toHaveText([
              "Lundi",
              "Mardi",
              "Mercredi",
              "Jeudi",
              "Vendredi",
            ]);
            await expect(grid.getByText("8h00", { exact: true })).toBeVisible();
            await expect(grid.getByText("21h00", { exact: true })).toBeVisible();
            await expect(grid.getByText("6h00", { exact: true })).toHaveCount(0);
          } else {
            const list = page.getByTestId("timetable-list");
            await expect(list.getByRole("heading", { level: 3 })).toHaveText([
              "Lundi",
              "Mardi",
              "Mercredi",
              "Jeudi",
              "Vendredi",
            ]);
          }
        } finally {
          setSetting("schedule_display", original);
        }
      });
    },
  );

  test("refuses a start hour not before the end hour", async ({ page }) => {
    // Under the lock: the other project's first test changes these settings meanwhile.
    await withDbLock(async () => {
      await openSchedule(page, "affichage");
      const before = getSetting<unknown>("schedule_display");
      await page.getByRole("spinbutton", { name: "Heure de début" }).fill("20");
      await page.getByRole("spinbutton", { name: "Heure de fin" }).fill("18");
      await page.getByRole("button", { name: "Sauvegarder l'affichage" }).click();
      await expect(
        page.getByRole("spinbutton", { name: "Heure de début" }),
      ).toHaveAccessibleDescription(/L'heure de début doit être inférieure à l'heure de fin/);
      await expect(
        toast(page, "L'heure de début doit être inférieure à l'heure de fin"),
      ).toBeVisible();
      expect(getSetting("schedule_display")).toEqual(before);
    });
  });

  test("the planning title is saved and shown on /planning", async ({ page }) => {
    await withDbLock(async () => {
      const original = getSetting<unknown>("planning_title");
      try {
        await openSchedule(page);
        const field = page.getByRole("textbox", { name: "Titre du planning" });
        await field.fill("PLANNING E2E - SAISON TEST");
        await page.getByRole("button", { name: "Enregistrer le titre" }).click();
        await expect(toast(page, "Titre du planning sauvegardé")).toBeVisible();
        await page.goto("/planning");
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(
          "PLANNING E2E - SAISON TEST",
        );
      } finally {
        setSetting("planning_title", original);
      }
    });
  });

  test("the Affichage tab passes axe", { tag: "@phone" }, async ({ page }) => {
    await openSchedule(page, "affichage");
    await expect(page.getByRole("group", { name: "Jours affichés" })).toBeVisible();
    const results = await axeCheck(page).analyze();
    expect(results.violations.map((v) => v.id)).toEqual([]);
  });
});
