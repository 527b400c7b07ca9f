import { hydrated, toast } from "./admin-disciplines-db";
import type { Page } from "@playwright/test";
import { withLock } from "./e2e-data";
import { ensureVolunteer, expect, test } from "./fixtures";
import { expectNoAxeViolations } from "./axe";
import { screenshot } from "./screenshots";

/*
 * « Paiement en ligne » (/admin/settings/paiement, card payment): the admin types HelloAsso's
 * slug, client id and secret and saves; the page then says a secret is stored and its
 * source never holds it. A treasurer is refused. Screenshots at 390 and 1280 px.
 */

const SHOTS = "test-results/payment-settings";
const PATH = "/admin/settings/paiement";

test("the admin saves HelloAsso's keys; the secret is kept, never shown again", async ({
  page,
  login,
}) => {
  // One save per run: the two projects share the server's one settings row, and so does
  // helloasso-payment.spec.ts (the lock keeps them apart; the row is left off).
  await withLock("helloasso", () => saveKeys(page, login));
});

async function saveKeys(page: Page, login: () => Promise<unknown>) {
  const secret = `secret-e2e-${Date.now().toString(36)}`;
  await login();
  await page.goto("/admin/settings");
  await hydrated(page);
  await page.getByRole("link", { name: "Paiement en ligne" }).click();
  await expect(page).toHaveURL(PATH);
  await expect(page.getByRole("heading", { level: 1, name: "Paiement en ligne" })).toBeVisible();
  await hydrated(page);
  await expect(page.getByLabel("Adresse de notification à donner à HelloAsso")).toHaveValue(
    /^http:\/\/[^/]+\/api\/helloasso\/notification$/,
  );
  // The e2e server's address is plain http: the screen says HelloAsso could not reach it.
  await expect(page.getByText(/n'est pas publique en https/)).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshot(page, { path: `${SHOTS}/empty-1280.png`, fullPage: true });

  await page.getByLabel("Nom de l'organisation sur HelloAsso").fill("club-de-boxe-e2e");
  await page.getByLabel("Identifiant du client API").fill("client-e2e");
  await page.getByLabel("Secret du client API").fill(secret);
  await page.getByLabel("Test (sandbox)").check();
  await page.getByRole("button", { name: "Enregistrer", exact: true }).click();
  await expect(toast(page, "Paiement en ligne enregistré")).toBeVisible();
  await expect(
    page.getByText("Un secret est enregistré : laissez vide pour le garder."),
  ).toBeVisible();
  await expect(page.getByLabel("Secret du client API")).toHaveValue("");
  await expect(page.getByLabel("Nom de l'organisation sur HelloAsso")).toHaveValue(
    "club-de-boxe-e2e",
  );
  await expect(page.getByText(/Vide : celles de HelloAsso \(4\.233\.135\.234\)/)).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshot(page, { path: `${SHOTS}/saved-1280.png`, fullPage: true });

  // Turning it on without changing the secret keeps it; the page's source never holds it.
  await page.getByLabel("Activer le paiement par carte (HelloAsso)").check();
  await page.getByRole("button", { name: "Enregistrer", exact: true }).click();
  await expect(toast(page, "Paiement en ligne enregistré")).toBeVisible();
  const source = await (await page.request.get(PATH)).text();
  expect(source).toContain("Un secret est enregistré");
  expect(source).not.toContain(secret);
  expect(await page.content()).not.toContain(secret);

  // Off again, for the other specs.
  await page.getByLabel("Activer le paiement par carte (HelloAsso)").uncheck();
  await page.getByRole("button", { name: "Enregistrer", exact: true }).click();
  await expect(toast(page, "Paiement en ligne enregistré")).toBeVisible();
}

test(
  "on a phone: the form reads, refuses a wrong address with its message, loses nothing typed",
  { tag: "@phone" },
  async ({ page, login, isMobile }) => {
    test.skip(!isMobile, "the desktop test above saves");
    await login();
    await page.goto(PATH);
    await hydrated(page);
    await expect(page.getByRole("heading", { level: 1, name: "Paiement en ligne" })).toBeVisible();
    await expectNoAxeViolations(page);
    await screenshot(page, { path: `${SHOTS}/page-390.png`, fullPage: true });

    const allowlist = page.getByLabel("Adresses autorisées pour les notifications");
    await allowlist.fill("pas-une-adresse");
    await page.getByLabel("Identifiant du client API").fill("tape-sur-mobile");
    await page.getByRole("button", { name: "Enregistrer", exact: true }).click();
    await expect(
      page.getByText("« pas-une-adresse » n'est pas une adresse IP (par exemple 51.138.206.200)."),
    ).toBeVisible();
    await expect(allowlist).toHaveValue("pas-une-adresse");
    await expect(page.getByLabel("Identifiant du client API")).toHaveValue("tape-sur-mobile");
    await expect(allowlist).toHaveAttribute("aria-invalid", "true");
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
    await expectNoAxeViolations(page);
    await screenshot(page, { path: `${SHOTS}/refused-390.png`, fullPage: true });
  },
);

test("a treasurer is refused the screen", async ({ page, login }) => {
  ensureVolunteer("tresorier-paiement", "tresorier");
  await login("tresorier-paiement");
  const response = await page.goto(PATH);
  expect(response?.status()).toBe(403);
  await expect(page.getByRole("heading", { level: 1, name: "Accès refusé" })).toBeVisible();
});
