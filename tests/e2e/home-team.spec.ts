import type { Locator, Page } from "@playwright/test";
import {
  expectNoAxeViolations as expectNoAdminAxeViolations,
  hydrated,
  restoreContent,
  snapshotContent,
  storedContent,
  toast,
} from "./admin-content-db";
import { expect, test } from "./fixtures";
import { db, deletePosts, insertPost, unique, withDbLock } from "./public-db";
import { withSiteLock } from "./site-helpers";
import { expectNoAxeViolations } from "./axe";

/*
 * The home's « L'équipe » and « Ils en parlent » blocks (edited in the content editor),
 * articles put forward (pinned first and larger on /blog and the home) and the blog's
 * small RSS link. The team block is changed under the "home-team" lock, the articles'
 * flags under the public specs' lock, each put back afterwards.
 */

async function width(locator: Locator): Promise<number> {
  return (await locator.boundingBox())!.width;
}

async function fontSize(locator: Locator): Promise<number> {
  return locator.evaluate((element) => Number.parseFloat(getComputedStyle(element).fontSize));
}

/**
 * The first card is the larger one: a bigger title everywhere, and from a tablet up a
 * wider card (a phone shows every card full width).
 */
async function expectFirstLarger(cards: Locator, level: 2 | 3, isMobile: boolean) {
  const title = (index: number) => cards.nth(index).getByRole("heading", { level });
  expect(await fontSize(title(0))).toBeGreaterThan(await fontSize(title(1)));
  if (!isMobile)
    expect(await width(cards.first())).toBeGreaterThan(1.5 * (await width(cards.nth(1))));
}

/** The home's news section. */
const newsSection = (page: Page) =>
  page.locator("section", { has: page.getByRole("heading", { name: "Actualités du club" }) });

test(
  "the home shows the team with roles, diplomas and avatars, and the testimonials",
  { tag: "@phone" },
  async ({ page }) => {
    await withSiteLock("home-team", async () => {
      await page.goto("/");
      const team = page.getByRole("region", { name: "L'équipe" });
      await expect(team.getByRole("heading", { level: 3 })).toHaveText([
        "Karim",
        "Sophie",
        "Julien",
        "Nadia",
      ]);
      await expect(team.getByText("Entraîneur principal, adultes et compétition")).toBeVisible();
      await expect(
        team.getByRole("list", { name: "Diplômes" }).first().getByRole("listitem"),
      ).toHaveText(["BPJEPS Boxe", "Diplôme d'État"]);
      // No photo yet: initials on a drawn avatar, never a broken image.
      await expect(team.locator("img")).toHaveCount(0);
      await expect(team.getByText("K", { exact: true })).toBeVisible();
      // In the back office only: the public page never says « Exemple ».
      await expect(team.getByText(/Exemple/)).toHaveCount(0);

      const quotes = page.getByRole("region", { name: "Ils en parlent" });
      await expect(quotes.locator("blockquote")).toHaveCount(3);
      await expect(quotes.getByText("maman de Léo, 8 ans")).toBeAttached();
      await expectNoAxeViolations(page);
    });
  },
);

