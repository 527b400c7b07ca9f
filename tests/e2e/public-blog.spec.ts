import { expect, test, type Page } from "@playwright/test";
import {
  db,
  deletePosts,
  getSetting,
  insertPost,
  seededPost,
  seededPostsInBlogOrder,
  setSetting,
  unique,
  withDbLock,
} from "./public-db";

/** The page numbers and ellipses the pagination shows, in order. */
async function paginationShape(page: Page): Promise<string[]> {
  const nav = page.getByRole("navigation", { name: "Pagination" });
  return nav
    .locator("li")
    .evaluateAll((items) =>
      items.map((li) => li.textContent?.trim() ?? "").filter((text) => text !== ""),
    );
}

test.describe("blog list", () => {
  test.describe.configure({ timeout: 120_000 });

  test("the server's HTML lists the published articles, newest first, as cards", async ({
    page,
    request,
  }) => {
    await withDbLock(async () => {
      const seeded = seededPostsInBlogOrder();
      const html = await (await request.get("/blog")).text();
      expect(html).toContain(seeded[0]!.title.replaceAll("'", "&#x27;"));
      expect(html).toContain('type="application/rss+xml"');

      await page.goto("/blog");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Actualités");
      const titles = page.getByRole("main").getByRole("article").getByRole("heading", { level: 2 });
      await expect(titles).toHaveText(seeded.map((post) => post.title));
      const first = page.getByRole("main").getByRole("article").first();
      await expect(first.getByText("Stage", { exact: true })).toBeVisible();
      await expect(first.locator("time")).toHaveText(/^\d{1,2}(er)? \p{L}+ \d{4}$/u);
      await expect(first.getByRole("link")).toHaveAttribute("href", `/blog/${seeded[0]!.slug}`);
      // A single page: no pagination at all.
      await expect(page.getByRole("navigation", { name: "Pagination" })).toHaveCount(0);
      await expect(page.getByRole("link", { name: "S'abonner au flux RSS" })).toHaveAttribute(
        "href",
        "/blog/rss.xml",
      );
    });
  });

  test("pagination at 1, 7 and 20 pages, clamped past the end", async ({ page }) => {
    await withDbLock(async () => {
      const saved = getSetting<{ articlesPerPage: number }>("blog");
      const ids: number[] = [];
      try {
        // 3 seeded + 17 older articles = 20 published articles.
        for (let i = 0; i < 17; i++) {
          ids.push(
            insertPost({
              slug: unique(`pagination-${i}`),
              title: `Article de pagination ${i + 1}`,
              published_at: new Date(Date.UTC(2001, 0, 17 - i)).toISOString(),
            }),
          );
        }

        setSetting("blog", { ...saved, articlesPerPage: 20 });
        await page.goto("/blog");
        await expect(page.getByRole("main").getByRole("article")).toHaveCount(20);
        await expect(page.getByRole("navigation", { name: "Pagination" })).toHaveCount(0);

        setSetting("blog", { ...saved, articlesPerPage: 3 });
        await page.goto("/blog?page=2");
        expect(await paginationShape(page)).toEqual(["1", "2", "3", "4", "5", "6", "7"]);
        await expect(page.getByRole("link", { name: "Page 2", exact: true })).toHaveAttribute(
          "aria-current",
          "page",
        );
        await expect(page.getByRole("link", { name: "Page 7", exact: true })).toHaveAttribute(
          "href",
          "/blog?page=7",
        );
        await expect(page.getByRole("main").getByRole("article")).toHaveCount(3);
        await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
          "href",
          /\/blog\?page=2$/,
        );

        setSetting("blog", { ...saved, articlesPerPage: 1 });
        await page.goto("/blog?page=10");
        expect(await paginationShape(page)).toEqual(["1", "…", "9", "10", "11", "…", "20"]);
        await expect(page.getByRole("link", { name: "Page 10", exact: true })).toHaveAttribute(
          "aria-current",
          "page",
        );
        await page.goto("/blog");
        expect(await paginationShape(page)).toEqual(["1", "2", "…", "20"]);
        await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/blog$/);
        await page.getByRole("link", { name: "Page 2", exact: true }).click();
        await expect(page).toHaveURL(/\/blog\?page=2$/);
        await expect(page.getByRole("link", { name: "Page 2", exact: true })).toHaveAttribute(
          "aria-current",
          "page",
        );

        // Past the end: the last page.
        await page.goto("/blog?page=999");
        await expect(page.getByRole("link", { name: "Page 20", exact: true })).toHaveAttribute(
          "aria-current",
          "page",
        );
        await expect(page.getByRole("main").getByRole("article")).toHaveText(
          /Article de pagination 17/,
        );
        await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
          "href",
          /\/blog\?page=20$/,
        );
      } finally {
        setSetting("blog", saved);
        deletePosts(ids);
      }
    });
  });

  test("says so when no article is published", async ({ request }) => {
    await withDbLock(async () => {
      const published = db().prepare("select id from blog_posts where is_published = 1").all() as {
        id: number;
      }[];
      const unpublish = db().prepare("update blog_posts set is_published = ? where id = ?");
      let html = "";
      // NOTE: other specs read the seeded articles in parallel: keep them hidden for the
      // time of one request only.
      try {
        for (const { id } of published) unpublish.run(0, id);
        html = await (await request.get("/blog")).text();
      } finally {
        for (const { id } of published) unpublish.run(1, id);
      }
      expect(html).toContain("Aucun article disponible pour le moment.");
      expect(html).not.toContain("<article");
      expect(html).not.toContain('aria-label="Pagination"');
    });
  });
});

