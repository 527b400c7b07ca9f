import { expect, test, type Locator } from "@playwright/test";
import { db, getSetting, waitForSiteScript, withSetting, withSiteLock } from "./site-helpers";
import { expectNoAxeViolations } from "./axe";

/*
 * The site's chrome for a parent: the menu without JavaScript, honest legal pages, one
 * set of hours, a copyright of this year.
 */

const parisYear = () =>
  new Intl.DateTimeFormat("fr-FR", { timeZone: "Europe/Paris", year: "numeric" }).format(
    new Date(),
  );

/** The day → hours pairs of a <dl> of hours. */
async function hoursOf(list: Locator): Promise<string[][]> {
  const days = await list.getByRole("term").allTextContents();
  const hours = await list.getByRole("definition").allTextContents();
  return days.map((day, i) => [day.trim(), hours[i]?.trim() ?? ""]);
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test(
    "phone: the menu opens and leads to Planning, Entreprise and Blog",
    { tag: "@phone" },
    async ({ page }, testInfo) => {
      test.skip(testInfo.project.name !== "mobile", "the collapsible menu is for phones");
      await withSiteLock("menu", async () => {
        const menu = page.getByRole("navigation", { name: "Menu mobile" });
        for (const [name, path] of [
          ["Planning", "/planning"],
          ["Entreprise", "/entreprise"],
          ["Blog", "/blog"],
        ]) {
          await page.goto("/");
          await expect(menu).toBeHidden();
          await page.getByRole("button", { name: "Ouvrir le menu" }).click();
          await expect(menu).toBeVisible();
          const link = menu.getByRole("link", { name, exact: true });
          await expect(link).toBeInViewport();
          await link.click();
          await expect(page).toHaveURL(new RegExp(`${path}$`));
          // A new page: the menu is closed on arrival.
          await expect(menu).toBeHidden();
        }

        // The same button closes it (axe needs a script: checked in the next test).
        await page.getByRole("button", { name: "Ouvrir le menu" }).click();
        await expect(menu).toBeVisible();
        await page.getByRole("button", { name: "Ouvrir le menu" }).click();
        await expect(menu).toBeHidden();
      });
    },
  );

  test("desktop: the Infos links show under the pointer and with the keyboard", async ({
    page,
  }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Navigation principale" });
    const blog = nav.getByRole("link", { name: "Blog" });
    await expect(blog).toBeHidden();
    await nav.getByRole("button", { name: "Infos" }).hover();
    await expect(blog).toBeVisible();
    await blog.click();
    await expect(page).toHaveURL(/\/blog$/);

    await page.mouse.move(10, 500);
    await nav.getByRole("button", { name: "Infos" }).focus();
    await page.keyboard.press("Tab");
    const first = nav.getByRole("link", { name: "Infos Pratiques" });
    await expect(first).toBeFocused();
    await expect(first).toBeVisible();
    for (let i = 0; i < 2; i++) await page.keyboard.press("Tab");
    await expect(nav.getByRole("link", { name: "Entreprise" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/entreprise$/);
  });
});

test(
  "phone with the script: the menu still opens, says so, and closes with Escape",
  { tag: "@phone" },
  async ({ page }, testInfo) => {
    test.skip(testInfo.project.name !== "mobile", "the collapsible menu is for phones");
    await page.goto("/contact");
    await waitForSiteScript(page);
    const menu = page.getByRole("navigation", { name: "Menu mobile" });
    await page.getByRole("button", { name: "Ouvrir le menu" }).click();
    await expect(page.getByRole("button", { name: "Fermer le menu" })).toHaveAttribute(
      "aria-expanded",
      "true",
    );
    await expect(menu.getByRole("link", { name: "Contact" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expectNoAxeViolations(page);
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(page.getByRole("button", { name: "Ouvrir le menu" })).toHaveAttribute(
      "aria-expanded",
      "false",
    );
  },
);

test(
  "the legal pages leave out what the club has not filled in",
  { tag: "@phone" },
  async ({ page }) => {
    // The lock the other legal page test takes; the row is there to be put back after.
    db()
      .prepare(
        "insert into site_settings (category, settings, updated_at) values ('legal', '{}', ?) on conflict (category) do nothing",
      )
      .run(new Date().toISOString());
    await withSiteLock("legal-settings", async () => {
      const legal = getSetting<Record<string, unknown>>("legal");
      const empty = { ...legal, rnaNumber: "", president: "", hostName: "", hostAddress: "" };
      await withSetting("legal", empty, async () => {
        await page.goto("/mentions-legales");
        const main = page.getByRole("main");
        await expect(main.getByRole("heading", { name: "Éditeur du site" })).toBeVisible();
        await expect(main).not.toContainText("compléter");
        await expect(main).not.toContainText("Numéro RNA");
        await expect(main.getByRole("heading", { name: "Hébergeur" })).toHaveCount(0);
        await expect(main).toContainText("Le président de l'association Boxing Club de Meyzieu.");
        await expectNoAxeViolations(page);

        await page.goto("/confidentialite");
        await expect(main).not.toContainText("compléter");
        await expect(main).toContainText(
          "Boxing Club de Meyzieu, Rue de la République, 69330 Meyzieu, représentée par son président. Contact :",
        );
      });
      await withSetting(
        "legal",
        { ...empty, rnaNumber: "W691234567", hostName: "Hébergeur Exemple" },
        async () => {
          await page.goto("/mentions-legales");
          const main = page.getByRole("main");
          await expect(main.getByText("Numéro RNA : W691234567")).toBeVisible();
          await expect(main.getByRole("heading", { name: "Hébergeur" })).toBeVisible();
          await expect(main.getByText("Hébergeur Exemple")).toBeVisible();
        },
      );
    });
  },
);

test("the footer's copyright runs to this year", async ({ page }) => {
  await page.goto("/mentions-legales");
  await expect(page.getByRole("contentinfo")).toContainText(`© 2024–${parisYear()}`);
});

test("the contact page and the footer show the same hours", { tag: "@phone" }, async ({ page }) => {
  await withSiteLock("hours", async () => {
    const hours = getSetting<Record<string, string>>("hours");
    await withSetting("hours", { ...hours, wednesday: "14h00-21h00" }, async () => {
      await page.goto("/contact");
      const main = page.getByRole("main");
      const contact = main.getByRole("heading", { name: "Horaires d'accueil" }).locator("..");
      const footer = page
        .getByRole("contentinfo")
        .getByRole("heading", { name: "HORAIRES" })
        .locator("..");
      const shown = await hoursOf(contact);
      expect(shown).toHaveLength(7);
      expect(shown).toContainEqual(["Mercredi", "14h00-21h00"]);
      expect(await hoursOf(footer)).toEqual(shown);
      await expectNoAxeViolations(page);
    });
  });
});
