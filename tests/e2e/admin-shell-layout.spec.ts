import { png, removeUpload } from "./admin-media-files";
import { expect, test } from "./fixtures";
import type { Page } from "@playwright/test";
import { axeCheck } from "./axe";

/*
 * The back office's frame (app/routes/admin/layout.tsx): the desktop sidebar and its
 * collapsed state, the mobile slide-in menu, the skip link and signing out.
 * Besides the dashboard only the settings screen is visited (whatever it shows: its
 * own specs test it).
 */

// Messages may carry its unread count ("Messages2 non lus") while the front-desk spec runs.
const ENTRIES = [
  "Tableau de bord",
  /^Messages/,
  "Essais",
  "Adhésions",
  "Contenu",
  "Disciplines",
  "Entraînements",
  "Planning",
  "Tarifs",
  "Blog",
  "Médias",
  "Paramètres",
  "Menu",
  "Pages",
  "Inscriptions",
  "Bénévoles",
  "Corbeille",
  "Sauvegardes",
  "Journal",
];

async function expectNoAxeViolations(page: Page) {
  const results = await axeCheck(page).analyze();
  expect(
    results.violations.map((v) => ({
      id: v.id,
      help: v.help,
      targets: v.nodes.slice(0, 5).map((n) => n.target.join(" ")),
    })),
  ).toEqual([]);
}

/** Waits until React has hydrated the shell (its buttons then answer clicks). */
async function hydrated(page: Page) {
  await page.waitForFunction(() => Boolean(document.querySelector("[data-shell-ready]")));
}