test.describe("article page", () => {
  test.describe.configure({ timeout: 120_000 });

  test("shows a seeded article with its date, author, category and cover", async ({
    page,
    request,
  }) => {
    await withDbLock(async () => {
      const post = seededPost();
      const html = await (await request.get(`/blog/${post.slug}`)).text();
      expect(html).toContain("le club ouvre ses portes aux jeunes boxeurs pour un stage");

      await page.goto(`/blog/${post.slug}`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(post.title);
      const article = page.getByRole("main").getByRole("article");
      await expect(article.locator("time")).toHaveText(/^\d{1,2}(er)? \p{L}+ \d{4}$/u);
      await expect(article.getByText("Par L'équipe d'entraîneurs")).toBeVisible();
      await expect(article.getByText("Stage", { exact: true })).toBeVisible();
      await expect(article.locator(`img[src="${post.image_url}"]`)).toHaveAttribute(
        "loading",
        "eager",
      );
      await expect(page.locator('meta[property="og:type"]')).toHaveAttribute("content", "article");
      await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
        "content",
        new RegExp(`${post.image_url.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`),
      );
      await expect(page.getByRole("link", { name: "Retour au blog" }).first()).toHaveAttribute(
        "href",
        "/blog",
      );
      // The id works as well as the slug.
      await page.goto(`/blog/${post.id}`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(post.title);
    });
  });

  test("a markdown image line opens an accessible lightbox, from the keyboard", async ({
    page,
  }) => {
    await withDbLock(async () => {
      const cover = seededPost().image_url;
      const slug = unique("article-image");
      const id = insertPost({
        slug,
        title: "Article avec une image",
        author: "Le bureau",
        category: "evenement",
        content: [
          "Premier paragraphe de l'article.",
          `![Podium du tournoi](${cover})`,
          "<b>Pas de HTML</b> ici.",
          "![Image piégée](javascript:alert(1))",
        ].join("\n"),
      });
      try {
        await page.goto(`/blog/${slug}`);
        await expect(page.getByText("Premier paragraphe de l'article.")).toBeVisible();
        await expect(page.getByText("<b>Pas de HTML</b> ici.")).toBeVisible();
        await expect(page.getByRole("button", { name: /Image piégée/ })).toHaveCount(0);

        const trigger = page.getByRole("button", { name: "Agrandir l'image : Podium du tournoi" });
        // Rendered disabled, enabled by the site script.
        await expect(trigger).toBeEnabled();
        await trigger.focus();
        await page.keyboard.press("Enter");
        const dialog = page.getByRole("dialog", { name: /Podium du tournoi/ });
        await expect(dialog).toBeVisible();
        const close = dialog.getByRole("button", { name: "Fermer" });
        await expect(close).toBeFocused();
        await expect(dialog.getByRole("img", { name: "Podium du tournoi" })).toBeVisible();
        // Focus stays inside the dialog.
        await page.keyboard.press("Tab");
        await expect(close).toBeFocused();
        await page.keyboard.press("Shift+Tab");
        await expect(close).toBeFocused();
        await page.keyboard.press("Escape");
        await expect(dialog).toBeHidden();
        await expect(trigger).toBeFocused();

        // The 'Fermer' button closes it too.
        await trigger.click();
        await expect(dialog).toBeVisible();
        await close.click();
        await expect(dialog).toBeHidden();
      } finally {
        deletePosts([id]);
      }
    });
  });

  test("an unknown article answers 404 with the spec's texts", async ({ page }) => {
    const response = await page.goto("/blog/cet-article-n-existe-pas");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Article introuvable");
    await expect(
      page.getByText("L'article que vous recherchez n'existe pas ou n'est plus disponible."),
    ).toBeVisible();
    await expect(
      page.getByRole("main").getByRole("link", { name: "Retour au blog" }),
    ).toHaveAttribute("href", "/blog");
  });

  test("a draft's URL answers 404, by slug and by id", async ({ request }) => {
    const slug = unique("brouillon");
    const id = insertPost({ slug, title: "Brouillon secret", is_published: 0 });
    try {
      for (const path of [`/blog/${slug}`, `/blog/${id}`]) {
        const response = await request.get(path);
        expect(response.status()).toBe(404);
        const html = await response.text();
        expect(html).toContain("Article introuvable");
        expect(html).not.toContain("Brouillon secret");
      }
    } finally {
      deletePosts([id]);
    }
  });
});

test("the RSS feed lists published articles with RFC 822 dates", async ({ request }) => {
  await withDbLock(async () => {
    const response = await request.get("/blog/rss.xml");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("application/rss+xml; charset=utf-8");
    const xml = await response.text();
    const stage = seededPostsInBlogOrder()[0]!;
    const escaped = (text: string) => text.replaceAll("'", "&apos;");
    expect(xml).toContain('<rss version="2.0"');
    expect(xml).toContain(`<title>${escaped(stage.title)}</title>`);
    expect(xml).toMatch(new RegExp(`<link>http://127\\.0\\.0\\.1:\\d+/blog/${stage.slug}</link>`));
    expect(xml).toMatch(/<guid isPermaLink="true">http:\/\/127\.0\.0\.1:\d+\/blog\//);
    expect(xml).toMatch(/<pubDate>\w{3}, \d{2} \w{3} \d{4} \d{2}:\d{2}:\d{2} GMT<\/pubDate>/);
    expect(xml).toContain(`<description>${escaped(stage.excerpt.slice(0, 40))}`);
    expect(xml).not.toContain("Brouillon");
  });
});
