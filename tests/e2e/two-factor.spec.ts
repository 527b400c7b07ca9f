import type { Page } from "@playwright/test";
import { hashPassword } from "../../app/domains/volunteers/password.server";
import { totpCode } from "../../app/domains/volunteers/totp.server";
import { hydrated, toast } from "./admin-disciplines-db";
import { db } from "./e2e-data";
import { expect, test } from "./fixtures";
import { expectNoAxeViolations } from "./axe";

/*
 * Two-factor sign-in through the browser (docs/decisions/018-two-factor-sign-in.md): a
 * treasurer (a role that requires it) enrols at first sign-in, signs out, signs in with
 * password then code, then with a recovery code; Mon compte ends another session.
 * Each project has its own volunteer: the e2e admin stays without a second factor for
 * the other specs' form logins.
 */

const PASSWORD = "deux-facteurs-e2e";
// Password hashing: a loaded machine needs more than 5 s.
const slow = { timeout: 15_000 };
let hash: Promise<string> | undefined;

/** A treasurer with PASSWORD, no second factor, no session; returns the username. */
async function freshTreasurer(name: string): Promise<string> {
  hash ??= hashPassword(PASSWORD);
  const now = new Date().toISOString();
  db()
    .prepare(
      `insert into users (username, password_hash, roles, email, created_at, updated_at)
         values (?, ?, 'tresorier', null, ?, ?)
         on conflict (username) do update set password_hash = excluded.password_hash,
           totp_secret = null, totp_enabled_at = null, totp_last_step = null`,
    )
    .run(name, await hash, now, now);
  db()
    .prepare(`delete from sessions where user_id = (select id from users where username = ?)`)
    .run(name);
  db().prepare(`delete from login_attempts where username like '2fa:%' or username = ?`).run(name);
  return name;
}

async function signInWithPassword(page: Page, username: string) {
  await page.goto("/admin/login");
  await page.getByLabel("Nom d'utilisateur ou e-mail").fill(username);
  await page.getByLabel("Mot de passe").fill(PASSWORD);
  await page.getByRole("button", { name: "Se connecter" }).click();
}

async function signOut(page: Page) {
  await page.getByRole("button", { name: "Se déconnecter" }).click();
  await expect(page).toHaveURL(/\/admin\/login\?loggedOut=1$/, slow);
}

