import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { insertMessage } from "./admin-lists-db";
import { hydrated, toast, unique } from "./admin-disciplines-db";
import { dataDir } from "./e2e-data";
import { db, getSetting } from "./site-helpers";
import { expectNoAxeViolations } from "./axe";

/*
 * Messages › Répondre: a visitor's message answered from the back office, through the
 * outbox (.eml files: the e2e server has no SMTP_URL), shown as answered with its thread;
 * a sent e-mail opened. At 390 px (mobile project) the list and the opened item come one
 * at a time; at 1280 px side by side, with a note while nothing is opened.
 */

const outboxTexts = () => {
  const dir = path.join(dataDir(), "outbox");
  return fs.existsSync(dir)
    ? fs.readdirSync(dir).map((name) => fs.readFileSync(path.join(dir, name), "utf8"))
    : [];
};

/** An .eml's text with its quoted-printable body decoded (headers stay as written). */
const decoded = (eml: string) =>
  Buffer.from(
    eml
      .replace(/=\r?\n/g, "")
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    "latin1",
  ).toString("utf8");

const messageList = (page: Page) => page.getByRole("list", { name: "Messages" });

test(
  "a visitor's message is answered from Messages: the mail leaves with the club's Reply-To, the message shows « Répondu le » and its thread, the sent e-mail opens",
  { tag: "@phone" },
  async ({ page, login }, testInfo) => {
    const phone = testInfo.project.name === "mobile";
    const name = unique("Inès");
    const email = `${name.toLowerCase().replace(/[^a-z0-9]/g, "")}@example.fr`;
    await page.goto("/contact");
    await page.getByLabel("Nom et prénom").fill(name);
    await page.getByLabel("E-mail").fill(email);
    await page.getByLabel("Sujet").selectOption("Renseignements");
    await page
      .getByLabel("Message")
      .fill("Bonjour, à partir de quel âge les enfants peuvent-ils venir ?");
    await page.getByRole("button", { name: "Envoyer le message" }).click();
    await expect(page.getByRole("status")).toContainText("Merci, votre message a bien été envoyé.");

    await login();
    await page.goto(`/admin/messages?q=${encodeURIComponent(name)}`);
    await hydrated(page);
    const placeholder = page.getByText("Sélectionnez un message pour le lire");
    if (phone) await expect(placeholder).toBeHidden();
    else await expect(placeholder).toBeVisible();

    await messageList(page)
      .getByRole("link", { name: new RegExp(name) })
      .click();
    const opened = page.getByRole("article");
    await expect(opened.getByRole("heading", { name: "Renseignements" })).toBeVisible();
    await expect(placeholder).toBeHidden();
    // On a phone the opened message replaces the list; a link leads back.
    if (phone) await expect(messageList(page)).toBeHidden();
    else await expect(messageList(page)).toBeVisible();
    await expect(opened.getByRole("link", { name: "Répondre avec ma messagerie" })).toHaveAttribute(
      "href",
      `mailto:${email}?subject=${encodeURIComponent("Re: Renseignements")}`,
    );

    await opened.getByRole("button", { name: "Répondre", exact: true }).click();
    const form = opened.getByRole("region", { name: `Répondre à ${name}` });
    const body = form.getByLabel("Votre réponse");
    await expect(body).toBeFocused();
    await expect(form.getByLabel("Objet")).toHaveValue("Re: Renseignements");
    await expectNoAxeViolations(page);

    // Sent empty: a French message under the field, the subject typed kept.
    await form.getByLabel("Objet").fill("Re: Renseignements (âge)");
    await form.getByRole("button", { name: "Envoyer la réponse" }).click();
    await expect(form.getByText("Écrivez votre réponse avant de l'envoyer.")).toBeVisible();
    await expect(body).toBeFocused();
    await expect(form.getByLabel("Objet")).toHaveValue("Re: Renseignements (âge)");
    await expectNoAxeViolations(page);

    const reply = `Bonjour ${name},\nles enfants sont accueillis dès 6 ans, le mercredi à 14h.`;
    await body.fill(reply);
    await form.getByRole("button", { name: "Envoyer la réponse" }).click();
    await expect(toast(page, `Réponse en cours d'envoi à ${email}`)).toBeVisible();
    await expect(form).toBeHidden();

    // The thread: the reply under the message, its mail sent (an .eml file here).
    const thread = opened.getByRole("region", { name: "Réponse envoyée" });
    await expect(thread).toContainText("les enfants sont accueillis dès 6 ans");
    await expect(opened.getByText(/^Répondu le /)).toBeVisible();
    const replyMails = () =>
      outboxTexts().filter((eml) => decoded(eml).includes("les enfants sont accueillis dès 6 ans"));
    await expect.poll(() => replyMails().filter((eml) => eml.includes(email)).length).toBe(1);
    const eml = replyMails().find((text) => text.includes(email))!;
    const clubEmail =
      getSetting<{ email?: string }>("general").email ?? "contact@boxingclub-meyzieu.fr";
    expect(eml).toMatch(new RegExp(`^To: ${email}$`, "m"));
    expect(eml).toMatch(new RegExp(`^Reply-To: ${clubEmail.replace(/[.]/g, "\\.")}$`, "m"));
    expect(eml).toMatch(/^From: \S+@\S+$/m);
    // "Re: Renseignements (âge)", as nodemailer encodes a subject with accents.
    expect(eml).toMatch(/^Subject: =\?UTF-8\?Q\?Re=3A_Renseignements_=28=C3=A2ge=29\?=$/m);
    expect(decoded(eml)).toContain(`${name} a écrit :`);
    await page.reload();
    await hydrated(page);
    await expect(opened.getByRole("region", { name: "Réponse envoyée" })).toContainText("Envoyé");

    // The row says it was answered.
    if (phone) await page.getByRole("link", { name: "Retour aux messages" }).click();
    await expect(messageList(page).getByRole("link", { name: new RegExp(name) })).toContainText(
      /Répondu le \d/,
    );

    // The reply's mail opens in "E-mails envoyés": recipient, state and text.
    if (phone)
      await messageList(page)
        .getByRole("link", { name: new RegExp(name) })
        .click();
    await opened.getByRole("link", { name: "Voir l'e-mail" }).click();
    const mail = page.getByRole("article");
    await expect(mail.getByRole("heading", { name: "Re: Renseignements (âge)" })).toBeVisible();
    await expect(mail).toContainText(`Destinataire${email}`);
    await expect(mail).toContainText(`Réponses à${clubEmail}`);
    await expect(mail).toContainText("Envoyé");
    await expect(mail.locator("pre")).toContainText("les enfants sont accueillis dès 6 ans");
    await expect(mail.locator("pre")).toContainText(`${name} a écrit :`);
    await expectNoAxeViolations(page);
  },
);

