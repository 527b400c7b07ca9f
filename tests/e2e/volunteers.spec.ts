import type { Browser, Page } from "@playwright/test";
import { hashPassword } from "../../app/domains/volunteers/password.server";
import { hydrated, toast } from "./admin-disciplines-db";
import { db } from "./e2e-data";
import { expect, test } from "./fixtures";
import { mimeParts, outboxMailsTo } from "./trial-e2e";
import { expectNoAxeViolations } from "./axe";

/*
 * The volunteers' accounts as people meet them: an admin invites a coach from Bénévoles,
 * the coach opens the mail's link (read from the e2e server's outbox), chooses a password,
 * lands in the back office and sees only their screens; the admin deactivates them and
 * their session ends. "Mot de passe oublié" mails a link that works once. axe on the
 * three pages.
 */

/** A name unique to this run and project (both projects share the server). */
function uniqueName(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
}

/** The path of the one link of this kind in the mails to `email`, once written. */
async function mailedPath(email: string, kind: "invitation" | "reinitialiser"): Promise<string> {
  await expect.poll(() => outboxMailsTo(email).length, { timeout: 15_000 }).toBe(1);
  const text = mimeParts(outboxMailsTo(email)[0]!)
    .map((part) => part.body)
    .join("\n");
  const link = new RegExp(`https?://[^/\\s]+(/admin/${kind}/[A-Za-z0-9_-]{43})`).exec(text);
  expect(link, text).not.toBeNull();
  return link![1]!;
}

function removeUser(username: string) {
  for (const table of ["sessions", "user_tokens"]) {
    db()
      .prepare(`delete from ${table} where user_id in (select id from users where username = ?)`)
      .run(username);
  }
  db().prepare("delete from activity_log where username = ?").run(username);
  db().prepare("delete from users where username = ?").run(username);
}

/** A page in a browser of its own (another person, another cookie jar). */
async function otherPerson(browser: Browser, baseURL: string, page: Page) {
  const context = await browser.newContext({
    baseURL,
    viewport: page.viewportSize(),
    locale: "fr-FR",
    timezoneId: "Europe/Paris",
  });
  return { context, page: await context.newPage() };
}

