import { addDays, parisToday, weekdayOfDate } from "../../app/core/club-time";
import { hydrated } from "./admin-disciplines-db";
import { ensureVolunteer, expect, test } from "./fixtures";
import { unique } from "./public-db";
import {
  deleteClass,
  deleteEnrolments,
  insertBooking,
  insertTrialClass,
  withTrialSeason,
} from "./trial-e2e";
import { expectNoAxeViolations } from "./axe";

/*
 * What a volunteer's roles show them (docs/decisions/017-roles-and-capabilities.md): a
 * coach meets Planning and Essais and nothing else of the club's content; any other screen
 * answers « Accès refusé »; the treasurer sees the trial bookings without their buttons.
 * The server's refusals themselves are tested route by route (app/routes/admin/roles.test.ts).
 */

const menuEntries = (page: import("@playwright/test").Page) =>
  page
    .getByRole("navigation", { name: "Administration" })
    .filter({ visible: true })
    .getByRole("link");

async function openMenu(page: import("@playwright/test").Page) {
  const menu = page.getByRole("button", { name: "Menu", exact: true });
  if (await menu.isVisible()) await menu.click();
}

test.describe("a volunteer's roles", () => {
  test("a coach sees the dashboard, the sent mails of the trials, Planning, Essais, the Corbeille and the journal; other screens say « Accès refusé »", async ({
    page,
    login,
  }) => {
    ensureVolunteer("coach-e2e", "coach");
    await login("coach-e2e");
    await page.goto("/admin");
    await hydrated(page);
    await openMenu(page);
    await expect(menuEntries(page)).toHaveText([
      "Tableau de bord",
      "Messages",
      "Essais",
      "Planning",
      "Corbeille",
      "Journal",
    ]);
    // Messages holds only « E-mails envoyés » for a coach: the contact messages are not theirs.
    await page.goto("/admin/messages?dossier=reception");
    await expect(page.getByRole("link", { name: /Boîte de réception/ })).toHaveCount(0);
    await expect(page.getByLabel("Rechercher un e-mail envoyé")).toBeVisible();

    for (const path of [
      "/admin/content",
      "/admin/settings",
      "/admin/inscriptions",
      "/admin/adhesions",
    ]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(403);
      await expect(page.getByRole("heading", { level: 1, name: "Accès refusé" })).toBeVisible();
    }
    await expectNoAxeViolations(page);
    await page.getByRole("link", { name: "Retour au tableau de bord" }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
  });

  test("the treasurer sees who booked a trial, without the coaches' buttons, and can enrol them", async ({
    page,
    login,
  }) => {
    ensureVolunteer("tresorier-e2e", "tresorier");
    const title = unique("Essai trésorier");
    const email = `tresor-${title.toLowerCase().replace(/[^a-z0-9]/g, "")}@example.fr`;
    await withTrialSeason(async () => {
      const id = insertTrialClass({ title, day: "Mercredi", places: 4 });
      try {
        const today = parisToday();
        const nextWednesday = addDays(today, (2 - weekdayOfDate(today) + 7) % 7 || 7);
        insertBooking(id, nextWednesday, email);
        await login("tresorier-e2e");
        await page.goto(`/admin/essais?q=${encodeURIComponent(email)}`);
        await hydrated(page);
        const card = page.getByRole("article", { name: title });
        await expect(card.getByRole("link", { name: email })).toBeVisible();
        // Attendance and cancellation are the coaches'; « Inscrire » (the membership desk) is the
        // treasurer's only button.
        await expect(card.getByRole("button")).toHaveCount(1);
        const enrol = card.getByRole("button", { name: /^Inscrire/ });
        await expect(enrol).toBeVisible();
        await expectNoAxeViolations(page);
        // It asks first, naming the address the file's link goes to.
        await enrol.click();
        const dialog = page.getByRole("alertdialog");
        await expect(dialog).toContainText(email);
        await dialog.getByRole("button", { name: "Annuler" }).click();
        await expect(dialog).toHaveCount(0);
        await expect(card.getByRole("status")).toHaveCount(0);
        await enrol.click();
        await dialog.getByRole("button", { name: "Ouvrir le dossier et envoyer le lien" }).click();
        await expect(card.getByRole("status")).toContainText("Dossier ouvert");
      } finally {
        deleteEnrolments(id);
        deleteClass(id);
      }
    });
  });
});
