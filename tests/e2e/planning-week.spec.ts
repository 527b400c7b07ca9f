import { expect, test, type Page } from "@playwright/test";
import {
  addDays,
  FRENCH_WEEKDAYS,
  mondayOf,
  parisToday,
  weekdayOfDate,
} from "../../app/core/club-time";
import { frenchDay } from "../../app/core/date-format";
import { insertActivity } from "./admin-schedule-db";
import { db, swapSeason, unique, withDbLock } from "./public-db";
import { expectNoAxeViolations } from "./axe";

/*
 * /planning as a parent meets it: this week first, each class once with its cancellation
 * on it, tabs for next week and the template week and an audience filter that are plain
 * links (they work without JavaScript), past days marked, a trial link per class for its
 * audience, and a page that stays short on a phone. Under the public lock: the fixture's
 * class and cancellation change what every visitor of /planning sees.
 */

const isDesktop = (page: Page) => (page.viewportSize()?.width ?? 0) >= 768;

/** "Jeudi 26 novembre": a day's heading in a dated week. */
function dayTitle(date: string): string {
  const [, ...rest] = frenchDay(date).split(" ");
  return `${FRENCH_WEEKDAYS[weekdayOfDate(date)]} ${rest.join(" ")}`;
}

/** A day of the layout this width shows: grid columns on desktop, the list on a phone. */
function day(page: Page, title: string) {
  return page.getByRole("group", { name: new RegExp(`^${title}\\b`) }).filter({ visible: true });
}

/** The class's own link (its trial link is named "Essai gratuit : …"). */
function classLink(page: Page, title: string) {
  return page.getByRole("link", { name: new RegExp(`^${title}`) }).filter({ visible: true });
}

/**
 * Runs `fn` with a class of its own on today's weekday, 20h00–21h00, cancelled today for
 * "Coach malade", in a season around today; all of it removed afterwards.
 */
async function withCancelledClassToday(fn: (title: string, today: string) => Promise<void>) {
  const today = parisToday();
  const title = unique("Boxe annulée");
  await withDbLock(async () => {
    const restoreSeason = swapSeason(addDays(today, -30), addDays(today, 60));
    const id = insertActivity({
      title,
      day: FRENCH_WEEKDAYS[weekdayOfDate(today)]!,
      start_time: "20h00",
      end_time: "21h00",
    });
    const stamp = new Date().toISOString();
    db()
      .prepare(
        `insert into schedule_changes (kind, activity_id, date, note, created_at, updated_at)
         values ('cancel', ?, ?, 'Coach malade', ?, ?)`,
      )
      .run(id, today, stamp, stamp);
    try {
      await fn(title, today);
    } finally {
      db().prepare("delete from schedule_changes where activity_id = ?").run(id);
      db().prepare("delete from schedule_activities where id = ?").run(id);
      restoreSeason();
    }
  });
}