test(
  "a sent e-mail opens from the list of « E-mails envoyés »; nothing opened shows a note on a wide screen",
  { tag: "@phone" },
  async ({ page, login }, testInfo) => {
    const phone = testInfo.project.name === "mobile";
    const subject = unique("Essai d'envoi");
    const stamp = new Date().toISOString();
    const id = Number(
      db()
        .prepare(
          `insert into mail_outbox (to_address, reply_to, subject, body_text, state, attempts, next_attempt_at, last_error, sent_at, created_at, updated_at)
         values ('parent@example.fr', '', ?, ?, 'failed', 8, ?, 'Connexion refusée par le serveur', null, ?, ?)`,
        )
        .run(subject, "<b>Bonjour</b>\nLe texte brut du mail.", stamp, stamp, stamp)
        .lastInsertRowid,
    );
    try {
      await login();
      await page.goto(`/admin/messages?dossier=envoyes&q=${encodeURIComponent(subject)}`);
      await hydrated(page);
      const note = page.getByText("Sélectionnez un e-mail pour voir son texte et son état");
      if (phone) await expect(note).toBeHidden();
      else await expect(note).toBeVisible();
      await page
        .getByRole("list", { name: "E-mails envoyés" })
        .getByRole("link", { name: new RegExp(subject) })
        .click();
      const mail = page.getByRole("article");
      await expect(mail.getByRole("heading", { name: subject })).toBeVisible();
      await expect(mail).toContainText("Destinataireparent@example.fr");
      await expect(mail).toContainText("Échec");
      await expect(mail).toContainText("RaisonConnexion refusée par le serveur");
      // Shown as text: the tag is read, never rendered.
      await expect(mail.locator("pre")).toContainText("<b>Bonjour</b>");
      await expect(mail.locator("b")).toHaveCount(0);
      await expectNoAxeViolations(page);
      await mail.getByRole("button", { name: "Réessayer" }).click();
      await expect(toast(page, "E-mail remis dans la file d'envoi")).toBeVisible();
      if (phone) {
        await page.getByRole("link", { name: "Retour aux e-mails envoyés" }).click();
        await expect(page.getByRole("list", { name: "E-mails envoyés" })).toBeVisible();
      }
    } finally {
      db().prepare("delete from mail_outbox where id = ?").run(id);
    }
  },
);

test(
  "a reply being written is kept while another message is read",
  { tag: "@phone" },
  async ({ page, login }, testInfo) => {
    const phone = testInfo.project.name === "mobile";
    const first = unique("Brouillon A");
    const second = unique("Brouillon B");
    const createdAt = new Date().toISOString();
    const ids = [first, second].map((name) =>
      insertMessage({
        name,
        email: "brouillon@example.fr",
        subject: `Sujet ${name}`,
        message: `Message de ${name}`,
        folder: "inbox",
        createdAt,
        read: false,
      }),
    );
    const open = async (name: string) => {
      if (phone && (await page.getByRole("link", { name: "Retour aux messages" }).isVisible())) {
        await page.getByRole("link", { name: "Retour aux messages" }).click();
      }
      await messageList(page)
        .getByRole("link", { name: new RegExp(name) })
        .click();
      await expect(page.getByRole("heading", { name: `Sujet ${name}` })).toBeVisible();
    };
    try {
      await login();
      await page.goto(`/admin/messages?q=${encodeURIComponent(first.split(" ")[0]!)}`);
      await hydrated(page);
      await open(first);
      await page.getByRole("button", { name: "Répondre", exact: true }).click();
      await page.getByLabel("Votre réponse").fill("Une réponse commencée");
      await open(second);
      await expect(page.getByLabel("Votre réponse")).toBeHidden();
      await open(first);
      await expect(page.getByLabel("Votre réponse")).toHaveValue("Une réponse commencée");
      // Abandoned on purpose: asked first.
      await page.getByRole("button", { name: "Annuler" }).click();
      await page.getByRole("button", { name: "Abandonner" }).click();
      await expect(page.getByLabel("Votre réponse")).toBeHidden();
      await expect(page.getByRole("button", { name: "Répondre", exact: true })).toBeFocused();
    } finally {
      db()
        .prepare(`delete from contact_messages where id in (${ids.join(",")})`)
        .run();
    }
  },
);
