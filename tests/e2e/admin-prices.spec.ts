import type { Page } from "@playwright/test";
import { hydrated, toast, unique } from "./admin-disciplines-db";
import { db, withLock } from "./e2e-data";
import { expect, test } from "./fixtures";
import { expectNoAxeViolations } from "./axe";

/*
 * The Tarifs screen (/admin/tarifs) and what visitors see of it on /tarifs and
 * /tarifs/imprimer. Saving replaces the whole list: the changing tests run on the desktop
 * project only, under a lock of their own, and put the rows back exactly.
 */

type PriceRow = Record<string, unknown>;

function snapshot(): PriceRow[] {
  return db().prepare("select * from prices order by id").all() as PriceRow[];
}

function restore(rows: PriceRow[]): void {
  db().transaction(() => {
    db().prepare("delete from prices").run();
    for (const row of rows) {
      const columns = Object.keys(row);
      db()
        .prepare(
          `insert into prices (${columns.join(", ")}) values (${columns.map((c) => `@${c}`).join(", ")})`,
        )
        .run(row);
    }
  })();
}

const withPrices = (fn: () => Promise<void>) =>
  withLock("prices", async () => {
    const before = snapshot();
    try {
      await fn();
    } finally {
      restore(before);
    }
  });

const cards = (page: Page) => page.getByRole("main").getByRole("listitem");
const card = (page: Page, label: string) =>
  cards(page).filter({ has: page.getByRole("heading", { level: 2, name: label }) });
const saveButton = (page: Page) => page.getByRole("button", { name: "Sauvegarder" });
const SAVED = "Tarifs sauvegardés avec succès";

async function open(page: Page) {
  await page.goto("/admin/tarifs");
  await hydrated(page);
}

/** A price as a visitor sees it on /tarifs: its card under its audience's heading. */
const publicCard = (page: Page, audience: string, label: string) =>
  page
    .getByRole("region", { name: audience })
    .getByRole("article")
    .filter({ has: page.getByRole("heading", { level: 4, name: label }) });

test.beforeEach(async ({ login }) => {
  await login();
});
test.describe.configure({ timeout: 120_000 });

test("the screen lists the prices in the sidebar's Tarifs; no axe violation", async ({ page }) => {
  await page.goto("/admin/dashboard");
  await hydrated(page);
  const nav = page.getByRole("navigation", { name: "Administration" });
  // On a phone the screens are behind the bar's « Menu ».
  if (await nav.isHidden()) await page.getByRole("button", { name: "Menu", exact: true }).click();
  await nav.getByRole("link", { name: "Tarifs" }).click();
  await expect(page).toHaveURL(/\/admin\/tarifs$/);
  await expect(page.getByRole("heading", { level: 1, name: "Tarifs" })).toBeVisible();
  await hydrated(page);
  await expect(saveButton(page)).toBeDisabled();
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Ajouter un tarif" }).click();
  await expect(page.getByText("Vous avez des modifications non sauvegardées")).toBeVisible();
  await expect(cards(page).last().getByLabel("Montant (€)")).toHaveValue("");
  await expectNoAxeViolations(page);
});

