import type { Locator, Page } from "@playwright/test";
import {
  activityByTitle,
  holdDataReloads,
  openSchedule,
  withTestActivity,
} from "./admin-schedule-db";
import { expect, test } from "./fixtures";
import { db } from "./public-db";
import { axeCheck } from "./axe";

const toast = (page: Page, text: string) =>
  page.getByRole("region", { name: /Notifications/ }).getByText(text);

/** The block's left, top and width in percent of its day column's inner box, as drawn. */
async function drawnPosition(block: Locator, column: Locator) {
  const b = (await block.boundingBox())!;
  const c = await column.evaluate((el) => {
    const rect = el.getBoundingClientRect();
    return {
      x: rect.left + el.clientLeft,
      y: rect.top + el.clientTop,
      width: el.clientWidth,
      height: el.clientHeight,
    };
  });
  return {
    x: Math.round(((b.x - c.x) / c.width) * 100),
    y: Math.round(((b.y - c.y) / c.height) * 100),
    width: Math.round((b.width / c.width) * 100),
  };
}

/** A class on /planning, in the layout this width shows (grid on desktop, list on a phone). */
function publicClass(page: Page, title: string) {
  return page.locator("li").filter({ hasText: title }).locator("visible=true").last();
}

const TRIGGER = "e2e_schedule_positions_fail";

/** Makes every update of the activity titled `title` fail inside the server's transaction. */
function failWritesOf(title: string) {
  db().exec(`drop trigger if exists ${TRIGGER}`);
  db()
    .prepare(
      `create trigger ${TRIGGER} before update on schedule_activities
       when old.title = '${title.replaceAll("'", "''")}'
       begin select raise(abort, 'e2e: write refused'); end`,
    )
    .run();
}

function allowWrites() {
  db().exec(`drop trigger if exists ${TRIGGER}`);
}

async function openGrid(page: Page, title: string, day = "Jeudi") {
  await openSchedule(page, "positionnement");
  const column = page.getByRole("region", { name: day, exact: true });
  const block = column.getByRole("button", { name: new RegExp(`^${title},`) });
  // In the middle of the grid's scroll box: a drag near its edges would scroll it.
  await block.evaluate((el) => el.scrollIntoView({ block: "center", inline: "center" }));
  return { column, block };
}

