import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { deleteSitePages, insertSitePage, unique } from "./public-db";

// Disciplines, Formats and Pages share EditorListLayout: on a phone the list sits above the
// editor, one column; from 1024 px (the sidebar beside them) the list is a column on the
// left of the editor. Below 1024 px two columns would leave the editor a few words wide.

const SCREENS = [
  { path: "/admin/disciplines", list: "Liste des disciplines" },
  { path: "/admin/training", list: "Liste des formats" },
  { path: "/admin/pages", list: "Liste des pages" },
];

test.beforeEach(async ({ login }) => {
  await login();
});

for (const { path, list: listName } of SCREENS) {
  test(
    `${path}: list above the editor on a phone, beside it on a wide screen`,
    { tag: "@phone" },
    async ({ page }) => {
      // The main pages have no editor: Pages opens a page of the club's own.
      const title = unique("Mise en page");
      const pageId =
        path === "/admin/pages"
          ? insertSitePage({
              title,
              slug: `/${title.toLowerCase().replace(/\W+/g, "-")}`,
              content: "<p>Texte</p>",
              is_published: 0,
              template: "default",
            })
          : null;
      try {
        await page.goto(pageId ? `${path}?id=${pageId}` : path);
        await page.locator("[data-shell-ready]").waitFor();
        await expectListAboveOrBeside(page, listName);
      } finally {
        if (pageId) deleteSitePages([pageId]);
      }
    },
  );
}

async function expectListAboveOrBeside(page: Page, listName: string) {
  const list = await page.getByRole("region", { name: listName }).boundingBox();
  const save = await page.getByRole("button", { name: "Sauvegarder" }).boundingBox();
  const width = page.viewportSize()!.width;
  expect(list && save).toBeTruthy();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
  if (width < 1024) {
    expect(list!.y + list!.height).toBeLessThanOrEqual(save!.y);
    expect(list!.width).toBeGreaterThan(width - 64);
  } else {
    expect(list!.x + list!.width).toBeLessThanOrEqual(save!.x);
    expect(save!.y).toBeLessThan(list!.y + list!.height);
  }
}
