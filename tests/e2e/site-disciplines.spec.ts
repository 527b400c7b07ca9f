import { expect, test, type Page } from "@playwright/test";
import { canonicalHref, db, metaContent, serverHtml } from "./site-helpers";
import { expectNoAxeViolations } from "./axe";

const SLUGS = [
  "boxe-anglaise-loisir",
  "boxe-anglaise-competition",
  "boxe-educative",
  "boxe-ados-et-juniors",
  "boxe-feminine",
  "cardio-boxing",
];

function sectionTop(page: Page, id: string) {
  return page.locator(`[id="${id}"]`).evaluate((el) => Math.round(el.getBoundingClientRect().top));
}

test.describe("/disciplines", () => {
  test("the server's HTML holds one section per discipline, anchored by its slug", async ({
    request,
  }) => {
    const html = await serverHtml(request, "/disciplines");
    expect(html).toContain("<title>Nos disciplines | Boxing Club de Meyzieu</title>");
    expect(metaContent(html, "description")).toContain("Boxe anglaise loisir et compétition");
    expect(canonicalHref(html)).toMatch(/\/disciplines$/);
    expect(metaContent(html, "og:image")).toMatch(/\/uploads\/disciplines\//);
    for (const slug of SLUGS) expect(html).toContain(`<section id="${slug}"`);
    expect(html).toContain("Garde, déplacements et enchaînements de base");
    expect(html).toContain("Une boxe conviviale et exigeante à la fois");
  });

  test("each section has its details, conclusion and trial button", async ({ page }) => {
    await page.goto("/disciplines");
    for (const slug of SLUGS) {
      const section = page.locator(`section[id="${slug}"]`);
      await expect(section.getByRole("heading", { level: 2 })).toBeVisible();
      await expect(section.getByRole("listitem")).toHaveCount(5);
      // The trial booking, on the discipline's audience when it names one.
      await expect(
        section.getByRole("link", { name: "Demander un cours d'essai" }),
      ).toHaveAttribute("href", /^\/essai(\?pour=(enfant|ado|adulte))?$/);
      await expect(section.locator("source[type='image/webp']")).toHaveAttribute("srcset", /480w/);
    }
    // Legacy colours: light, dark, gold as seeded.
    const background = (slug: string) =>
      page.locator(`section[id="${slug}"]`).evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(await background("boxe-anglaise-loisir")).toBe("rgb(255, 255, 255)");
    expect(await background("boxe-anglaise-competition")).toBe("rgb(17, 24, 39)");
    expect(await background("boxe-educative")).toBe("rgb(212, 175, 55)");
  });

  test("images alternate sides on wide screens", async ({ page }) => {
    await page.goto("/disciplines");
    for (const [index, slug] of SLUGS.slice(0, 3).entries()) {
      const section = page.locator(`section[id="${slug}"]`);
      const image = (await section.locator("img").boundingBox())!;
      const heading = (await section.getByRole("heading", { level: 2 }).boundingBox())!;
      if (index % 2 === 0) expect(image.x).toBeLessThan(heading.x);
      else expect(image.x).toBeGreaterThan(heading.x);
    }
  });

  test(
    "with a hash, the section ends up 120 px under the top of the window",
    { tag: "@phone" },
    async ({ page, isMobile }) => {
      await page.goto("/disciplines#boxe-educative");
      await expect
        .poll(() => sectionTop(page, "boxe-educative"), { timeout: 5000 })
        .toBeGreaterThan(117);
      await expect.poll(() => sectionTop(page, "boxe-educative")).toBeLessThan(123);

      // The same from the links of the banner, and from a card of the home page.
      await page
        .getByRole("navigation", { name: "Aller à une discipline" })
        .getByRole("link", { name: "Boxe féminine" })
        .click();
      await expect
        .poll(() => sectionTop(page, "boxe-feminine"), { timeout: 5000 })
        .toBeGreaterThan(117);
      await expect.poll(() => sectionTop(page, "boxe-feminine")).toBeLessThan(123);

      await page.goto("/");
      // A phone's home lists the disciplines compactly; wider, the spec's cards.
      const fromHome = isMobile
        ? page.getByRole("list", { name: "Nos disciplines" }).getByRole("link")
        : page.getByRole("link", { name: "En savoir plus" });
      await fromHome.nth(3).click();
      await expect(page).toHaveURL(/\/disciplines#boxe-ados-et-juniors$/);
      await expect
        .poll(() => sectionTop(page, "boxe-ados-et-juniors"), { timeout: 5000 })
        .toBeGreaterThan(117);
      await expect.poll(() => sectionTop(page, "boxe-ados-et-juniors")).toBeLessThan(123);
    },
  );

  test("without a hash, the page opens at the top", async ({ page }) => {
    await page.goto("/");
    await page.mouse.wheel(0, 3000);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await page.getByRole("contentinfo").getByRole("link", { name: "Disciplines" }).click();
    await expect(page).toHaveURL(/\/disciplines$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test("custom colours of a discipline are applied over its legacy colour", async ({ page }) => {
    const row = db()
      .prepare(
        "select id, background_color, text_color, title_color, subtitle_color from disciplines where title = ?",
      )
      .get("Cardio boxing") as Record<string, string | number | null>;
    const update = db().prepare(
      "update disciplines set background_color = ?, text_color = ?, title_color = ?, subtitle_color = ? where id = ?",
    );
    update.run("#1e3a8a", "#ffffff", "#fde68a", "#bae6fd", row.id);
    try {
      await page.goto("/disciplines");
      const section = page.locator('section[id="cardio-boxing"]');
      const style = await section.evaluate((el) => ({
        background: getComputedStyle(el).backgroundColor,
        color: getComputedStyle(el).color,
        title: getComputedStyle(el.querySelector("h2")!).color,
      }));
      expect(style).toEqual({
        background: "rgb(30, 58, 138)",
        color: "rgb(255, 255, 255)",
        title: "rgb(253, 230, 138)",
      });
      await expect(section.getByText("La boxe version fitness, sans opposition")).toHaveCSS(
        "color",
        "rgb(186, 230, 253)",
      );
    } finally {
      update.run(row.background_color, row.text_color, row.title_color, row.subtitle_color, row.id);
    }
  });

  test("no accessibility violation", { tag: "@phone" }, async ({ page }) => {
    await page.goto("/disciplines");
    await expectNoAxeViolations(page);
  });
});
