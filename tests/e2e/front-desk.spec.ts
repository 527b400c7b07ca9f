import fs from "node:fs";
import path from "node:path";
import { expect, test } from "./fixtures";
import { hydrated, toast, unique } from "./admin-disciplines-db";
import { dataDir } from "./e2e-data";
import { db, getSetting, withSetting, withSiteLock } from "./site-helpers";
import { expectNoAxeViolations } from "./axe";

/*
 * The front desk: /contact's form reaches the admin's Messages screen and the outbox
 * (.eml files, the e2e server has no SMTP_URL; delivery by SMTP and through an outage is
 * tested in app/mail/outbox.server.test.ts against a real SMTP server), bad input keeps
 * what was typed, and the legal pages show the settings.
 */

const outboxFiles = () => {
  const dir = path.join(dataDir(), "outbox");
  return fs.existsSync(dir) ? fs.readdirSync(dir).map((name) => path.join(dir, name)) : [];
};

test(
  "a visitor's message reaches Messages unread, is read and archived; both mails are written",
  { tag: "@phone" },
  async ({ page, login }, testInfo) => {
    const foreign: string[] = [];
    page.on("request", (request) => {
      const host = new URL(request.url()).hostname;
      if (host !== "127.0.0.1") foreign.push(request.url());
    });
    const name = unique("Camille");
    const email = `${name.toLowerCase().replace(/[^a-z0-9]/g, "")}@example.fr`;
    await page.goto("/contact");
    await page.getByLabel("Nom et prénom").fill(name);
    await page.getByLabel("E-mail").fill(email);
    await page.getByLabel("Sujet").selectOption("Séance d'essai");
    await page
      .getByLabel("Message")
      .fill("Bonjour, je voudrais essayer un cours de boxe le mardi.");
    await page.getByRole("button", { name: "Envoyer le message" }).click();
    await expect(page.getByRole("status")).toContainText("Merci, votre message a bien été envoyé.");
    expect(foreign).toEqual([]);

    // The club's notification and the sender's acknowledgement, as .eml files.
    await expect
      .poll(
        () => outboxFiles().filter((file) => fs.readFileSync(file, "utf8").includes(email)).length,
      )
      .toBe(2);
    const texts = outboxFiles()
      .map((file) => fs.readFileSync(file, "utf8"))
      .filter((t) => t.includes(email));
    const clubEmail =
      getSetting<{ email?: string }>("general").email ?? "contact@boxingclub-meyzieu.fr";
    expect(texts.some((t) => new RegExp(`^To: ${clubEmail}$`, "m").test(t))).toBe(true);
    expect(texts.some((t) => new RegExp(`^To: ${email}$`, "m").test(t))).toBe(true);

    await login();
    await page.goto("/admin/dashboard");
    const card = page
      .getByRole("listitem")
      .filter({ has: page.getByRole("heading", { name: "Messages", exact: true }) });
    await expect(card.getByText(/^\d+$/)).not.toHaveText("0");
    // Searched: other specs add unread messages meanwhile, listed first, that could push this
    // one to the second page once read.
    await page.goto(`/admin/messages?q=${encodeURIComponent(name)}`);
    await hydrated(page);
    await expectNoAxeViolations(page);
    const row = page
      .getByRole("list", { name: "Messages" })
      .getByRole("link", { name: new RegExp(`Non lu : ${name}`) });
    await expect(row).toBeVisible();
    await row.click();
    const opened = page.getByRole("article");
    await expect(opened.getByRole("heading", { name: "Séance d'essai" })).toBeVisible();
    await expect(opened.getByRole("link", { name: "Répondre avec ma messagerie" })).toHaveAttribute(
      "href",
      `mailto:${email}?subject=${encodeURIComponent("Re: Séance d'essai")}`,
    );
    // Opened, it is read: the list says so once reloaded (on a phone the opened message
    // replaces the list, and a link leads back to it).
    const phone = testInfo.project.name === "mobile";
    if (phone) await page.getByRole("link", { name: "Retour aux messages" }).click();
    const readRow = page
      .getByRole("list", { name: "Messages" })
      .getByRole("link", { name: new RegExp(`^${name}`) });
    await expect(readRow).toBeVisible();
    if (phone) await readRow.click();
    await opened.getByRole("button", { name: "Archiver" }).click();
    await expect(toast(page, "Message archivé")).toBeVisible();
    await page.getByRole("link", { name: "Archives" }).click();
    await expect(page.getByRole("list", { name: "Messages" }).getByText(name)).toBeVisible();

    await page.goto("/admin/messages?dossier=envoyes");
    const sent = page
      .getByRole("list", { name: "E-mails envoyés" })
      .getByRole("listitem")
      .filter({ hasText: email });
    await expect(sent.first()).toContainText("Envoyé");
  },
);