test("enrol at first sign-in, then sign in with a code, then with a recovery code", async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  const username = await freshTreasurer(`tresor-2fa-${testInfo.project.name}`);

  await signInWithPassword(page, username);
  await expect(page).toHaveURL(/\/admin\/settings\/account$/, slow);
  await expect(
    page.getByRole("heading", { name: "Activez la double authentification", level: 1 }),
  ).toBeVisible();
  await hydrated(page);
  await page.getByRole("button", { name: "Activer la double authentification" }).click();
  await expect(
    page.getByRole("img", { name: "QR code à scanner avec l'application" }),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  const secret = (await page.getByLabel("Clé à saisir à la main").inputValue()).replace(/ /g, "");
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);

  await page.getByLabel("Code à 6 chiffres").fill("000000");
  await page.getByRole("button", { name: "Activer", exact: true }).click();
  await expect(page.getByLabel("Code à 6 chiffres")).toHaveAccessibleDescription(
    /^Code incorrect : vérifiez l'heure de votre téléphone/,
  );
  await page.getByLabel("Code à 6 chiffres").fill(totpCode(secret));
  await page.getByRole("button", { name: "Activer", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Vos codes de secours" })).toBeVisible();
  const codes = await page
    .getByRole("list", { name: "Codes" })
    .getByRole("listitem")
    .allTextContents();
  expect(codes).toHaveLength(10);
  await expect(page.getByRole("link", { name: "Télécharger" })).toHaveAttribute(
    "download",
    "codes-de-secours.txt",
  );
  await page.getByRole("link", { name: "J'ai noté mes codes" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByRole("heading", { name: "Tableau de bord" })).toBeVisible();
  await signOut(page);

  // The password alone opens nothing: the code's page comes next.
  await signInWithPassword(page, username);
  await expect(page).toHaveURL(/\/admin\/login\/code\?redirectTo=/, slow);
  await expect(page.getByRole("heading", { name: "Double authentification" })).toBeVisible();
  await expectNoAxeViolations(page);
  const field = page.getByLabel("Code à 6 chiffres");
  await expect(field).toHaveAttribute("autocomplete", "one-time-code");
  await expect(field).toHaveAttribute("inputmode", "numeric");
  // The enrolment took this time step's code: the next step's is accepted, once.
  await field.fill(totpCode(secret, new Date(Date.now() + 30_000)));
  await page.getByRole("button", { name: "Valider" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/, slow);
  await signOut(page);

  await signInWithPassword(page, username);
  await expect(page).toHaveURL(/\/admin\/login\/code\?redirectTo=/, slow);
  await page.getByRole("link", { name: "Utiliser un code de secours" }).click();
  await page.getByLabel("Code de secours").fill(codes[0]!.toUpperCase());
  await page.getByRole("button", { name: "Valider" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/, slow);
  await signOut(page);

  // The same recovery code a second time: refused.
  await signInWithPassword(page, username);
  await expect(page).toHaveURL(/\/admin\/login\/code\?redirectTo=/, slow);
  await page.getByRole("link", { name: "Utiliser un code de secours" }).click();
  await page.getByLabel("Code de secours").fill(codes[0]!);
  await page.getByRole("button", { name: "Valider" }).click();
  await expect(page.getByText("Code incorrect ou déjà utilisé")).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/login\/code/);
});

test("Mon compte lists the sessions and ends another one", async ({ page, login }, testInfo) => {
  const username = await freshTreasurer(`sessions-2fa-${testInfo.project.name}`);
  const now = new Date();
  db()
    .prepare(
      `insert into sessions (id, user_id, created_at, last_used_at, expires_at, ip, user_agent)
         select ?, id, ?, ?, ?, '192.0.2.44', ? from users where username = ?`,
    )
    .run(
      `autre-${testInfo.project.name}-${now.getTime()}`,
      now.toISOString(),
      now.toISOString(),
      new Date(now.getTime() + 86_400_000).toISOString(),
      "Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36",
      username,
    );
  await login(username);
  await page.goto("/admin/settings/account");
  await expect(page.getByRole("heading", { name: "Mon compte", level: 1 })).toBeVisible();
  await hydrated(page);
  await expectNoAxeViolations(page);
  const sessions = page.getByRole("list", { name: "Sessions" }).getByRole("listitem");
  await expect(sessions).toHaveCount(2);
  await expect(sessions.filter({ hasText: "Cette session" })).toHaveCount(1);
  const phone = sessions.filter({ hasText: "Chrome sur Android" });
  await expect(phone).toContainText("192.0.2.44");
  await phone.getByRole("button", { name: /^Terminer la session/ }).click();
  await expect(toast(page, "Session terminée")).toBeVisible();
  await expect(sessions).toHaveCount(1);
  await expect(sessions).toContainText("Cette session");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("enrolment, then the code page, are plain forms that work", async ({ page }, testInfo) => {
    test.setTimeout(60_000);
    const username = await freshTreasurer(`sans-js-2fa-${testInfo.project.name}`);
    await signInWithPassword(page, username);
    await expect(page).toHaveURL(/\/admin\/settings\/account$/, slow);
    await page.getByRole("button", { name: "Activer la double authentification" }).click();
    const secret = (await page.getByLabel("Clé à saisir à la main").inputValue()).replace(/ /g, "");
    await page.getByLabel("Code à 6 chiffres").fill(totpCode(secret));
    await page.getByRole("button", { name: "Activer", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Vos codes de secours" })).toBeVisible();
    await page.getByRole("link", { name: "J'ai noté mes codes" }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await signOut(page);

    await signInWithPassword(page, username);
    await expect(page).toHaveURL(/\/admin\/login\/code\?redirectTo=/, slow);
    await page.getByLabel("Code à 6 chiffres").fill("000000");
    await page.getByRole("button", { name: "Valider" }).click();
    await expect(page.getByText("Code incorrect ou déjà utilisé")).toBeVisible();
    await page
      .getByLabel("Code à 6 chiffres")
      .fill(totpCode(secret, new Date(Date.now() + 30_000)));
    await page.getByRole("button", { name: "Valider" }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/, slow);
  });
});
