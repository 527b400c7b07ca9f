import { expect, test } from "@playwright/test";
import {
  canonicalHref,
  metaContent,
  serverHtml,
  waitForSiteScript,
  withSetting,
  withSiteLock,
} from "./site-helpers";
import { expectNoAxeViolations } from "./axe";

const VIDEO_URL = "/uploads/site-images/e2e-missing-video.mp4";

test.describe("home page", () => {
  test("the server's HTML holds the hero, the meta tags and the SportsClub JSON-LD", async ({
    request,
  }) => {
    // The logo and the home video are changed for a while by admin-media-logo-video.spec.ts,
    // under these locks.
    const html = await withSiteLock("logo", () =>
      withSiteLock("home-video", () => withSiteLock("hero", () => serverHtml(request, "/"))),
    );
    expect(html).toContain("<title>Boxing Club de Meyzieu</title>");
    expect(metaContent(html, "description")).toContain("Club de boxe anglaise à Meyzieu");
    expect(canonicalHref(html)).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    expect(metaContent(html, "og:title")).toBe("Boxing Club de Meyzieu");
    expect(metaContent(html, "og:image")).toMatch(/^http:\/\/.+\/uploads\/.+/);
    expect(html).toContain("Réserver mon cours d'essai");
    expect(html).toContain("Bienvenue au club");
    expect(html).toContain("boxe éducative dès 6 ans");
    // No video is set: no <video> at all.
    expect(html).not.toContain("<video");

    const json = html.match(/<script type="application\/ld\+json">([^<]*)<\/script>/)?.[1];
    expect(json).toBeDefined();
    const club = JSON.parse(json!);
    expect(club).toMatchObject({
      "@context": "https://schema.org",
      "@type": "SportsClub",
      name: "Boxing Club de Meyzieu",
      telephone: "06 12 34 56 78",
      email: "contact@boxingclub-meyzieu.fr",
      address: {
        "@type": "PostalAddress",
        streetAddress: "Rue de la République",
        postalCode: "69330",
        addressLocality: "MEYZIEU",
        addressCountry: "FR",
      },
    });
    expect(club.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    expect(club.logo).toMatch(/^http:\/\/.+\/uploads\/site-images\/seed-logo\.png$/);
    expect(club.openingHoursSpecification).toHaveLength(6);
    expect(club.openingHoursSpecification[0]).toEqual({
      "@type": "OpeningHoursSpecification",
      dayOfWeek: "https://schema.org/Monday",
      opens: "17:00",
      closes: "21:00",
    });
  });

  test("the hero: title, buttons and height", { tag: "@phone" }, async ({ page }, testInfo) => {
    // The content editor's test changes the hero's title for a moment, under this lock.
    await withSiteLock("hero", async () => {
      await page.goto("/");
      const hero = page.locator("section", {
        has: page.getByRole("heading", { level: 1, name: "Boxing Club de Meyzieu" }),
      });
      await expect(hero.getByText(/La boxe anglaise pour tous/)).toBeVisible();
      await expect(hero.getByRole("link", { name: "Réserver mon cours d'essai" })).toHaveAttribute(
        "href",
        "/essai",
      );
      await expect(hero.getByRole("link", { name: "Découvrir nos disciplines" })).toHaveAttribute(
        "href",
        "/disciplines",
      );
      const image = hero.locator("img").first();
      await expect(image).toHaveAttribute("loading", "eager");
      await expect(image).toHaveAttribute("fetchpriority", "high");
      await expect(hero.locator("source[type='image/avif']")).toHaveAttribute("srcset", /960w/);
      const box = (await hero.boundingBox())!;
      const viewport = page.viewportSize()!;
      expect(box.y).toBeLessThanOrEqual(1);
      if (testInfo.project.name === "mobile") {
        expect(box.height).toBeGreaterThanOrEqual(viewport.height * 0.7 - 1);
      } else {
        expect(box.height).toBeGreaterThanOrEqual(viewport.height - 1);
      }
    });
  });

  test(
    "about, disciplines grid, free trial box and the 3 latest articles",
    { tag: "@phone" },
    async ({ page, isMobile }) => {
      // The admin disciplines specs add a discipline for a while, under this lock.
      await withSiteLock("disciplines", () => page.goto("/"));
      await expect(page.getByRole("heading", { name: "Bienvenue au club" })).toBeVisible();
      for (const value of ["Enfants", "Ados", "Adultes"]) {
        await expect(page.getByText(value, { exact: true })).toBeVisible();
      }

      if (isMobile) {
        // A phone gets a compact list leading to each section.
        const links = page.getByRole("list", { name: "Nos disciplines" }).getByRole("link");
        await expect(links).toHaveCount(6);
        await expect(links.first()).toHaveText("Boxe anglaise loisir");
        await expect(links.first()).toHaveAttribute("href", "/disciplines#boxe-anglaise-loisir");
        await expect(links.first().locator("img")).toHaveAttribute("loading", "lazy");
      } else {
        const cards = page
          .getByRole("article")
          .filter({ has: page.getByRole("link", { name: "En savoir plus" }) });
        await expect(cards).toHaveCount(6);
        const first = cards.first();
        await expect(first.getByRole("heading", { name: "Boxe anglaise loisir" })).toBeVisible();
        await expect(first.getByRole("link", { name: "En savoir plus" })).toHaveAttribute(
          "href",
          "/disciplines#boxe-anglaise-loisir",
        );
        const image = first.getByRole("img", { name: "Boxe anglaise loisir" });
        await expect(image).toHaveAttribute("loading", "lazy");
        await expect(image).toHaveAttribute("width", /\d+/);
        await expect(image).toHaveAttribute("height", /\d+/);
        await expect(first.locator("source[type='image/webp']")).toHaveAttribute("srcset", /480w/);
      }

      const trial = page.locator("section", {
        has: page.getByRole("heading", { name: "Votre premier cours est offert" }),
      });
      await expect(trial.getByRole("link", { name: "Réserver mon essai" })).toHaveAttribute(
        "href",
        "/essai",
      );
      await expect(trial.getByRole("link", { name: "Voir le planning" })).toHaveAttribute(
        "href",
        "/planning",
      );

      const news = page.locator("section", {
        has: page.getByRole("heading", { name: "Actualités du club" }),
      });
      const posts = news.getByRole("article");
      await expect(posts).toHaveCount(3);
      for (const post of await posts.all()) {
        await expect(post.locator("time")).toHaveText(/^\d{1,2}(er)? [a-zéû]+ \d{4}$/);
        await expect(post.getByRole("link")).toHaveAttribute("href", /^\/blog\/.+/);
        await expect(post.locator("p").last()).not.toBeEmpty();
      }
      await expect(news.getByRole("link", { name: "Toutes les actualités" })).toHaveAttribute(
        "href",
        "/blog",
      );
    },
  );

  test("the training formats grid shows each format with its icon", async ({ page }) => {
    await withSiteLock("formats", async () => {
      await page.goto("/");
      const formats = page.locator("section", {
        has: page.getByRole("heading", { name: "Nos formats d'entraînement" }),
      });
      const cards = formats.getByRole("article");
      await expect(cards).toHaveCount(3);
      await expect(cards.locator("svg.lucide-users")).toHaveCount(1);
      await expect(cards.locator("svg.lucide-target")).toHaveCount(1);
      await expect(cards.locator("svg.lucide-heart")).toHaveCount(1);
      await expect(cards.first().getByRole("link")).toHaveAttribute(
        "href",
        /^\/entrainements#format-\d+$/,
      );
    });
  });

  test(
    "a broken discipline image falls back to the placeholder",
    { tag: "@phone" },
    async ({ page, isMobile }) => {
      await page.route("**/uploads/disciplines/**", (route) => route.abort());
      await page.goto("/");
      const image = isMobile
        ? page.getByRole("link", { name: "Boxe éducative" }).locator("img")
        : page.getByRole("img", { name: "Boxe éducative" });
      await image.scrollIntoViewIfNeeded();
      await expect(image).toHaveAttribute("src", "/images/placeholder.webp");
      await expect
        .poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth))
        .toBeGreaterThan(0);
    },
  );

  test("the background video: muted, looping, no autoplay attribute, started by the browser", async ({
    page,
    request,
  }) => {
    await withSiteLock("home-video", async () => {
      await withSetting("home_video", { url: VIDEO_URL, title: "", storage_path: "" }, async () => {
        const html = await serverHtml(request, "/");
        const video = html.match(/<video[^>]*>/)?.[0];
        expect(video).toBeDefined();
        expect(video).toContain(`src="${VIDEO_URL}"`);
        expect(video).toContain("loop");
        expect(video).toContain("playsInline");
        expect(video).not.toMatch(/autoplay/i);
        expect(html).toContain("Votre navigateur ne supporte pas la lecture de vidéos.");

        // Reduced motion: the video is never started, nothing is downloaded.
        const requested: string[] = [];
        page.on("request", (r) => {
          if (r.url().endsWith(VIDEO_URL)) requested.push(r.url());
        });
        await page.emulateMedia({ reducedMotion: "reduce" });
        await page.goto("/");
        await waitForSiteScript(page);
        await page.waitForTimeout(500);
        expect(requested).toEqual([]);
        expect(await page.locator("video").evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);

        // Otherwise the browser starts it; this one fails, so the image stays alone.
        await page.emulateMedia({ reducedMotion: "no-preference" });
        const videoRequest = page.waitForRequest((r) => r.url().endsWith(VIDEO_URL));
        await page.goto("/");
        await videoRequest;
        await expect(page.locator("video")).toHaveCount(0);
        const hero = page.locator("section", { has: page.getByRole("heading", { level: 1 }) });
        await expect(hero.locator("img").first()).toBeVisible();
      });
    });
  });

  test("no accessibility violation", { tag: "@phone" }, async ({ page }) => {
    await page.goto("/");
    await expectNoAxeViolations(page);
  });
});
