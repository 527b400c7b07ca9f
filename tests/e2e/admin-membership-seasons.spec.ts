import type { Page } from "@playwright/test";
import { hydrated, toast, unique } from "./admin-disciplines-db";
import { db } from "./e2e-data";
import { ensureVolunteer, expect, test } from "./fixtures";
import { expectNoAxeViolations } from "./axe";
import { screenshot } from "./screenshots";

/*
 * « Saisons et tarifs » and « Bilan et chiffres » of the memberships, at 390 and 1280 px: a season
 * created from the latest one, a tariff with places added, a bad input answered in French
 * with what was typed kept, a coach refused on every URL, axe clean. Each run creates its
 * own season (a unique name) and removes it after.
 */

const created: string[] = [];

test.afterAll(() => {
  for (const label of created) {
    const season = db().prepare("select id from membership_seasons where label = ?").get(label) as
      { id: number } | undefined;
    if (!season) continue;
    db().prepare("delete from membership_tariffs where season_id = ?").run(season.id);
    db().prepare("delete from membership_discounts where season_id = ?").run(season.id);
    db().prepare("delete from membership_seasons where id = ?").run(season.id);
  }
});

test.describe.configure({ timeout: 120_000 });

async function openSeasons(page: Page) {
  await page.goto("/admin/adhesions/saisons");
  await hydrated(page);
  await expect(page.getByRole("heading", { level: 1, name: "Saisons et tarifs" })).toBeVisible();
}

