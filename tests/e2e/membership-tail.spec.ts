import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { hashSessionId } from "../../app/core/session-hash";
import { pdfPlainText } from "../pdf-text";
import { png } from "./admin-media-files";
import { hydrated, toast } from "./admin-content-db";
import { db } from "./e2e-data";
import { expect, test } from "./fixtures";
import { withSetting, withSiteLock } from "./site-helpers";
import { axeCheck } from "./axe";
import { screenshot } from "./screenshots";

/*
 * What follows a membership: a paid member's attestation downloads from the back office's URL, the
 * privacy page lists the membership's durations, the legal settings show them read-only.
 * The member is written straight into the e2e database (the seeded season's first tariff).
 */

async function expectNoViolations(page: Page) {
  const results = await axeCheck(page).analyze();
  const summary = results.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`,
  );
  expect(summary).toEqual([]);
}

/** A household with one paid member; returns the registration's id and the member's name. */
function paidMember(): { registrationId: number; name: string } {
  const sqlite = db();
  const stamp = new Date().toISOString();
  const suffix = randomBytes(4).toString("hex");
  const season = sqlite
    .prepare(
      "select id, starts_on from membership_seasons order by starts_on desc, id desc limit 1",
    )
    .get() as { id: number; starts_on: string };
  const tariff = sqlite
    .prepare(
      "select id, club_cents, licence_cents from membership_tariffs where season_id = ? order by position, id limit 1",
    )
    .get(season.id) as { id: number; club_cents: number; licence_cents: number };
  const household = sqlite
    .prepare("insert into households (email, created_at, updated_at) values (?, ?, ?) returning id")
    .get(`e2e-${suffix}@example.org`, stamp, stamp) as { id: number };
  const member = sqlite
    .prepare(
      `insert into members (household_id, first_name, last_name, birth_date, sex, created_at, updated_at)
       values (?, 'Maëlys', ?, '2014-02-09', 'F', ?, ?) returning id`,
    )
    .get(household.id, `Essai${suffix}`, stamp, stamp) as { id: number };
  const file = sqlite
    .prepare(
      `insert into membership_files (season_id, household_id, reference, status, payment_choice, created_at, updated_at, submitted_at, paid_at)
       values (?, ?, ?, 'submitted', 'club', ?, ?, ?, ?) returning id`,
    )
    .get(season.id, household.id, `ADH-E2E-${suffix}`, stamp, stamp, stamp, stamp) as {
    id: number;
  };
  const registration = sqlite
    .prepare(
      `insert into registrations (season_id, file_id, member_id, tariff_id, rank, club_cents, licence_cents, created_at, updated_at)
       values (?, ?, ?, ?, 1, ?, ?, ?, ?) returning id`,
    )
    .get(
      season.id,
      file.id,
      member.id,
      tariff.id,
      tariff.club_cents,
      tariff.licence_cents,
      stamp,
      stamp,
    ) as { id: number };
  const total = tariff.club_cents + tariff.licence_cents;
  const payment = sqlite
    .prepare(
      `insert into membership_payments (file_id, method, amount_cents, status, received_at, created_at, updated_at)
       values (?, 'cash', ?, 'received', ?, ?, ?) returning id`,
    )
    .get(file.id, total, stamp, stamp, stamp) as { id: number };
  sqlite
    .prepare(
      "insert into membership_allocations (payment_id, registration_id, amount_cents) values (?, ?, ?)",
    )
    .run(payment.id, registration.id, total);
  return { registrationId: registration.id, name: `Maëlys Essai${suffix}` };
}

/** A registration's attestation, downloaded as a browser does: its file name and its text. */
async function downloadAttestation(page: Page, registrationId: number) {
  const downloading = page.waitForEvent("download");
  await page.evaluate((href) => {
    const link = document.createElement("a");
    link.href = href;
    document.body.append(link);
    link.click();
  }, `/admin/adhesions/adherents/${registrationId}/attestation.pdf`);
  const download = await downloading;
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return { filename: download.suggestedFilename(), text: pdfPlainText(Buffer.concat(chunks)) };
}

test("the treasurer downloads a paid member's attestation", async ({ page, login }) => {
  await login();
  const { registrationId, name } = paidMember();
  await page.goto("/admin/settings?tab=legal");
  const { filename, text } = await downloadAttestation(page, registrationId);
  expect(filename).toMatch(/^attestation-ADH-E2E-[0-9a-f]{8}-1\.pdf$/);
  expect(text).toContain(name);
  expect(text).toContain("Montant réglé pour cette adhérente");
  expect(text).toContain(`atteste que ${name}, née le 09/02/2014, est adhérente du club`);
  expect(text).toMatch(/Saison \d{4}-\d{4}/);
  // Her page in the back office speaks of her as the attestation does.
  await page.goto(`/admin/adhesions/adherents/${registrationId}`);
  const identity = page.getByRole("region", { name: "Identité" });
  await expect(identity.getByText("Née le", { exact: true })).toBeVisible();
  await expect(identity.getByText("Mineure", { exact: true })).toBeVisible();
  // Nothing paid: nothing to attest.
  expect(
    (await page.request.get("/admin/adhesions/adherents/999999/attestation.pdf")).status(),
  ).toBe(404);
});

test("the admin fills the attestation's identifiers and signatory once, and it prints them", async ({
  page,
  login,
}) => {
  await login();
  const { registrationId } = paidMember();
  // A fresh install has no "legal" row (defaults apply): withSetting needs one to restore.
  db()
    .prepare(
      "insert into site_settings (category, settings, updated_at) values ('legal', '{}', ?) on conflict (category) do nothing",
    )
    .run(new Date().toISOString());
  const row = db().prepare("select settings from site_settings where category = 'legal'").get() as {
    settings: string;
  };
  await withSiteLock("legal-settings", () =>
    withSetting("legal", JSON.parse(row.settings), async () => {
      await page.goto("/admin/settings?tab=legal");
      await hydrated(page);
      await page.getByLabel("Numéro RNA").fill("W691234567");
      await page.getByLabel("Numéro SIRET").fill("123 456 789");
      await page.getByRole("button", { name: "Sauvegarder les paramètres" }).click();
      await expect(
        page.getByText("Le numéro SIRET comporte 14 chiffres (ex. 123 456 789 00012)"),
      ).toBeVisible();
      await page.getByLabel("Numéro SIRET").fill("123 456 789 00012");
      await page.getByLabel("Nom du signataire").fill("Anne-Sophie Lefèvre");
      await page.getByLabel("Qualité du signataire").fill("Trésorière");
      await page.getByLabel("Image de la signature").setInputFiles(await png("signature.png"));
      await expect(page.getByRole("button", { name: "Retirer la signature" })).toBeVisible();
      await page.getByRole("button", { name: "Sauvegarder les paramètres" }).click();
      await expect(toast(page, "Paramètres sauvegardés avec succès")).toBeVisible();

      const { text } = await downloadAttestation(page, registrationId);
      expect(text).toContain("RNA W691234567 · SIRET 123 456 789 00012");
      expect(text).toContain("Anne-Sophie Lefèvre Trésorière");
      // The signature is drawn instead of the room left for a hand.
      expect(text).not.toContain("Signature :");
    }),
  );
});

test("the legal settings show the membership's retention, read-only", async ({ page, login }) => {
  await login();
  await page.goto("/admin/settings?tab=legal");
  const card = page.getByText("Adhésions : conservation des données");
  await expect(card).toBeVisible();
  await expect(page.getByText(/gardés 10 ans après la fin de leur saison/)).toBeVisible();
  await expectNoViolations(page);
  await screenshot(page, {
    path: test.info().outputPath("membership-legal.png"),
    fullPage: true,
  });
});

test("the privacy page lists the membership's purposes, recipients and durations", async ({
  page,
}) => {
  await page.goto("/confidentialite");
  await expect(page.getByRole("heading", { name: "Adhésion au club" })).toBeVisible();
  await expect(page.getByText(/gardés 10 ans après la fin de leur saison/)).toBeVisible();
  await expect(
    page.getByText(/anonymisés après la date de grâce de la saison suivante/),
  ).toBeVisible();
  await expect(page.getByText(/la Fédération Française de Boxe \(FFBoxe\)/)).toBeVisible();
  await expectNoViolations(page);
  await screenshot(page, {
    path: test.info().outputPath("membership-privacy.png"),
    fullPage: true,
  });
});

/** A household and its unsubscribe link's token, straight in the e2e database. */
function optoutToken(): { token: string; householdId: number } {
  const sqlite = db();
  const stamp = new Date().toISOString();
  const token = randomBytes(32).toString("base64url");
  const household = sqlite
    .prepare("insert into households (email, created_at, updated_at) values (?, ?, ?) returning id")
    .get(`optout-${randomBytes(4).toString("hex")}@example.org`, stamp, stamp) as { id: number };
  sqlite
    .prepare(
      `insert into membership_tokens (household_id, purpose, token_hash, created_at, expires_at)
       values (?, 'optout', ?, ?, ?)`,
    )
    .run(
      household.id,
      hashSessionId(token),
      stamp,
      new Date(Date.now() + 86_400_000).toISOString(),
    );
  return { token, householdId: household.id };
}

test("the unsubscribe page is accessible", async ({ page }) => {
  await page.goto(`/adhesion/desabonnement/${optoutToken().token}`);
  await expect(page.getByRole("heading", { name: "Ne plus recevoir ce rappel ?" })).toBeVisible();
  await expectNoViolations(page);
  await screenshot(page, { path: test.info().outputPath("membership-optout.png"), fullPage: true });
});

test.describe("without script", () => {
  test.use({ javaScriptEnabled: false });

  test("the renewal mail's unsubscribe link asks, then stops the mails", async ({ page }) => {
    const { token, householdId } = optoutToken();
    await page.goto(`/adhesion/desabonnement/${token}`);
    await page.getByRole("button", { name: "Oui, ne plus m'écrire" }).click();
    await expect(page.getByRole("status")).toHaveText(
      "C'est noté : vous ne recevrez plus le rappel de renouvellement.",
    );
    const row = db()
      .prepare("select renewal_optout_at from households where id = ?")
      .get(householdId) as { renewal_optout_at: string | null };
    expect(row.renewal_optout_at).not.toBeNull();
    await page.goto("/adhesion/desabonnement/lien-invalide");
    await expect(page.getByRole("alert")).toHaveText("Ce lien n'est pas valable.");
  });
});