test(
  "a cancellation shows on the class itself in this week, and only this week",
  { tag: "@phone" },
  async ({ page }) => {
    await withCancelledClassToday(async (title, today) => {
      await page.goto("/planning");
      const weeks = page.getByRole("navigation", { name: "Semaine affichée" });
      await expect(weeks.getByRole("link", { name: "Cette semaine" })).toHaveAttribute(
        "aria-current",
        "page",
      );
      // The grid on desktop, the list on a phone: the class once, struck, with its reason.
      await expect(
        page.getByTestId(isDesktop(page) ? "timetable-grid" : "timetable-list"),
      ).toBeVisible();
      const cancelled = day(page, dayTitle(today)).getByRole("link", {
        name: new RegExp(`^${title}`),
      });
      await expect(cancelled).toHaveCount(1);
      await expect(cancelled).toContainText("Annulé : Coach malade");
      await expect(cancelled.getByText(title, { exact: true })).toHaveCSS(
        "text-decoration-line",
        "line-through",
      );
      // A cancelled session offers no trial.
      await expect(
        page.getByRole("link", { name: new RegExp(`^Essai gratuit : ${title}`) }),
      ).toHaveCount(0);
      await expectNoAxeViolations(page);

      // Next week, the class takes place as usual.
      await weeks.getByRole("link", { name: "Semaine prochaine" }).click();
      await expect(page).toHaveURL(/\/planning\?semaine=prochaine#semaine-prochaine$/);
      const next = day(page, dayTitle(addDays(today, 7))).getByRole("link", {
        name: new RegExp(`^${title}`),
      });
      await expect(next).toContainText("20h00 – 21h00");
      await expect(next).not.toContainText("Annulé");
    });
  },
);

test("past days are dimmed and marked « passé », today is marked", async ({ page }) => {
  await withCancelledClassToday(async (_title, today) => {
    await page.goto("/planning");
    const monday = mondayOf(today);
    for (let i = 0; i < 7; i += 1) {
      const date = addDays(monday, i);
      const heading = page
        .getByRole("heading", { level: 3, name: new RegExp(`^${dayTitle(date)}\\b`) })
        .filter({ visible: true });
      // The list shows only the days with classes; the grid shows every day.
      if ((await heading.count()) === 0) continue;
      if (date < today) await expect(heading).toContainText("passé");
      else await expect(heading).not.toContainText("passé");
      if (date === today) await expect(heading).toContainText("Aujourd'hui");
      else await expect(heading).not.toContainText("Aujourd'hui");
    }
    // Today's heading is there in either layout (the fixture's class is today).
    await expect(
      page.getByRole("heading", { level: 3, name: /Aujourd'hui/ }).filter({ visible: true }),
    ).toHaveCount(1);
    // The template week has no dates, so nothing past.
    await page.goto("/planning?semaine=type");
    await expect(page.getByText("passé", { exact: true })).toHaveCount(0);
  });
});

test("each class's trial link books a trial for its audience", async ({ page }) => {
  await page.goto("/planning?semaine=type");
  const trial = (title: string) =>
    page.getByRole("link", { name: new RegExp(`^Essai gratuit : ${title}`) }).filter({
      visible: true,
    });
  await expect(trial("Boxe éducative 6-8 ans")).toHaveAttribute("href", "/essai?pour=enfant");
  await expect(trial("Juniors perfectionnement")).toHaveAttribute("href", "/essai?pour=ado");
  await expect(trial("Boxe féminine")).toHaveAttribute("href", "/essai?pour=adulte");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the week's tabs and the audience filter are links that keep each other", async ({
    page,
  }) => {
    await page.goto("/planning");
    const weeks = page.getByRole("navigation", { name: "Semaine affichée" });
    const audiences = page.getByRole("navigation", { name: "Public" });
    await expect(audiences.getByRole("link", { name: "Tous" })).toHaveAttribute(
      "aria-current",
      "page",
    );

    await weeks.getByRole("link", { name: "Semaine type" }).click();
    await expect(page).toHaveURL(/\/planning\?semaine=type#semaine-type$/);
    await expect(weeks.getByRole("link", { name: "Semaine type" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(weeks.getByRole("link", { name: "Cette semaine" })).not.toHaveAttribute(
      "aria-current",
    );
    await expect(classLink(page, "Boxe anglaise loisir").first()).toBeVisible();

    await audiences.getByRole("link", { name: "Enfants" }).click();
    await expect(page).toHaveURL(/\/planning\?semaine=type&public=enfants#semaine-type$/);
    await expect(audiences.getByRole("link", { name: "Enfants" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(weeks.getByRole("link", { name: "Semaine type" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(classLink(page, "Boxe éducative 6-8 ans")).toHaveCount(1);
    await expect(classLink(page, "Boxe anglaise loisir")).toHaveCount(0);
    await expect(classLink(page, "Boxe ados")).toHaveCount(0);
    // Every class shown is for children, and the banner's trial button is theirs too.
    const shown = page
      .getByTestId(isDesktop(page) ? "timetable-grid" : "timetable-list")
      .getByRole("link", { name: /^(?!Essai)/ });
    await expect(shown.first()).toBeVisible();
    for (const link of await shown.all()) await expect(link).toContainText("Enfants");
    await expect(page.getByRole("link", { name: "Réserver une séance d'essai" })).toHaveAttribute(
      "href",
      "/essai?pour=enfant",
    );

    // The week changes, the audience stays.
    await weeks.getByRole("link", { name: "Cette semaine" }).click();
    await expect(page).toHaveURL(/\/planning\?public=enfants#cette-semaine$/);
    await audiences.getByRole("link", { name: "Tous" }).click();
    await expect(page).toHaveURL(/\/planning#cette-semaine$/);
  });
});

test("the page cache keeps each view's canonical address and redirects any other", async ({
  request,
}) => {
  const kept = "/planning?semaine=type&public=adultes";
  for (const [asked, canonical] of [
    ["/planning?public=adultes&semaine=type", kept],
    ["/planning?public=inconnu", "/planning"],
    ["/planning?semaine=cette", "/planning"],
    ["/planning?utm_source=lettre", "/planning"],
  ] as const) {
    const answer = await request.get(asked, { maxRedirects: 0 });
    expect(answer.status(), asked).toBe(302);
    expect(answer.headers().location, asked).toBe(canonical);
    // A redirect is never kept: asked again, it is still one.
    const again = await request.get(asked, { maxRedirects: 0 });
    expect(again.status(), asked).toBe(302);
    expect(again.headers()["x-page-cache"], asked).toBeUndefined();
  }
  // The view's own page is kept under its own address (other specs' writes may drop it
  // meanwhile: ask again), and shows the adults' classes only.
  await expect
    .poll(async () => {
      const answer = await request.get(kept);
      return `${answer.status()} ${answer.headers()["x-page-cache"]}`;
    })
    .toBe("200 hit");
  const html = await (await request.get(kept)).text();
  expect(html).toContain("Boxe anglaise loisir");
  expect(html).not.toContain("Boxe éducative 6-8 ans");
  const children = await (await request.get("/planning?semaine=type&public=enfants")).text();
  expect(children).toContain("Boxe éducative 6-8 ans");
  expect(children).not.toContain("Boxe anglaise loisir");
});

test(
  "one audience's week stays within three screens on a phone",
  { tag: "@phone" },
  async ({ page }) => {
    test.skip(isDesktop(page), "phone layout");
    for (const audience of ["enfants", "juniors", "adultes"]) {
      for (const week of ["", "semaine=prochaine&", "semaine=type&"]) {
        await page.goto(`/planning?${week}public=${audience}`);
        const main = await page.getByRole("main").boundingBox();
        expect(main!.y + main!.height, `${week}${audience}`).toBeLessThanOrEqual(3 * 844);
      }
    }
  },
);

test("the template week and a filtered week pass axe", { tag: "@phone" }, async ({ page }) => {
  await page.goto("/planning?semaine=type&public=juniors");
  await expect(classLink(page, "Boxe ados").first()).toBeVisible();
  await expectNoAxeViolations(page);
  await page.goto("/planning?semaine=prochaine");
  await expectNoAxeViolations(page);
});