// Apart from the message's journey, which checks what it sends rather than the page.
test("the contact page passes axe", { tag: "@phone" }, async ({ page }) => {
  await page.goto("/contact");
  await expectNoAxeViolations(page);
});

test("bot-like submissions land in Spam, mail nobody, and can be recovered", async ({
  page,
  login,
  request,
}) => {
  const name = unique("Robot");
  const email = `${name.toLowerCase().replace(/[^a-z0-9]/g, "")}@example.com`;
  // Instant, honeypot filled, many links: a script posting the form as it found it.
  await page.goto("/contact");
  const stamp = await page.locator("input[name=jeton]").inputValue();
  const answer = await request.post("/contact", {
    headers: { Origin: new URL(page.url()).origin },
    form: {
      jeton: stamp,
      site_web: "https://promo.example",
      name,
      email,
      subject: "Autre",
      message: "Promo https://a.example https://b.example https://c.example",
    },
    maxRedirects: 0,
  });
  expect(answer.status()).toBe(302);
  await expect
    .poll(() => outboxFiles().some((f) => fs.readFileSync(f, "utf8").includes(email)))
    .toBe(false);

  await login();
  await page.goto("/admin/messages");
  await expect(page.getByRole("list", { name: "Messages" }).getByText(name)).toHaveCount(0);
  await page.getByRole("link", { name: "Spam" }).click();
  await hydrated(page);
  await page
    .getByRole("list", { name: "Messages" })
    .getByRole("link", { name: new RegExp(name) })
    .click();
  await expect(page.getByRole("article")).toContainText("Champ caché rempli (robot)");
  await page.getByRole("button", { name: "Ce n'est pas un spam" }).click();
  await expect(toast(page, /ce n'est pas un spam/)).toBeVisible();
  await page.getByRole("link", { name: /Boîte de réception/ }).click();
  await expect(page.getByRole("list", { name: "Messages" }).getByText(name)).toBeVisible();
});

test(
  "bad input gets French errors under the fields, focus on the first, nothing lost",
  { tag: "@phone" },
  async ({ page }) => {
    await page.goto("/contact");
    await page.getByLabel("Nom et prénom").fill("Léa");
    await page.getByLabel("E-mail").fill("lea-at-example");
    await page.getByLabel("Téléphone").fill("06 11 22 33 44");
    await page.getByLabel("Message").fill("Court");
    await page.getByRole("button", { name: "Envoyer le message" }).click();
    await expect(page.getByRole("alert")).toContainText("Le message n'est pas parti");
    const emailField = page.getByLabel("E-mail");
    await expect(emailField).toHaveAccessibleDescription(/n'est pas valide/);
    await expect(emailField).toBeFocused();
    await expect(page.getByLabel("Message")).toHaveAccessibleDescription(/trop court/);
    await expect(emailField).toHaveValue("lea-at-example");
    await expect(page.getByLabel("Nom et prénom")).toHaveValue("Léa");
    await expect(page.getByLabel("Téléphone")).toHaveValue("06 11 22 33 44");
    await expect(page.getByLabel("Message")).toHaveValue("Court");
    await expectNoAxeViolations(page);
  },
);

test(
  "the legal pages show what Informations légales holds, and the footer links them",
  { tag: "@phone" },
  async ({ page }) => {
    const legal = {
      associationName: "Boxing Club de Meyzieu (test)",
      seat: "12 rue du Ring, 69330 Meyzieu",
      rnaNumber: "W691234567",
      president: "Jeanne Uppercut",
      hostName: "Hébergeur Exemple SAS",
      hostAddress: "1 place du Serveur, 75000 Paris",
      federation: "Fédération Française de Boxe",
      messageRetentionMonths: 9,
    };
    // A fresh install has no "legal" row (defaults apply): withSetting needs one to restore.
    db()
      .prepare(
        "insert into site_settings (category, settings, updated_at) values ('legal', '{}', ?) on conflict (category) do nothing",
      )
      .run(new Date().toISOString());
    await withSiteLock("legal-settings", () =>
      withSetting("legal", legal, async () => {
        await page.goto("/");
        await page.getByRole("contentinfo").getByRole("link", { name: "Mentions légales" }).click();
        await expect(page).toHaveURL(/\/mentions-legales$/);
        for (const value of [
          legal.associationName,
          legal.seat,
          legal.rnaNumber,
          legal.president,
          legal.hostName,
          legal.hostAddress,
          legal.federation,
        ]) {
          await expect(page.getByRole("main")).toContainText(value);
        }
        await expectNoAxeViolations(page);
        await page.getByRole("contentinfo").getByRole("link", { name: "Confidentialité" }).click();
        await expect(page).toHaveURL(/\/confidentialite$/);
        await expect(page.getByRole("main")).toContainText("Conservés 9 mois");
        await expect(page.getByRole("main")).toContainText(legal.president);
        await expectNoAxeViolations(page);
      }),
    );
  },
);
