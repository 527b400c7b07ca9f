import type { Browser, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { activityId, db, unique } from "./public-db";
import { bookingsOf, deleteBookingsOf, firstSessionDate, withTrialSeason } from "./trial-e2e";
import { expectNoAxeViolations } from "./axe";

/*
 * A parent books trials for two children with JavaScript off (ADR 006: plain links and
 * forms answered by redirects): from /disciplines's « Boxe éducative » to /essai filtered on
 * children, the kids' class whose form requires the child (refused without, nothing typed
 * lost), a confirmation naming the child, the e-mail and the address, then the second child
 * on the same session. The trial calls to action of /disciplines and /contact lead to /essai.
 */

test.use({ javaScriptEnabled: false });

const emailFor = (name: string) => `${name.toLowerCase().replace(/[^a-z0-9]/g, "")}@example.fr`;

async function fillParent(page: Page, last: string, email: string) {
  await page.getByLabel("Votre prénom").fill("Anne");
  await page.getByLabel("Votre nom").fill(last);
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Téléphone").fill("06 12 34 56 78");
  await page.getByLabel("Débutant").check();
}

async function fillChild(page: Page, first: string, last: string, born: number) {
  await page.getByLabel("Prénom de l'enfant").fill(first);
  await page.getByLabel("Nom de l'enfant", { exact: true }).fill(last);
  await page.getByLabel("Année de naissance de l'enfant").fill(String(born));
}

test("the trial calls to action of /disciplines and /contact lead to /essai, filtered when the discipline names its audience", async ({
  page,
}) => {
  await page.goto("/disciplines");
  const trial = (slug: string) =>
    page.locator(`section[id="${slug}"]`).getByRole("link", { name: "Demander un cours d'essai" });
  await expect(trial("boxe-educative")).toHaveAttribute("href", "/essai?pour=enfant");
  await expect(trial("boxe-anglaise-loisir")).toHaveAttribute("href", "/essai");
  await page.goto("/contact");
  const block = page.locator("section", {
    has: page.getByRole("heading", { name: "Cours d'essai gratuit" }),
  });
  const links = block.getByRole("link");
  await expect(links.first()).toHaveText("Réserver ma séance d'essai");
  await expect(links.first()).toHaveAttribute("href", "/essai");
  await expect(links.nth(1)).toHaveAttribute("href", /^tel:/);
});

/** Axe needs a script in the page: each page seen without one is checked again with one. */
async function expectAxeCleanWithScript(browser: Browser, url: string) {
  const context = await browser.newContext({ javaScriptEnabled: true });
  try {
    const checker = await context.newPage();
    await checker.goto(url);
    await expectNoAxeViolations(checker);
  } finally {
    await context.close();
  }
}

test("a parent books two children on a kids' class with no script; the child is required", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const last = unique("Famille");
  const email = emailFor(last);
  const kids = activityId("Samedi", "Boxe éducative du samedi");
  await withTrialSeason(async () => {
    try {
      await page.goto("/disciplines");
      await page
        .locator('section[id="boxe-educative"]')
        .getByRole("link", { name: "Demander un cours d'essai" })
        .click();
      await expect(page).toHaveURL(/\/essai\?pour=enfant$/);
      await expect(page.getByRole("link", { name: /Un enfant/ })).toHaveAttribute(
        "aria-current",
        "true",
      );
      await expect(page.getByRole("heading", { name: "Les autres cours" })).toBeVisible();
      await expectAxeCleanWithScript(browser, page.url());
      await page
        .getByRole("list", { name: "Les cours pour les enfants" })
        .getByRole("link", { name: /Boxe éducative du samedi/ })
        .click();
      await expect(page).toHaveURL(new RegExp(`/essai/${kids}\\?pour=enfant$`));
      const date = await firstSessionDate(page, kids);
      await page.goto(`/essai/${kids}/${date}?pour=enfant`);
      await expect(page.getByRole("group", { name: "L'enfant qui vient essayer" })).toBeVisible();
      await expectAxeCleanWithScript(browser, page.url());

      // The parent alone: refused, in French, with what was typed kept.
      await fillParent(page, last, email);
      await page.getByRole("button", { name: "Réserver ma séance d'essai" }).click();
      await expect(page.getByRole("alert")).toContainText("La réservation n'est pas faite");
      await expect(page.getByLabel("Prénom de l'enfant")).toHaveAccessibleDescription(
        "Indiquez le prénom de l'enfant.",
      );
      await expect(page.getByLabel("Votre nom")).toHaveValue(last);
      expect(bookingsOf(email)).toEqual([]);

      const born = Number(date.slice(0, 4)) - 8;
      await fillChild(page, "Noé", last, born);
      await page.getByRole("button", { name: "Réserver ma séance d'essai" }).click();
      const status = page.getByRole("status");
      await expect(status).toContainText(`La séance d'essai de Noé ${last} est réservée.`);
      await expect(status).toContainText(email);
      await expect(page.getByRole("region", { name: "Où venir ?" })).toContainText("69330");
      await expectAxeCleanWithScript(browser, page.url());

      // The second child, on the same session, from the confirmation's own link.
      await page.getByRole("link", { name: "Réserver pour une autre personne" }).click();
      await page.getByRole("link", { name: /Un enfant/ }).click();
      await page
        .getByRole("list", { name: "Les cours pour les enfants" })
        .getByRole("link", { name: /Boxe éducative du samedi/ })
        .click();
      await page.goto(`/essai/${kids}/${date}?pour=enfant`);
      await fillChild(page, "Jade", last, born + 1);
      await fillParent(page, last, email);
      await page.getByRole("button", { name: "Réserver ma séance d'essai" }).click();
      await expect(page.getByRole("status")).toContainText(
        `La séance d'essai de Jade ${last} est réservée.`,
      );
      expect(bookingsOf(email)).toEqual([
        { status: "booked", session_date: date },
        { status: "booked", session_date: date },
      ]);
      const children = db()
        .prepare(
          "select child_first_name, child_last_name, child_birth_year from trial_bookings where email = ? order by id",
        )
        .all(email);
      expect(children).toEqual([
        { child_first_name: "Noé", child_last_name: last, child_birth_year: born },
        { child_first_name: "Jade", child_last_name: last, child_birth_year: born + 1 },
      ]);
    } finally {
      deleteBookingsOf(email);
    }
  });
});
