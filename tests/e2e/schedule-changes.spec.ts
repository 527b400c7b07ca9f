import type { Browser, Page } from "@playwright/test";
import {
  addDays,
  FRENCH_WEEKDAYS,
  mondayOf,
  parisToday,
  weekdayOfDate,
} from "../../app/core/club-time";
import { frenchDay } from "../../app/core/date-format";
import { holdDataReloads, insertActivity, openSchedule } from "./admin-schedule-db";
import { expect, test } from "./fixtures";
import { db, swapSeason, unique, withDbLock } from "./public-db";
import { axeCheck } from "./axe";

/*
 * Dated schedule changes as a volunteer and a visitor meet them: the admin cancels the coming Tuesday's
 * 18h00 class with a reason in "Changements"; the dated week on /planning, the activity's
 * page, the home page's banner and /planning.ics all say so at once; deleting the change
 * gives the session back. Under the public lock: it changes what every visitor sees.
 */

const toast = (page: Page, text: string) =>
  page.getByRole("region", { name: /Notifications/ }).getByText(text);

async function expectNoAxeViolations(page: Page) {
  // A toast fading out is half transparent: its contrast is checked in admin-toasts.spec.ts.
  const results = await axeCheck(page).exclude("[data-sonner-toaster]").analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(" ")}`),
  ).toEqual([]);
}

/** The next Tuesday after today in Paris (1 to 7 days ahead): in the home banner's week. */
function comingTuesday(): string {
  const today = parisToday();
  return addDays(today, (1 - weekdayOfDate(today) + 7) % 7 || 7);
}

/** /planning's week holding `date`: this week's (the default) or the next one's tab. */
function weekOf(date: string): string {
  return mondayOf(date) === mondayOf(parisToday()) ? "/planning" : "/planning?semaine=prochaine";
}

/**
 * A day of /planning's week as this width shows it (grid columns on desktop, the list on
 * a phone), by its heading: "Mardi 1er décembre".
 */
function weekDay(page: Page, date: string) {
  const [, ...rest] = frenchDay(date).split(" ");
  const title = `${FRENCH_WEEKDAYS[weekdayOfDate(date)]} ${rest.join(" ")}`;
  return page.getByRole("group", { name: new RegExp(`^${title}\\b`) }).filter({ visible: true });
}

/**
 * A season around `tuesday`, a Tuesday 18h00 class titled `title`, the Changements tab
 * open, and a visitor without the admin's cookie at the project's size. `tearDown` removes
 * the class, its changes and closures named after it, and puts the season back.
 */
async function setUp(page: Page, browser: Browser, title: string, tuesday: string) {
  // A season around today, whatever the month the suite runs in.
  const restoreSeason = swapSeason(addDays(tuesday, -30), addDays(tuesday, 60));
  const id = insertActivity({ title, day: "Mardi", start_time: "18h00", end_time: "19h30" });
  await openSchedule(page, "changements");
  const context = await browser.newContext({
    baseURL: new URL(page.url()).origin,
    viewport: page.viewportSize(),
  });
  const visitor = await context.newPage();
  const tearDown = async () => {
    await context.close();
    db()
      .prepare("delete from schedule_changes where activity_id = ? or note like ?")
      .run(id, `%${title}%`);
    db().prepare("delete from schedule_activities where id = ?").run(id);
    restoreSeason();
  };
  return { id, visitor, tearDown };
}

test.describe("timetable changes", () => {
  test.beforeEach(async ({ login }) => {
    await login();
  });

  test("a cancelled class shows on the dated week, its page, the home banner and leaves the feed", async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(90_000);
    const title = unique("Boxe du mardi e2e");
    const tuesday = comingTuesday();
    await withDbLock(async () => {
      const { id, visitor, tearDown } = await setUp(page, browser, title, tuesday);
      try {
        await page
          .getByLabel("Activité", { exact: true })
          .selectOption({ label: `${title} · Mardi 18h00` });
        // The activity's coming sessions are offered.
        await page.getByLabel("Séance", { exact: true }).selectOption(tuesday);
        await page.getByLabel("Motif (facultatif)").fill("Coach malade");
        await page.getByRole("button", { name: "Enregistrer le changement" }).click();
        await expect(toast(page, "Changement enregistré")).toBeVisible();
        const listed = page.getByRole("listitem").filter({ hasText: title });
        await expect(listed).toContainText("Annulé");
        await expectNoAxeViolations(page);

        // A visitor's pages, from the page cache as anyone gets them: the week of that
        // Tuesday shows the class once, cancelled with its reason.
        await visitor.goto(weekOf(tuesday));
        const day = weekDay(visitor, tuesday).getByRole("link", { name: new RegExp(`^${title}`) });
        await expect(day).toHaveCount(1);
        await expect(day).toContainText("Annulé : Coach malade");
        await expectNoAxeViolations(visitor);

        await visitor.goto(`/activite/${id}`);
        const next = visitor.getByRole("region", { name: "Prochaines séances" });
        await expect(next.getByRole("listitem").first()).toContainText("Annulé");
        await expect(next.getByRole("listitem").first()).toContainText("Coach malade");

        await visitor.goto("/");
        const banner = visitor.getByRole("complementary", { name: "Changements cette semaine" });
        await expect(banner).toContainText(title);
        await expect(banner).toContainText("Coach malade");

        const feed = await (await request.get("/planning.ics")).text();
        const event = feed
          .replace(/\r\n /g, "")
          .split("BEGIN:VEVENT")
          .find((chunk) => chunk.includes(`UID:activite-${id}@`))!;
        expect(event).toContain(`EXDATE;TZID=Europe/Paris:${tuesday.replaceAll("-", "")}T180000`);

        // Deleted, after a confirmation: the session takes place again.
        await listed.getByRole("button", { name: "Supprimer" }).click();
        await page
          .getByRole("alertdialog", { name: "Supprimer ce changement ?" })
          .getByRole("button", { name: "Supprimer" })
          .click();
        await expect(toast(page, "Changement supprimé")).toBeVisible();
        await visitor.goto(weekOf(tuesday));
        await expect(day).not.toContainText("Annulé");
        await expect(day).toContainText("18h00 – 19h30");
      } finally {
        await tearDown();
      }
    });
  });

  test("a moved session shows at its new time, a closure empties its days, in the week and the feed", async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(90_000);
    const title = unique("Boxe du mardi e2e");
    const tuesday = comingTuesday();
    const thursday = addDays(tuesday, 2);
    const friday = addDays(tuesday, 3);
    const nextTuesday = addDays(tuesday, 7);
    await withDbLock(async () => {
      const { id, visitor, tearDown } = await setUp(page, browser, title, tuesday);
      try {
        // The page's data, reloaded after each save, held back while the next change is
        // typed (as on a busy server): a form that empties itself only once it is back
        // wipes what was typed after the toast.
        const reloads = await holdDataReloads(page);
        // Tuesday's session moved to Thursday 19h00.
        await page.getByLabel("Déplacer une séance").check();
        await page
          .getByLabel("Activité", { exact: true })
          .selectOption({ label: `${title} · Mardi 18h00` });
        await page.getByLabel("Séance", { exact: true }).selectOption(tuesday);
        // A move starts from the session's date and times.
        await expect(page.getByLabel("Nouvelle date")).toHaveValue(tuesday);
        await expect(page.getByLabel("Début", { exact: true })).toHaveValue("18:00");
        await expect(page.getByLabel("Fin", { exact: true })).toHaveValue("19:30");
        await page.getByLabel("Nouvelle date").fill(thursday);
        await page.getByLabel("Début", { exact: true }).fill("19:00");
        await page.getByLabel("Fin", { exact: true }).fill("20:30");
        await page.getByRole("button", { name: "Enregistrer le changement" }).click();
        await expect(toast(page, "Changement enregistré")).toBeVisible();
        // Closed from that week's Friday to the next Tuesday (a session of the activity),
        // typed as soon as the toast says the move is saved.
        await page.getByLabel("Fermeture (vacances, gymnase fermé)").check();
        await page.getByLabel("Premier jour fermé").fill(friday);
        await page.getByLabel("Dernier jour fermé").fill(nextTuesday);
        const reason = page.getByLabel("Motif", { exact: true });
        await reason.fill(`Gymnase fermé ${title}`);
        await expect.poll(reloads.count).toBeGreaterThan(0);
        reloads.release();
        await expect(
          page.getByRole("listitem").filter({ hasText: `Déplacé : ${title}` }),
        ).toBeVisible();
        await expect(reason).toHaveValue(`Gymnase fermé ${title}`);
        await page.getByRole("button", { name: "Enregistrer le changement" }).click();
        await expect(
          page.getByRole("listitem").filter({ hasText: `Gymnase fermé ${title}` }),
        ).toBeVisible();
        await expect(toast(page, "Changement enregistré").last()).toBeVisible();

        // The class stays at its place, saying where it goes; Thursday has it no second time.
        await visitor.goto(weekOf(tuesday));
        const own = (date: string) =>
          weekDay(visitor, date).getByRole("link", { name: new RegExp(`^${title}`) });
        await expect(own(tuesday)).toContainText(`Déplacé : ${frenchDay(thursday)}, 19h00 – 20h30`);
        await expect(own(thursday)).toHaveCount(0);
        await expect(
          visitor.getByText(
            `Club fermé du ${frenchDay(friday)} au ${frenchDay(nextTuesday)} : Gymnase fermé ${title}`,
          ),
        ).toBeVisible();
        await expectNoAxeViolations(visitor);
        // The next Tuesday falls in the closure: cancelled, with the closure's label (seen
        // when it is next week's, the furthest /planning shows).
        if (mondayOf(nextTuesday) === addDays(mondayOf(parisToday()), 7)) {
          await visitor.goto(weekOf(nextTuesday));
          await expect(own(nextTuesday)).toContainText(`Annulé : Gymnase fermé ${title}`);
        }

        const feed = (await (await request.get("/planning.ics")).text()).replace(/\r\n /g, "");
        const events = feed
          .split("BEGIN:VEVENT")
          .filter((chunk) => chunk.includes(`UID:activite-${id}@`));
        const compact = (date: string) => date.replaceAll("-", "");
        expect(events).toHaveLength(2);
        expect(events[0]).toContain(`EXDATE;TZID=Europe/Paris:${compact(nextTuesday)}T180000`);
        expect(events[1]).toContain(`RECURRENCE-ID;TZID=Europe/Paris:${compact(tuesday)}T180000`);
        expect(events[1]).toContain(`DTSTART;TZID=Europe/Paris:${compact(thursday)}T190000`);
      } finally {
        await tearDown();
      }
    });
  });
});