test.describe("admin schedule: visual positioning", () => {
  test.beforeEach(async ({ login }) => {
    await login();
  });

  test("dragging a Sunday 10h00 class down two hours makes it 12h00–13h30 in the admin and on /planning", async ({
    page,
  }) => {
    await withTestActivity(
      {
        title: "Boxe parents-enfants e2e",
        day: "Dimanche",
        start_time: "10h00",
        end_time: "11h30",
      },
      async (title) => {
        const { column, block } = await openGrid(page, title, "Dimanche");
        // Never placed: left edge, at 10h00 = 4/17 of 06:00 → 23:00, 85 % wide.
        expect(await drawnPosition(block, column)).toEqual({ x: 0, y: 24, width: 85 });
        await expect(block).toContainText("10h00 – 11h30");
        await expect(page.getByText("Vous avez des modifications non sauvegardées")).toHaveCount(0);
        await expect(
          page.getByRole("button", { name: "Sauvegarder les positions" }),
        ).toBeDisabled();

        const box = (await block.boundingBox())!;
        const columnBox = (await column.boundingBox())!;
        const start = { x: box.x + 10, y: box.y + 10 };
        await page.mouse.move(start.x, start.y);
        await page.mouse.down();
        // Far to the right (clamped at 70 %) and 140 px down: two hours at 70 px an hour.
        for (let step = 1; step <= 10; step += 1) {
          await page.mouse.move(start.x + step * columnBox.width * 0.2, start.y + step * 14);
        }
        await page.mouse.up();

        await expect(page.getByText("Vous avez des modifications non sauvegardées")).toBeVisible();
        await expect(
          page.getByText(`${title} : 12h00 – 13h30, 70 % depuis la gauche`),
        ).toBeVisible();
        // The block reads what it shows: its text and its height are the new hours.
        await expect(block).toContainText("12h00 – 13h30");
        expect(await drawnPosition(block, column)).toEqual({ x: 70, y: 35, width: 30 });
        expect(activityByTitle(title)?.start_time).toBe("10h00");

        await page.getByRole("button", { name: "Sauvegarder les positions" }).click();
        await expect(toast(page, "Positions sauvegardées avec succès")).toBeVisible();
        await expect(page.getByText("Vous avez des modifications non sauvegardées")).toHaveCount(0);
        expect(activityByTitle(title)).toMatchObject({
          start_time: "12h00",
          end_time: "13h30",
          position_x: 70,
          width: 85,
        });

        await page.reload();
        const again = await openGrid(page, title, "Dimanche");
        expect(await drawnPosition(again.block, again.column)).toEqual({ x: 70, y: 35, width: 30 });
        await expect(again.block).toContainText("12h00 – 13h30");

        // The public week follows, in its grid (desktop) or its list (phone).
        await page.goto("/planning?semaine=type");
        await expect(publicClass(page, title)).toContainText("12h00 – 13h30");
      },
    );
  });

  test("the keyboard moves a class by 15 min (Shift: 1 h) and sideways by 1 % (Shift: 5 %), then saves", async ({
    page,
  }) => {
    await withTestActivity(
      { title: "Clavier e2e", day: "Dimanche", start_time: "10h00", end_time: "11h30" },
      async (title) => {
        const { column, block } = await openGrid(page, title, "Dimanche");
        await block.focus();
        await page.keyboard.press("ArrowLeft");
        const status = page.getByText(new RegExp(`^${title} : `));
        await expect(status).toHaveText(`${title} : 10h00 – 11h30, 0 % depuis la gauche`);
        await expect(status).toHaveAttribute("aria-live", "polite");
        await page.keyboard.press("ArrowRight");
        await page.keyboard.press("ArrowRight");
        await page.keyboard.press("ArrowDown");
        await page.keyboard.press("ArrowUp");
        await page.keyboard.press("Shift+ArrowDown");
        await page.keyboard.press("Shift+ArrowDown");
        await expect(status).toHaveText(`${title} : 12h00 – 13h30, 2 % depuis la gauche`);
        for (let i = 0; i < 15; i += 1) await page.keyboard.press("Shift+ArrowRight");
        await expect(status).toHaveText(`${title} : 12h00 – 13h30, 70 % depuis la gauche`);
        await expect(block).toBeFocused();
        expect(await drawnPosition(block, column)).toMatchObject({ x: 70, y: 35 });

        await page.getByRole("button", { name: "Sauvegarder les positions" }).click();
        await expect(toast(page, "Positions sauvegardées avec succès")).toBeVisible();
        expect(activityByTitle(title)).toMatchObject({
          start_time: "12h00",
          end_time: "13h30",
          position_x: 70,
        });
        await page.goto("/planning?semaine=type");
        await expect(publicClass(page, title)).toContainText("12h00 – 13h30");
      },
    );
  });

  test("a class moved again while the save's reload is on its way stays moved, to be saved", async ({
    page,
  }) => {
    await withTestActivity(
      { title: "Rechargement e2e", day: "Dimanche", start_time: "10h00", end_time: "11h30" },
      async (title) => {
        const { block } = await openGrid(page, title, "Dimanche");
        const reloads = await holdDataReloads(page);
        await block.focus();
        await page.keyboard.press("Shift+ArrowDown");
        await page.getByRole("button", { name: "Sauvegarder les positions" }).click();
        await expect(toast(page, "Positions sauvegardées avec succès")).toBeVisible();
        expect(activityByTitle(title)?.start_time).toBe("11h00");
        // Moved again as soon as the toast says the first move is saved.
        await block.focus();
        await page.keyboard.press("Shift+ArrowDown");
        await expect.poll(reloads.count).toBeGreaterThan(0);
        reloads.release();
        await expect(page.getByRole("button", { name: "Sauvegarder les positions" })).toBeEnabled();
        await expect(page.getByText("Vous avez des modifications non sauvegardées")).toBeVisible();
        await expect(block).toContainText("12h00 – 13h30");
        await page.getByRole("button", { name: "Sauvegarder les positions" }).click();
        await expect(page.getByText("Vous avez des modifications non sauvegardées")).toHaveCount(0);
        expect(activityByTitle(title)?.start_time).toBe("12h00");
      },
    );
  });

  test("a class stays within the grid's hours, keeping its duration", async ({ page }) => {
    await withTestActivity(
      { title: "Bornes e2e", day: "Dimanche", start_time: "21h00", end_time: "22h30" },
      async (title) => {
        const { block } = await openGrid(page, title, "Dimanche");
        await block.focus();
        for (let i = 0; i < 4; i += 1) await page.keyboard.press("Shift+ArrowDown");
        await expect(page.getByText(new RegExp(`^${title} : `))).toHaveText(
          `${title} : 21h30 – 23h00, 0 % depuis la gauche`,
        );
        for (let i = 0; i < 20; i += 1) await page.keyboard.press("Shift+ArrowUp");
        await expect(page.getByText(new RegExp(`^${title} : `))).toHaveText(
          `${title} : 6h00 – 7h30, 0 % depuis la gauche`,
        );
      },
    );
  });

  test("a save the server fails says so and keeps the moves pending; a reload shows the stored place", async ({
    page,
  }) => {
    await withTestActivity(
      { title: "Échec e2e", day: "Jeudi", start_time: "10h00", end_time: "11h00" },
      async (title) => {
        try {
          const { column, block } = await openGrid(page, title);
          expect(await drawnPosition(block, column)).toEqual({ x: 0, y: 24, width: 85 });
          await block.focus();
          await page.keyboard.press("Shift+ArrowRight");
          await page.keyboard.press("Shift+ArrowRight");
          await expect(page.getByText(new RegExp(`^${title} : `))).toHaveText(
            `${title} : 10h00 – 11h00, 10 % depuis la gauche`,
          );

          // The database refuses to write this activity: the server's save fails for real.
          failWritesOf(title);
          await page.getByRole("button", { name: "Sauvegarder les positions" }).click();
          await expect(toast(page, "Erreur lors de la sauvegarde des positions")).toBeVisible();
          await expect(
            page.getByText("Vous avez des modifications non sauvegardées"),
          ).toBeVisible();
          expect(await drawnPosition(block, column)).toMatchObject({ x: 10, y: 24 });
          expect(activityByTitle(title)?.position_x).toBeNull();

          await page.reload();
          const again = await openGrid(page, title);
          expect(await drawnPosition(again.block, again.column)).toEqual({
            x: 0,
            y: 24,
            width: 85,
          });
          await expect(page.getByText("Vous avez des modifications non sauvegardées")).toHaveCount(
            0,
          );
        } finally {
          allowWrites();
        }
      },
    );
  });

  test("cancelling the moves puts the blocks back", async ({ page }) => {
    await openSchedule(page, "positionnement");
    const column = page.getByRole("region", { name: "Lundi", exact: true });
    const block = column.getByRole("button", { name: /^Boxe ados,/ });
    await block.scrollIntoViewIfNeeded();
    const before = await drawnPosition(block, column);
    await block.focus();
    await page.keyboard.press("Shift+ArrowRight");
    await expect(page.getByText("Vous avez des modifications non sauvegardées")).toBeVisible();
    expect((await drawnPosition(block, column)).x).toBe(before.x + 5);
    await page.getByRole("button", { name: "Annuler les déplacements" }).click();
    await expect(page.getByText("Vous avez des modifications non sauvegardées")).toHaveCount(0);
    expect(await drawnPosition(block, column)).toEqual(before);
  });

  test("the grid scrolls inside its box and the tab passes axe", async ({ page }) => {
    await openSchedule(page, "positionnement");
    const grid = page.getByRole("region", { name: "Grille du planning, de 6 h à 23 h" });
    await expect(grid).toBeVisible();
    // The page itself never scrolls sideways; the grid does when it is wider than its box.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    const results = await axeCheck(page).analyze();
    expect(results.violations.map((v) => v.id)).toEqual([]);
  });
});
