import { expect, test } from "@playwright/test";
import { withSiteLock } from "./site-helpers";

test("the server's HTML of / already holds the seeded French content", async ({ request }) => {
  const response = await request.get("/");
  expect(response.status()).toBe(200);
  const html = await response.text();
  expect(html).toContain('<html lang="fr"');
  expect(html).toContain("Boxing Club de Meyzieu");
  expect(html).toContain("Boxe anglaise loisir");
  expect(html).toContain("En savoir plus");
  expect(html).toContain("MEYZIEU");
});

test(
  "the home page shows the seeded disciplines and news to a visitor",
  { tag: "@phone" },
  async ({ page, isMobile }) => {
    // The content editor's test changes the hero's title for a moment, under this lock.
    await withSiteLock("hero", async () => {
      await page.goto("/");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Boxing Club de Meyzieu");
    });
    // The admin disciplines specs add a discipline for a while, under this lock.
    await withSiteLock("disciplines", async () => {
      await page.reload();
      if (isMobile) {
        // A phone gets the compact list; the spec's cards from a tablet up.
        const list = page.getByRole("list", { name: "Nos disciplines" });
        await expect(list.getByRole("link")).toHaveCount(6);
        await expect(list.getByRole("link", { name: "Boxe éducative" })).toBeVisible();
      } else {
        await expect(page.getByRole("heading", { name: "Boxe éducative" })).toBeVisible();
        await expect(page.getByRole("link", { name: "En savoir plus" })).toHaveCount(6);
      }
    });
    await expect(page.getByRole("link", { name: "Voir toutes les disciplines" })).toHaveAttribute(
      "href",
      "/disciplines",
    );
    await expect(page.getByRole("contentinfo")).toContainText("69330 MEYZIEU");
  },
);

test("an unknown path answers the English 404 page with status 404", async ({ page }) => {
  const response = await page.goto("/cette-page-n-existe-pas");
  expect(response?.status()).toBe(404);
  await expect(page.getByText("Oops! Page not found")).toBeVisible();
  await expect(page.getByRole("link", { name: "Return to Home" })).toHaveAttribute("href", "/");
});

test("/healthz answers 200 when the database answers", async ({ request }) => {
  const response = await request.get("/healthz");
  expect(response.status()).toBe(200);
  expect(await response.text()).toBe("ok");
});