test.describe("editing the team", () => {
  test("a volunteer renames a team member in the content editor; the home shows it", async ({
    page,
    login,
  }) => {
    await login();
    await withSiteLock("home-team", async () => {
      const snapshot = snapshotContent("home", "team");
      const name = `Yanis ${Date.now().toString(36)}`;
      try {
        await page.goto("/admin/content");
        await hydrated(page);
        const block = page.getByRole("region", { name: "Page d'accueil · L'équipe" });
        await expect(
          block.getByText("Exemples à remplacer par l'équipe du club", { exact: false }),
        ).toBeVisible();
        const first = block.getByRole("group", { name: /^Membre 1/ });
        await expect(first.getByText("Exemple", { exact: true })).toBeVisible();
        await expect(first.getByLabel("Photo", { exact: true })).toHaveAttribute("type", "file");
        await first.getByLabel("Prénom ou nom").fill(name);
        await first.getByLabel("Rôle").fill("Entraîneur des ados");
        // A photo: here an image of the site's own, with its variants.
        const photo = await page
          .getByRole("region", { name: "Bannière d'accueil · Principal" })
          .getByLabel("Adresse de l'image (image de fond)")
          .inputValue();
        await first.getByLabel("Adresse de l'image (photo)").fill(photo);
        // Renamed: no longer one of the examples.
        await expect(first.getByText("Exemple", { exact: true })).toHaveCount(0);
        await expectNoAdminAxeViolations(page);

        await page.getByRole("button", { name: "Sauvegarder" }).click();
        await expect(toast(page, "Modifications sauvegardées avec succès")).toBeVisible();
        const stored = storedContent("home", "team") as { members: Record<string, unknown>[] };
        expect(stored.members[0]).toMatchObject({ name, role: "Entraîneur des ados" });
        expect(stored.members).toHaveLength(4);

        await page.goto("/");
        const team = page.getByRole("region", { name: "L'équipe" });
        await expect(team.getByRole("heading", { level: 3 }).first()).toHaveText(name);
        await expect(team.getByText("Entraîneur des ados")).toBeVisible();
        const portrait = team.getByRole("img", { name: `Portrait de ${name}` });
        await expect(portrait).toHaveAttribute("src", photo);
        await expect(portrait).toHaveAttribute("width", /\d+/);
        await expect(portrait).toHaveAttribute("height", /\d+/);
        await expect(team.locator("source[type='image/webp']").first()).toHaveAttribute(
          "srcset",
          /480w/,
        );
        // The others still have no photo: their drawn avatars.
        await expect(team.locator("img")).toHaveCount(1);
      } finally {
        restoreContent(snapshot);
      }
    });
  });
});

test(
  "an article put forward comes first and larger on /blog and on the home",
  { tag: "@phone" },
  async ({ page, isMobile }) => {
    await withDbLock(async () => {
      const featuredBefore = (
        db().prepare("select id from blog_posts where is_featured = 1").all() as { id: number }[]
      ).map((row) => row.id);
      const title = `Gala du club ${unique("une")}`;
      // An old article: put forward, it still comes before the newest ones.
      const id = insertPost({
        slug: unique("gala"),
        title,
        published_at: "2001-03-01T10:00:00.000Z",
      });
      const setFeatured = db().prepare("update blog_posts set is_featured = ? where id = ?");
      try {
        for (const other of featuredBefore) setFeatured.run(0, other);
        setFeatured.run(1, id);

        await page.goto("/blog");
        const cards = page.getByRole("main").getByRole("article");
        await expect(cards.first().getByRole("heading", { level: 2 })).toHaveText(title);
        await expect(cards.first().getByText("À la une", { exact: true })).toBeVisible();
        await expectFirstLarger(cards, 2, isMobile);
        await expect(cards.nth(1).getByText("À la une", { exact: true })).toHaveCount(0);
        // The feed is a small link at the foot, not the banner's action.
        await expect(page.getByRole("link", { name: "S'abonner au flux RSS" })).toHaveAttribute(
          "href",
          "/blog/rss.xml",
        );
        const banner = page.locator("section", { has: page.getByRole("heading", { level: 1 }) });
        await expect(
          banner.getByRole("link", { name: "Réserver mon cours d'essai" }),
        ).toHaveAttribute("href", "/essai");
        await expect(banner.getByRole("link", { name: "S'abonner au flux RSS" })).toHaveCount(0);
        await expectNoAxeViolations(page);

        await page.goto("/");
        const news = newsSection(page).getByRole("article");
        await expect(news).toHaveCount(3);
        await expect(news.first().getByRole("heading", { level: 3 })).toHaveText(title);
        await expect(news.first().getByText("À la une", { exact: true })).toBeVisible();
        await expectFirstLarger(news, 3, isMobile);
      } finally {
        setFeatured.run(0, id);
        for (const other of featuredBefore) setFeatured.run(1, other);
        deletePosts([id]);
      }
    });
  },
);