test("a volunteer adds a price; visitors see it on /tarifs and the printable page", async ({
  page,
}) => {
  const label = unique("Boxe e2e");
  await withPrices(async () => {
    await open(page);
    await page.getByRole("button", { name: "Ajouter un tarif" }).click();
    await saveButton(page).click();
    await expect(toast(page, "Vérifiez les champs signalés")).toBeVisible();
    const added = cards(page).last();
    await expect(added.getByText("Le libellé est obligatoire")).toBeVisible();
    await expect(added.getByText("Le montant est obligatoire")).toBeVisible();

    await added.getByLabel("Libellé").fill(label);
    const price = card(page, label);
    await price.getByLabel("Public").selectOption({ label: "Juniors" });
    await price.getByLabel("Montant (€)").fill("95,5 €x");
    await saveButton(page).click();
    await expect(
      price.getByText("Montant invalide : écrivez-le en euros, par exemple 180 ou 180,50"),
    ).toBeVisible();
    // What was typed stays.
    await expect(price.getByLabel("Libellé")).toHaveValue(label);
    await price.getByLabel("Montant (€)").fill("95,5");
    await price.getByRole("switch", { name: "Assurance incluse" }).click();
    await price.getByLabel("Note").fill("Réduction famille : 10 € de moins");
    await page.getByRole("button", { name: `Monter « ${label} »` }).click();
    await saveButton(page).click();
    await expect(toast(page, SAVED)).toBeVisible();
    await expect(saveButton(page)).toBeDisabled();

    const stored = db().prepare("select * from prices where label = ?").get(label) as PriceRow;
    expect(stored).toMatchObject({
      audience: "juniors",
      amount_cents: 9550,
      includes_licence: 1,
      includes_insurance: 0,
      notes: "Réduction famille : 10 € de moins",
    });
    await page.reload();
    await hydrated(page);
    await expect(card(page, label).getByLabel("Montant (€)")).toHaveValue("95,50");

    const visitor = await page.context().browser()!.newPage();
    await visitor.goto(new URL("/tarifs", page.url()).toString());
    const shown = publicCard(visitor, "Juniors", label);
    await expect(shown.getByText(/^95,50\s€$/)).toBeVisible();
    await expect(shown.getByText("Licence FFBoxe incluse")).toBeVisible();
    await expect(shown.getByText("Assurance non incluse")).toBeVisible();
    await expect(shown.getByText("Réduction famille : 10 € de moins")).toBeVisible();
    // The prices come before the documents and payment modes.
    const headings = await visitor.getByRole("heading", { level: 2 }).allInnerTexts();
    expect(headings.map((text) => text.toUpperCase()).indexOf("NOS TARIFS")).toBeLessThan(
      headings.map((text) => text.toUpperCase()).indexOf("DOCUMENTS À FOURNIR"),
    );

    await visitor.goto(new URL("/tarifs/imprimer", page.url()).toString());
    const row = visitor.getByRole("row", { name: new RegExp(label) });
    await expect(row.getByRole("cell").nth(0)).toHaveText("Juniors");
    await expect(row.getByRole("cell").nth(1)).toHaveText(
      "Licence FFBoxe incluse, Assurance non incluse",
    );
    await expect(row.getByRole("cell").nth(2)).toHaveText(/^95,50\s€$/);

    // Deleted after a confirmation: gone from the public page once saved.
    await page.getByRole("button", { name: `Supprimer le tarif « ${label} »` }).click();
    await page
      .getByRole("alertdialog", { name: `Supprimer « ${label} » ?` })
      .getByRole("button", { name: "Supprimer" })
      .click();
    await expect(card(page, label)).toHaveCount(0);
    await expect(toast(page, SAVED)).toHaveCount(0, { timeout: 15_000 });
    await saveButton(page).click();
    await expect(toast(page, SAVED)).toBeVisible();
    await visitor.goto(new URL("/tarifs", page.url()).toString());
    await expect(visitor.getByRole("heading", { name: label })).toHaveCount(0);
    await visitor.close();
  });
});

test("without JavaScript the prices button opens the printable page", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/tarifs");
  const button = page.getByRole("link", { name: "Télécharger la liste des tarifs (PDF)" });
  await expect(button).toHaveAttribute("href", "/tarifs/imprimer");
  await expect(button).toHaveAttribute("target", "_blank");
  const popupPromise = context.waitForEvent("page");
  await button.click();
  const popup = await popupPromise;
  await popup.waitForLoadState();
  expect(new URL(popup.url()).pathname).toBe("/tarifs/imprimer");
  await expect(popup.getByRole("heading", { level: 2, name: "Nos tarifs" })).toBeVisible();
  await context.close();
});

test("/tarifs and its printable page have no axe violation", async ({ page }) => {
  await withLock("prices", async () => {
    await page.goto("/tarifs");
    await expect(page.getByRole("heading", { level: 2, name: "Nos tarifs" })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.goto("/tarifs/imprimer");
    await expect(page.getByRole("table")).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