test.describe("volunteers", () => {
  test("an admin invites a coach, who joins and sees only their screens; deactivated, they are out", async ({
    page,
    login,
    browser,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const username = uniqueName("coach");
    const email = `${username}@example.fr`;
    try {
      await login();
      await page.goto("/admin/benevoles");
      await hydrated(page);
      await expect(page.getByRole("heading", { level: 1, name: "Bénévoles" })).toBeVisible();
      await expectNoAxeViolations(page);

      // Nothing typed is lost on a refusal.
      await page.getByLabel("Nom d'utilisateur").fill(username);
      await page.getByLabel("Adresse e-mail").fill(email);
      await page.getByRole("button", { name: "Inviter" }).click();
      await expect(page.getByText("Choisissez au moins un rôle")).toBeVisible();
      await expect(page.getByLabel("Nom d'utilisateur")).toHaveValue(username);

      const invite = page.getByRole("group", { name: "Rôles", exact: true });
      await invite.getByRole("checkbox", { name: /^Coach/ }).check();
      await page.getByRole("button", { name: "Inviter" }).click();
      await expect(toast(page, `Invitation envoyée à ${email}`)).toBeVisible();
      const card = page.getByRole("listitem", { name: username });
      await expect(card.getByText(/^Invitation envoyée le .*, expire le /)).toBeVisible();

      // The coach, in their own browser, opens the mail's link.
      const link = await mailedPath(email, "invitation");
      const coach = await otherPerson(browser, baseURL!, page);
      try {
        await coach.page.goto(link);
        await expect(coach.page.getByRole("heading", { name: "Bienvenue" })).toBeVisible();
        await expect(coach.page.getByText(`Votre compte « ${username} » est prêt`)).toBeVisible();
        await expectNoAxeViolations(coach.page);
        await coach.page.getByLabel("Nouveau mot de passe").fill("gants-rouges-42");
        await coach.page.getByLabel("Confirmer le mot de passe").fill("gants-rouges-42");
        await coach.page.getByRole("button", { name: "Choisir ce mot de passe" }).click();
        await expect(coach.page).toHaveURL(/\/admin\/dashboard$/);
        await hydrated(coach.page);
        const menuButton = coach.page.getByRole("button", { name: "Menu", exact: true });
        if (await menuButton.isVisible()) await menuButton.click();
        const nav = coach.page.getByRole("navigation", { name: "Administration" }).filter({
          visible: true,
        });
        await expect(nav.getByRole("link")).toHaveText([
          "Tableau de bord",
          "Messages",
          "Essais",
          "Planning",
          "Corbeille",
          "Journal",
        ]);
        await expect(coach.page.getByRole("link", { name: "Mon compte" }).first()).toBeAttached();

        // The same link does not open twice.
        await coach.page.goto(link);
        await expect(coach.page.getByText(/Ce lien d'invitation n'est plus valable/)).toBeVisible();

        // The admin sees them active, then deactivates them behind a confirmation.
        await page.reload();
        await hydrated(page);
        await expect(card.getByText("Actif", { exact: true })).toBeVisible();
        await card.getByRole("button", { name: `Désactiver ${username}` }).click();
        const dialog = page.getByRole("alertdialog", {
          name: `Désactiver le compte de ${username} ?`,
        });
        await dialog.getByRole("button", { name: "Désactiver" }).click();
        await expect(toast(page, "Compte désactivé : ses sessions sont fermées")).toBeVisible();
        await expect(card.getByText(/^Désactivé le /)).toBeVisible();

        // The coach's next page is the login.
        await coach.page.goto("/admin/schedule");
        await expect(coach.page).toHaveURL(/\/admin\/login/);
      } finally {
        await coach.context.close();
      }
    } finally {
      removeUser(username);
    }
  });

  test("a forgotten password: the same answer, a mailed link that works once, then sign in", async ({
    page,
  }) => {
    test.setTimeout(60_000);
    const username = uniqueName("redac");
    const email = `${username}@example.fr`;
    const now = new Date().toISOString();
    db()
      .prepare(
        `insert into users (username, password_hash, roles, email, created_at, updated_at)
           values (?, ?, 'redaction', ?, ?, ?)`,
      )
      .run(username, await hashPassword("ancien-secret"), email, now, now);
    try {
      await page.goto("/admin/mot-de-passe-oublie");
      await expect(page.getByRole("heading", { name: "Mot de passe oublié" })).toBeVisible();
      await expectNoAxeViolations(page);
      await page.getByLabel("Adresse e-mail").fill(email);
      await page.getByRole("button", { name: "Recevoir le lien" }).click();
      await expect(
        page.getByText(
          /^Si un compte correspond à cette adresse, un e-mail vient de lui être envoyé/,
        ),
      ).toBeVisible();

      await page.goto(await mailedPath(email, "reinitialiser"));
      const resetUrl = page.url();
      await expect(
        page.getByText(`Choisissez le nouveau mot de passe du compte « ${username} »`),
      ).toBeVisible();
      await page.getByLabel("Nouveau mot de passe").fill("nouveau-secret-7");
      await page.getByLabel("Confirmer le mot de passe").fill("nouveau-secret-7");
      await page.getByRole("button", { name: "Enregistrer le mot de passe" }).click();
      await expect(page.getByText(/^Mot de passe modifié/)).toBeVisible();

      await page.goto(resetUrl);
      await expect(page.getByText(/Ce lien de réinitialisation n'est plus valable/)).toBeVisible();

      await page.goto("/admin/login");
      await page.getByLabel("Nom d'utilisateur").fill(username);
      await page.getByLabel("Mot de passe").fill("nouveau-secret-7");
      await page.getByRole("button", { name: "Se connecter" }).click();
      await expect(page).toHaveURL(/\/admin\/dashboard$/);
    } finally {
      removeUser(username);
    }
  });
});
