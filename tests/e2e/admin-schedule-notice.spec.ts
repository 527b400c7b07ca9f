import type { Page } from "@playwright/test";
import { addDays, parisToday, weekdayOfDate } from "../../app/core/club-time";
import { FRENCH_WEEKDAYS } from "../../app/core/club-time";
import { toast } from "./admin-disciplines-db";
import { openSchedule } from "./admin-schedule-db";
import { expect, test } from "./fixtures";
import { unique } from "./public-db";
import {
  deleteClass,
  insertBooking,
  insertTrialClass,
  mimeParts,
  outboxMailsTo,
  withTrialSeason,
} from "./trial-e2e";
import { expectNoAxeViolations } from "./axe";

/*
 * A booked family is never changed silently: whichever way a volunteer moves or cancels a
 * booked session (the grid by keyboard or by mouse, the dashboard's quick action), the
 * screen first says how many families will be mailed, and the mail with the new time (and
 * its .ics) or the cancellation is in the outbox once confirmed.
 */

const TOMORROW = addDays(parisToday(), 1);
const TOMORROW_DAY = FRENCH_WEEKDAYS[weekdayOfDate(TOMORROW)]!;

/** A class tomorrow at 20h45–21h45 with one family booked; removed afterwards. */
async function withBookedClass(run: (title: string, email: string) => Promise<void>) {
  await withTrialSeason(async () => {
    const title = unique("Boxe avertie");
    const email = `${title.replace(/\W+/g, "-").toLowerCase()}@exemple.fr`;
    const id = insertTrialClass({ title, day: TOMORROW_DAY, places: 4 });
    insertBooking(id, TOMORROW, email);
    try {
      await run(title, email);
    } finally {
      deleteClass(id);
    }
  });
}

/** The decoded text of the mails written to the outbox for `email`. */
const mailsTo = (email: string) =>
  outboxMailsTo(email).map((raw) =>
    mimeParts(raw)
      .map((part) => `${part.headers}\n${part.body}`)
      .join("\n"),
  );

/** The mails to `email` whose text holds `text`. */
const mailsWith = (email: string, text: string) =>
  mailsTo(email).filter((mail) => mail.includes(text));

async function gridBlock(page: Page, title: string) {
  await openSchedule(page, "positionnement");
  const block = page
    .getByRole("region", { name: TOMORROW_DAY, exact: true })
    .getByRole("button", { name: new RegExp(`^${title},`) });
  // In the middle of the grid's scroll box: a drag near its edges would scroll it.
  await block.evaluate((el) => el.scrollIntoView({ block: "center", inline: "center" }));
  return block;
}

/** Saves the grid, answers the question about the family, and waits for the save. */
async function saveAndTell(page: Page) {
  await page.getByRole("button", { name: "Sauvegarder les positions" }).click();
  const question = page.getByRole("alertdialog", { name: "1 famille sera prévenue" });
  await expect(question).toBeVisible();
  await question.getByRole("button", { name: "Enregistrer et prévenir" }).click();
  await expect(toast(page, "Positions sauvegardées avec succès")).toBeVisible();
}

test.describe("a booked class moved or cancelled", () => {
  test.beforeEach(async ({ login }) => {
    await login();
  });

  test("moved by keyboard in the grid: the volunteer is told first, then the family gets the new time", async ({
    page,
  }) => {
    await withBookedClass(async (title, email) => {
      const block = await gridBlock(page, title);
      await block.focus();
      await page.keyboard.press("Shift+ArrowDown");
      await expect(block).toContainText("21h45 – 22h45");

      // « Revenir » saves nothing and mails no one.
      await page.getByRole("button", { name: "Sauvegarder les positions" }).click();
      const question = page.getByRole("alertdialog", { name: "1 famille sera prévenue" });
      await expect(question).toBeVisible();
      await expectNoAxeViolations(page);
      await question.getByRole("button", { name: "Revenir" }).click();
      await expect(question).toHaveCount(0);
      await expect(page.getByText("Vous avez des modifications non sauvegardées")).toBeVisible();
      expect(mailsWith(email, "de 21h45 à 22h45")).toEqual([]);

      await saveAndTell(page);
      await expect.poll(() => mailsWith(email, "de 21h45 à 22h45")).toHaveLength(1);
      expect(mailsWith(email, "de 21h45 à 22h45")[0]).toContain("text/calendar");
    });
  });

  test("dragged by mouse: the block shows its new time while dragged, and the family is told", async ({
    page,
  }) => {
    await withBookedClass(async (title, email) => {
      const block = await gridBlock(page, title);
      const box = (await block.boundingBox())!;
      const start = { x: box.x + 10, y: box.y + 10 };
      await page.mouse.move(start.x, start.y);
      await page.mouse.down();
      // 70 px up: one hour earlier, read on the block before it is dropped.
      for (let step = 1; step <= 10; step += 1) {
        await page.mouse.move(start.x, start.y - step * 7);
      }
      await expect(block).toContainText("19h45 – 20h45");
      await page.mouse.up();
      await expect(page.getByText(`${title} déposé`)).toBeAttached();
      // dnd-kit swallows clicks until its own 50 ms timer after the drop has run (its
      // pointer sensor's cleanup); a timer of the same delay queued after it runs after it.
      await page.evaluate(() => new Promise((ran) => setTimeout(ran, 50)));
      await saveAndTell(page);
      await expect.poll(() => mailsWith(email, "de 19h45 à 20h45")).toHaveLength(1);
    });
  });

  test("cancelled from the dashboard in a few taps, with the count of families told", async ({
    page,
  }) => {
    await withBookedClass(async (title, email) => {
      await page.goto("/admin/dashboard");
      const quick = page.getByRole("region", { name: "Annuler ou déplacer une séance" });
      await expect(quick.getByText(`${title} · 1 famille inscrite`)).toBeVisible();
      await expectNoAxeViolations(page);
      await quick.getByRole("link", { name: new RegExp(`^Annuler ${title}`) }).click();

      await expect(page.getByRole("tab", { name: "Changements" })).toHaveAttribute(
        "aria-selected",
        "true",
      );
      await expect(page.getByLabel("Séance", { exact: true })).toHaveValue(TOMORROW);
      await page.getByLabel("Motif (facultatif)").fill("Gymnase fermé");
      await page.getByRole("button", { name: "Enregistrer le changement" }).click();
      const question = page.getByRole("alertdialog", { name: "1 famille sera prévenue" });
      await question.getByRole("button", { name: "Enregistrer et prévenir" }).click();
      await expect(toast(page, "Changement enregistré")).toBeVisible();
      await expect.poll(() => mailsWith(email, "est annulée par le club")).toHaveLength(1);
      await expectNoAxeViolations(page);
    });
  });
});
