import {
  hydrated,
  orderedIds,
  restoreAllRows,
  rowOf,
  snapshotRows,
  toast,
} from "./admin-disciplines-db";
import { expect, test } from "./fixtures";
import { db, withSiteLock } from "./site-helpers";
import { expectNoAxeViolations } from "./axe";

/*
 * The Corbeille as a volunteer meets it: a discipline deleted by mistake from
 * its screen, gone from the public page, found in the Corbeille and restored with one
 * click: same image, same place in the list, back on the public page. Desktop only,
 * under the "disciplines" lock that the specs counting the public disciplines take.
 */

test.describe.configure({ timeout: 90_000 });

test("a discipline deleted then restored comes back with its image and its place", async ({
  page,
  login,
}) => {
  await login();
  await withSiteLock("disciplines", async () => {
    const before = snapshotRows("disciplines");
    const ids = orderedIds("disciplines");
    expect(ids.length).toBeGreaterThanOrEqual(3);
    const second = rowOf("disciplines", ids[1]!)!;
    const title = String(second.title);
    const image = String(second.image);
    try {
      // Delete it from the disciplines screen, after confirming.
      await page.goto(`/admin/disciplines?id=${ids[1]}`);
      await hydrated(page);
      await page.getByRole("tab", { name: "Apparence" }).click();
      await page.getByRole("button", { name: "Supprimer la discipline" }).click();
      const dialog = page.getByRole("alertdialog", { name: `Supprimer « ${title} » ?` });
      await expect(dialog).toContainText("Corbeille pendant 30 jours");
      await dialog.getByRole("button", { name: "Supprimer" }).click();
      await expect(toast(page, "Discipline supprimée")).toBeVisible();
      expect(rowOf("disciplines", ids[1]!)).toBeUndefined();

      const visitor = await page.context().newPage();
      await visitor.goto("/disciplines");
      await expect(visitor.getByRole("heading", { level: 2, name: title })).toHaveCount(0);

      // Find it in the Corbeille, from the menu.
      await page
        .getByRole("navigation", { name: "Administration" })
        .getByRole("link", { name: "Corbeille" })
        .click();
      await expect(page.getByRole("heading", { level: 1, name: "Corbeille" })).toBeVisible();
      await expect(page).toHaveURL(/\/admin\/corbeille$/);
      // Loaded afresh, so axe sees the menu's colours settled rather than in transition.
      await page.reload();
      await hydrated(page);
      const table = page.getByRole("table");
      const row = table.getByRole("row").filter({ hasText: title });
      await expect(row).toContainText("Discipline");
      await expect(row).toContainText("admin");
      await expect(row).toContainText("30 jours");
      await expectNoAxeViolations(page);

      await row.getByRole("button", { name: `Restaurer « ${title} »` }).click();
      await expect(toast(page, `Élément restauré : discipline « ${title} »`)).toBeVisible();
      // Other specs' deletions may be listed too: only this one left.
      await expect(table.getByRole("row").filter({ hasText: title })).toHaveCount(0);

      // Back as it was: same row, every column, second in the list.
      expect(rowOf("disciplines", ids[1]!)).toEqual(second);
      expect(orderedIds("disciplines")).toEqual(ids);
      await visitor.goto("/disciplines");
      const headings = await visitor.getByRole("heading", { level: 2 }).allTextContents();
      expect(headings.map((heading) => heading.trim()).indexOf(title)).toBe(1);
      const section = visitor.locator("section", {
        has: visitor.getByRole("heading", { level: 2, name: title }),
      });
      const stem = image.replace(/\.[a-z]+$/i, "");
      await expect(section.locator("img").first()).toHaveAttribute(
        "src",
        new RegExp(stem.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")),
      );
      await visitor.close();

      await page.goto("/admin/disciplines");
      await hydrated(page);
      const items = page
        .getByRole("region", { name: "Liste des disciplines" })
        .getByRole("listitem");
      await expect(items.nth(1)).toContainText(title);
    } finally {
      if (!rowOf("disciplines", ids[1]!)) restoreAllRows("disciplines", before);
      db().prepare("delete from trash where item_type = 'discipline' and item_id = ?").run(ids[1]);
    }
  });
});
