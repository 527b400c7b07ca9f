import { expect, test, type Page } from "@playwright/test";
import {
  activityId,
  deletePosts,
  deleteSitePages,
  insertPost,
  insertSitePage,
  seededPost,
  unique,
  withDbLock,
  seededPostsInBlogOrder,
} from "./public-db";
import { axeCheck } from "./axe";

/** Same rule set as the rest of the site (tests/e2e/site-helpers.ts): every axe rule. */
async function expectNoViolations(page: Page) {
  const results = await axeCheck(page).analyze();
  const summary = results.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`,
  );
  expect(summary).toEqual([]);
}

const pages = () => [
  "/planning",
  `/activite/${activityId("Lundi", "Boxe anglaise loisir")}`,
  "/activite/999999",
  "/blog",
  `/blog/${seededPostsInBlogOrder()[0]!.slug}`,
  "/blog/article-inconnu",
  "/inscription",
  "/une-page-qui-n-existe-pas",
];

test.describe("accessibility (axe, WCAG 2.x AA)", () => {
  test(
    "the planning, blog, inscription and error pages have no violations",
    { tag: "@phone" },
    async ({ page }) => {
      test.setTimeout(90_000);
      for (const path of pages()) {
        await test.step(path, async () => {
          await page.goto(path);
          await expectNoViolations(page);
        });
      }
    },
  );

  test("a site page in each template has no violations", { tag: "@phone" }, async ({ page }) => {
    const ids: number[] = [];
    try {
      for (const template of ["default", "full-width", "sidebar"]) {
        const slug = unique(`/page-${template}`);
        ids.push(
          insertSitePage({
            title: `Page ${template}`,
            slug,
            template,
            is_published: 1,
            content:
              '<h2>Un titre</h2><p>Un paragraphe avec <a href="/contact">un lien</a>.</p><ul><li>Un point</li></ul>',
          }),
        );
        await test.step(template, async () => {
          await page.goto(slug);
          await expectNoViolations(page);
        });
      }
    } finally {
      deleteSitePages(ids);
    }
  });

  test(
    "an article with its lightbox open has no violations",
    { tag: "@phone" },
    async ({ page }) => {
      test.setTimeout(90_000);
      await withDbLock(async () => {
        const slug = unique("article-axe");
        const id = insertPost({
          slug,
          title: "Article illustré",
          content: `Un paragraphe.\n![Gants de boxe](${seededPost().image_url})\nUn autre paragraphe.`,
        });
        try {
          await page.goto(`/blog/${slug}`);
          await expectNoViolations(page);
          await page.getByRole("button", { name: "Agrandir l'image : Gants de boxe" }).click();
          await expect(page.getByRole("dialog")).toBeVisible();
          await expectNoViolations(page);
        } finally {
          deletePosts([id]);
        }
      });
    },
  );
});