test.describe("desktop sidebar", () => {
  test("lists the screens in order, marks the current one and navigates", async ({
    page,
    login,
  }) => {
    await login();
    await page.goto("/admin");
    await hydrated(page);
    const sidebar = page.getByRole("complementary", { name: "Menu d'administration" });
    const nav = sidebar.getByRole("navigation", { name: "Administration" });
    await expect(nav.getByRole("link")).toHaveText(ENTRIES);
    // /admin is the dashboard too.
    await expect(nav.getByRole("link", { name: "Tableau de bord" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(nav.getByRole("link", { name: "Planning" })).toHaveAttribute(
      "href",
      "/admin/schedule",
    );

    await nav.getByRole("link", { name: "Paramètres" }).click();
    await expect(page).toHaveURL(/\/admin\/settings(\?.*)?$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Paramètres" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(nav.locator("[aria-current]")).toHaveCount(1);

    await nav.getByRole("link", { name: "Tableau de bord" }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await expect(page.getByRole("heading", { name: "Tableau de bord", level: 1 })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Tableau de bord" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(nav.getByRole("link", { name: "Paramètres" })).not.toHaveAttribute("aria-current");

    await expect(sidebar.getByRole("link", { name: "Mon compte (admin)" })).toBeVisible();
    const site = sidebar.getByRole("link", { name: /Voir le site/ });
    await expect(site).toHaveAttribute("href", "/");
    await expect(site).toHaveAttribute("target", "_blank");
    await expect(page.locator('meta[name="robots"]').first()).toHaveAttribute("content", "noindex");
  });

  test("collapses to icons, stays collapsed after a reload, expands again", async ({
    page,
    login,
  }) => {
    await login();
    await page.goto("/admin/dashboard");
    await hydrated(page);
    const sidebar = page.getByRole("complementary", { name: "Menu d'administration" });
    const toggle = sidebar.getByRole("button", { name: "Menu latéral" });
    const label = sidebar.getByText("Inscriptions", { exact: true });
    // Collapsed, the entry's text stays for screen readers but takes no room (sr-only).
    const labelWidth = () => label.evaluate((element) => element.getBoundingClientRect().width);

    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    expect(await labelWidth()).toBeGreaterThan(20);
    const wide = (await sidebar.boundingBox())!.width;
    expect(wide).toBeGreaterThan(200);

    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect.poll(labelWidth).toBeLessThanOrEqual(1);
    await expect.poll(async () => (await sidebar.boundingBox())!.width).toBeLessThan(80);
    // Still reachable by name (screen readers, tests) while only the icon shows.
    await expect(sidebar.getByRole("link", { name: "Inscriptions" })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.reload();
    // Collapsed from the first paint (before hydration), then for React too.
    expect(await labelWidth()).toBeLessThanOrEqual(1);
    expect((await sidebar.boundingBox())!.width).toBeLessThan(80);
    await hydrated(page);
    await expect(toggle).toHaveAttribute("aria-expanded", "false");

    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await expect.poll(labelWidth).toBeGreaterThan(20);
    await page.reload();
    await hydrated(page);
    expect(await labelWidth()).toBeGreaterThan(20);
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
  });
});

test.describe("mobile menu", { tag: "@phone" }, () => {
  test.skip(({ isMobile }) => !isMobile, "the slide-in menu is the mobile layout");

  test("opens, traps the focus, closes with Escape and on navigation", async ({ page, login }) => {
    await login();
    await page.goto("/admin/dashboard");
    await hydrated(page);
    // The desktop sidebar is not shown.
    await expect(page.getByRole("complementary", { name: "Menu d'administration" })).toBeHidden();

    // includeHidden: while the menu is open, the page behind it is aria-hidden.
    const menuButton = page.getByRole("button", { name: "Menu", exact: true, includeHidden: true });
    await menuButton.click();
    const menu = page.getByRole("dialog", { name: "Menu d'administration" });
    await expect(menu).toBeVisible();
    await expect(menuButton).toHaveAttribute("aria-expanded", "true");
    await expect(menu.getByRole("link")).toHaveText([
      ...ENTRIES,
      "Mon compte (admin)",
      /Voir le site/,
    ]);
    await expect(menu.getByRole("link", { name: "Tableau de bord" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expectNoAxeViolations(page);

    // Focus stays inside: 20 tabs never leave the menu.
    for (let i = 0; i < 20; i++) {
      await page.keyboard.press("Tab");
      const inside = await menu.evaluate((element) => element.contains(document.activeElement));
      expect(inside).toBe(true);
    }

    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(menuButton).toBeFocused();

    await menuButton.click();
    await expect(menu).toBeVisible();
    await menu.getByRole("link", { name: "Paramètres" }).click();
    await expect(page).toHaveURL(/\/admin\/settings(\?.*)?$/);
    await expect(menu).toBeHidden();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

    await menuButton.click();
    await page.getByRole("button", { name: "Fermer le menu" }).click();
    await expect(menu).toBeHidden();
  });
});

test("the skip link leads to the main content", async ({ page, login }) => {
  await login();
  await page.goto("/admin/dashboard");
  await hydrated(page);
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Aller au contenu" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(page.locator("main#contenu")).toBeFocused();
});

test("'Se déconnecter' ends the session", async ({ page, login }) => {
  await login();
  await page.goto("/admin/dashboard");
  await hydrated(page);
  await page.getByRole("button", { name: "Se déconnecter" }).click();
  await expect(page).toHaveURL(/\/admin\/login\?loggedOut=1$/);
  await expect(page.getByRole("status")).toHaveText("Déconnexion réussie");
  await page.goto("/admin/dashboard");
  await expect(page).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin%2Fdashboard$/);
});

test("toasts: a repeated text replaces the last one rather than stacking, and closes by itself after 4 s", async ({
  page,
  login,
}) => {
  await login();
  await page.goto("/admin/content");
  await hydrated(page);
  const region = page.getByRole("region", { name: "Notifications (Alt+T)" });
  // Shown and not on its way out (a replaced toast fades out).
  const shown = region.locator(
    '[data-sonner-toast][data-visible="true"]:not([data-removed="true"])',
  );
  // Pressing the disabled Save says "nothing to save": one answer per press, one toast.
  const save = page.getByRole("button", { name: "Sauvegarder" });
  await save.focus();
  await page.keyboard.press("Enter");
  const firstShownAt = Date.now();
  await expect(shown).toHaveCount(1);
  for (let i = 0; i < 4; i += 1) await page.keyboard.press("Enter");
  // Two frames: the last press's toast is drawn, the earlier ones are fading out.
  await page.evaluate(
    () => new Promise((drawn) => requestAnimationFrame(() => requestAnimationFrame(drawn))),
  );
  await expect(shown).toHaveCount(1);
  await expect(shown).toHaveText(/Aucune modification à sauvegarder/);

  // Gone by itself: not before 4 s, within a few seconds after.
  await expect(region.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 15_000 });
  expect(Date.now() - firstShownAt).toBeGreaterThanOrEqual(4000);
});

test(
  "success, error and info toasts pass axe (contrast of the rich colours)",
  { tag: "@phone" },
  async ({ page, login }) => {
    await login();
    await page.goto("/admin/content?tab=a-propos");
    await hydrated(page);
    const region = page.getByRole("region", { name: "Notifications (Alt+T)" });
    /** axe on the toasts only, at once: they close after 4 s. */
    const checkToast = async (type: string) => {
      const shown = region.locator(`[data-type="${type}"]`).first();
      await expect(shown).toBeVisible();
      // Faded in (sonner's 0.4 s transition): axe reads the colours as drawn.
      await expect(shown).toHaveCSS("opacity", "1");
      const results = await axeCheck(page).include("[data-sonner-toaster]").analyze();
      expect(
        results.violations.map((v) => ({ id: v.id, targets: v.nodes.map((n) => n.target) })),
        type,
      ).toEqual([]);
    };

    // Info: nothing to save.
    const save = page.getByRole("button", { name: "Sauvegarder" });
    await save.focus();
    await page.keyboard.press("Enter");
    await checkToast("info");

    // Error: an invalid address, refused before sending.
    const about = page.getByRole("region", { name: "À propos · Principal" });
    const address = about.getByLabel("Adresse de l'image (image)");
    const before = await address.inputValue();
    await address.fill("javascript:alert(1)");
    await save.click();
    await checkToast("error");
    await address.fill(before);

    // Success: an image uploaded (never saved: the file is removed at the end).
    await about.getByLabel("Image", { exact: true }).setInputFiles(await png("contraste.png"));
    await expect(address).not.toHaveValue(before);
    const uploaded = await address.inputValue();
    try {
      await checkToast("success");
    } finally {
      removeUpload(uploaded);
    }
  },
);

test("the back office hydrates; a client navigation to the public site loads it as a document", async ({
  page,
  login,
}) => {
  await login();
  await page.goto("/admin/dashboard");
  // React and React Router run here (docs/decisions/006-public-pages-without-react.md).
  await expect.poll(() => page.evaluate(() => "__reactRouterDataRouter" in window)).toBe(true);
  const documents: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "document") documents.push(new URL(request.url()).pathname);
  });
  // No admin link points at the public site without a new tab; the router is driven
  // directly, as a future <Link to="/planning"> would.
  await page.evaluate(() => {
    const router = (
      window as unknown as { __reactRouterDataRouter: { navigate(to: string): void } }
    ).__reactRouterDataRouter;
    router.navigate("/planning");
  });
  await expect(page).toHaveURL(/\/planning$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect.poll(() => documents).toEqual(["/planning"]);
  await expect
    .poll(() => page.evaluate(() => document.documentElement.hasAttribute("data-enhanced")))
    .toBe(true);
  expect(await page.evaluate(() => "__reactRouterDataRouter" in window)).toBe(false);
});