test(
  "a treasurer creates a season, adds a tariff with places, and a bad input keeps what was typed",
  { tag: "@phone" },
  async ({ page, login }) => {
    await login();
    await openSeasons(page);
    await expect(page.getByRole("navigation", { name: "Adhésions" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Saisons et tarifs" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expectNoAxeViolations(page);

    const label = unique("Saison e2e");
    created.push(label);
    const form = page.getByRole("region", { name: "Nouvelle saison" });
    await form.getByLabel("Nom de la saison").fill(label);
    await form.getByRole("button", { name: "Créer la saison" }).click();
    await expect(page).toHaveURL(/\/admin\/adhesions\/saisons\/\d+\?nouvelle=1$/);
    await expect(page.getByRole("heading", { level: 1, name: `Saison ${label}` })).toBeVisible();
    await expect(page.getByRole("status").getByText(/Saison créée/)).toBeVisible();
    // The latest season's tariffs were copied.
    await expect(
      page.getByRole("heading", { level: 2, name: /^Tarifs \([1-9]\d*\)$/ }),
    ).toBeVisible();
    await hydrated(page);

    const tariffs = page.getByRole("region", { name: /^Tarifs/ });
    await tariffs.getByText("Ajouter un tarif", { exact: true }).click();
    const add = tariffs.locator("details").last();
    const tariff = unique("Cardio du soir");
    await add.getByLabel("Nom du tarif").fill(tariff);
    await add.getByLabel("Pratique").selectOption("cardio");
    await add.getByLabel("Part du club (€)").fill("95");
    await add.getByLabel("Places").fill("12");
    await add.getByRole("button", { name: "Ajouter le tarif" }).click();
    await expect(toast(page, "Tarif ajouté.")).toBeVisible();
    const card = tariffs
      .getByRole("listitem")
      .filter({ has: page.getByRole("heading", { level: 3, name: tariff }) });
    await expect(card.getByText("0 inscrit / 12 places")).toBeVisible();

    // A bad input: French messages, nothing typed lost.
    await tariffs.getByText("Ajouter un tarif", { exact: true }).click();
    const again = tariffs.locator("details").last();
    await again.getByLabel("Nom du tarif").fill("Tarif mal saisi");
    await again.getByLabel("Pratique").selectOption("loisir");
    await again.getByLabel("Né(e) de l'année").fill("2015");
    await again.getByLabel("à l'année").fill("2010");
    await again.getByLabel("Part du club (€)").fill("12,345");
    await again.getByRole("button", { name: "Ajouter le tarif" }).click();
    await expect(
      again.getByText("L'année « de » doit être inférieure ou égale à l'année « à »."),
    ).toBeVisible();
    await expect(again.getByText(/Indiquez un montant en euros/)).toBeVisible();
    await expect(again.getByLabel("Nom du tarif")).toHaveValue("Tarif mal saisi");
    await expect(again.getByLabel("Part du club (€)")).toHaveValue("12,345");
    await expect(again.getByLabel("Part du club (€)")).toHaveAttribute("aria-invalid", "true");
    await expectNoAxeViolations(page);
    await screenshot(page, {
      path: `test-results/membership-season-${test.info().project.name}.png`,
      fullPage: true,
    });

    // A tariff's form opens by address, one at a time.
    await card.getByRole("link", { name: `Modifier « ${tariff} »` }).click();
    await expect(page).toHaveURL(/\?tarif=\d+$/);
    await card.getByLabel("Places").fill("8");
    await card.getByRole("button", { name: "Enregistrer le tarif" }).click();
    await expect(toast(page, "Tarif enregistré.")).toBeVisible();
    await expect(card.getByText("0 inscrit / 8 places")).toBeVisible();

    // Deleting the new tariff asks first (the kit's dialog).
    await card.getByRole("button", { name: "Supprimer le tarif" }).click();
    const dialog = page.getByRole("alertdialog");
    await expect(dialog).toContainText(`Supprimer le tarif « ${tariff} » ?`);
    await dialog.getByRole("button", { name: "Supprimer" }).click();
    await expect(toast(page, "Tarif supprimé.")).toBeVisible();
    await expect(card).toHaveCount(0);
  },
);

test(
  "Bilan et chiffres shows the season's tables and its CSV; axe clean",
  { tag: "@phone" },
  async ({ page, login }) => {
    await login();
    await page.goto("/admin/adhesions/bilan");
    await hydrated(page);
    await expect(page.getByRole("heading", { level: 1, name: "Bilan et chiffres" })).toBeVisible();
    await expect(
      page.getByRole("table", { name: "Par tranche d'âge (au début de la saison)" }),
    ).toBeVisible();
    await expect(page.getByRole("link", { name: "Télécharger (CSV)" })).toBeVisible();
    await expectNoAxeViolations(page);
    await screenshot(page, {
      path: `test-results/membership-figures-${test.info().project.name}.png`,
      fullPage: true,
    });
    const href = await page.getByRole("link", { name: "Télécharger (CSV)" }).getAttribute("href");
    const answer = await page.request.get(href!);
    expect(answer.status()).toBe(200);
    const text = await answer.text();
    expect(text.charCodeAt(0)).toBe(0xfeff);
    expect(text).toContain("Rubrique;Ligne;Femmes;Hommes;Total");
  },
);

test("a coach gets 403 on every seasons, figures and export URL", async ({
  page,
  login,
  baseURL,
}) => {
  ensureVolunteer("coach-saisons-e2e", "coach");
  await login("coach-saisons-e2e");
  const season = db().prepare("select id from membership_seasons order by id limit 1").get() as {
    id: number;
  };
  for (const path of [
    "/admin/adhesions/saisons",
    `/admin/adhesions/saisons/${season.id}`,
    "/admin/adhesions/bilan",
    `/admin/adhesions/export/federation?saison=${season.id}`,
    `/admin/adhesions/export/payments?saison=${season.id}`,
  ]) {
    const answer = await page.request.get(path, { maxRedirects: 0 });
    expect(answer.status(), path).toBe(403);
  }
  const posted = await page.request.post(`/admin/adhesions/saisons/${season.id}`, {
    form: { intent: "delete-tariff", id: "1" },
    headers: { Origin: baseURL! },
    maxRedirects: 0,
  });
  expect(posted.status()).toBe(403);
});
