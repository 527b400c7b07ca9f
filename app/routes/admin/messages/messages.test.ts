import fs from "node:fs";
import path from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { REPLY_BODY_MAX } from "~/domains/messages/message-reply-schema";
import { createMailTransport, OUTBOX_DIR } from "~/domains/mail/transport.server";
import { deliverDueMail } from "~/domains/mail/worker.server";
import { purgeOldMessages } from "~/domains/messages/contact-message.server";
import { readEnv } from "~/core/env.server";
import { callRoute, createUser, getRequest, postRequest, signIn } from "../../../../tests/auth";
import { action, loader } from "./messages";

/*
 * /admin/messages with real Requests: a reply written in the back office goes through the
 * outbox to the visitor with the club's Reply-To, the message shows it answered and keeps
 * the thread; bad input and strangers are refused.
 */

let cookie: string;
let username: string;
const CLUB = { siteName: "Club de test", email: "bureau@club.test" };

async function insertMessage(folder = "inbox"): Promise<number> {
  const stamp = "2026-11-20T09:30:00.000Z";
  const row = await getDb()
    .insertInto("contact_messages")
    .values({
      name: "Camille Martin",
      email: "camille@example.fr",
      subject: "Séance d'essai",
      message: "Bonjour,\npuis-je venir mardi ?",
      folder,
      read_at: null,
      created_at: stamp,
      updated_at: stamp,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

const post = (fields: Record<string, string>, as = cookie) =>
  callRoute(action, postRequest("/admin/messages", fields, { cookie: as }));

const reply = (id: number, fields: Partial<Record<"subject" | "body", string>> = {}) =>
  post({
    intent: "reply",
    id: String(id),
    subject: "Re: Séance d'essai",
    body: "Bonjour Camille,\r\nbien sûr, venez à 18h30.",
    ...fields,
  });

const outbox = () =>
  getDb()
    .selectFrom("mail_outbox")
    .select(["id", "to_address", "reply_to", "subject", "body_text", "state"])
    .orderBy("id")
    .execute();

const stored = (id: number) =>
  getDb()
    .selectFrom("contact_messages")
    .select(["folder", "read_at", "replied_at"])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();

type Opened = {
  selected: { repliedAt: string | null; read: boolean } | null;
  replies: { body: string; author: string; mail: { id: number; state: string } | null }[];
  messages: { rows: { id: number; repliedAt: string | null }[] };
  counts: Record<string, number>;
  clubEmail: string;
};

const open = async (id: number) =>
  (await callRoute(loader, getRequest(`/admin/messages?id=${id}`, { cookie }))).data as Opened;

beforeEach(async () => {
  const db = getDb();
  await db.deleteFrom("contact_messages").execute();
  await db.deleteFrom("mail_outbox").execute();
  await db.deleteFrom("site_settings").where("category", "=", "general").execute();
  await db
    .insertInto("site_settings")
    .values({
      category: "general",
      settings: JSON.stringify(CLUB),
      updated_at: new Date().toISOString(),
    })
    .execute();
  username = `benevole${Date.now()}`;
  ({ cookie } = await signIn(await createUser(username, "mot-de-passe")));
});

describe("replying from Messages", () => {
  it("queues the reply to the visitor with the club's Reply-To, the text typed and the message quoted", async () => {
    const id = await insertMessage();
    const answer = await reply(id);
    expect(answer.status).toBe(200);
    expect(answer.data).toMatchObject({
      toast: { type: "success", message: "Réponse en cours d'envoi à camille@example.fr" },
      replied: id,
    });
    const mails = await outbox();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      to_address: "camille@example.fr",
      reply_to: "bureau@club.test",
      subject: "Re: Séance d'essai",
      state: "queued",
    });
    expect(mails[0]!.body_text).toBe(
      [
        "Bonjour Camille,",
        "bien sûr, venez à 18h30.",
        "",
        "-- ",
        "Club de test",
        "",
        "Le 20 novembre 2026 à 10:30, Camille Martin a écrit :",
        "> Bonjour,",
        "> puis-je venir mardi ?",
      ].join("\n"),
    );
  });

  it("marks the message read and answered, in its folder, and shows the thread with each mail's state", async () => {
    const id = await insertMessage();
    await reply(id);
    await reply(id, { body: "Et n'oubliez pas vos gants." });
    const row = await stored(id);
    expect(row.folder).toBe("inbox");
    expect(row.read_at).not.toBeNull();
    expect(row.replied_at).not.toBeNull();

    const opened = await open(id);
    expect(opened.selected).toMatchObject({ read: true, repliedAt: row.replied_at });
    expect(opened.messages.rows).toEqual([
      expect.objectContaining({ id, repliedAt: row.replied_at }),
    ]);
    expect(opened.counts).toEqual({ inbox: 1 });
    expect(opened.clubEmail).toBe("bureau@club.test");
    expect(opened.replies.map((r) => [r.body, r.author, r.mail?.state])).toEqual([
      ["Bonjour Camille,\nbien sûr, venez à 18h30.", username, "queued"],
      ["Et n'oubliez pas vos gants.", username, "queued"],
    ]);

    // Once the worker has written the first mail, the thread says it was sent.
    const dataDir = process.env.DATA_DIR!;
    const sent = await deliverDueMail({
      transport: createMailTransport(readEnv({ DATA_DIR: dataDir })),
    });
    expect(sent).toBe(2);
    expect((await open(id)).replies.map((r) => r.mail?.state)).toEqual(["sent", "sent"]);
  });

  it("writes an .eml addressed to the visitor, Reply-To the club, with the subject typed", async () => {
    const id = await insertMessage();
    await reply(id, { subject: "Re: Séance d'essai mardi" });
    const dataDir = process.env.DATA_DIR!;
    await deliverDueMail({ transport: createMailTransport(readEnv({ DATA_DIR: dataDir })) });
    const [mail] = await outbox();
    const eml = fs.readFileSync(
      path.join(dataDir, OUTBOX_DIR, `${String(mail!.id).padStart(6, "0")}.eml`),
      "utf8",
    );
    expect(eml).toMatch(/^To: camille@example\.fr$/m);
    expect(eml).toMatch(/^Reply-To: bureau@club\.test$/m);
    expect(eml).toMatch(/^From: site@localhost$/m);
    // "Re: Séance d'essai mardi", as nodemailer encodes it.
    expect(eml).toMatch(/^Subject: =\?UTF-8\?Q\?Re=3A_S=C3=A9ance_d=27essai_mardi\?=$/m);
  });

  it("refuses an empty or too long reply with French messages, and queues nothing", async () => {
    const id = await insertMessage();
    const empty = await reply(id, { body: "   \r\n  ", subject: "" });
    expect(empty.status).toBe(400);
    expect(empty.data).toMatchObject({
      toast: {
        type: "error",
        message: "La réponse n'est pas partie : vérifiez les champs signalés.",
      },
      errors: {
        body: "Écrivez votre réponse avant de l'envoyer.",
        subject: "Indiquez l'objet de la réponse.",
      },
    });
    const long = await reply(id, { body: "a".repeat(REPLY_BODY_MAX + 1) });
    expect(long.status).toBe(400);
    expect(long.data).toMatchObject({
      errors: { body: "La réponse ne doit pas dépasser 5000 caractères." },
    });
    // As many characters as the limit, new lines typed as CRLF counted once: accepted.
    const full = await reply(id, { body: `${"a".repeat(REPLY_BODY_MAX - 2)}\r\nb` });
    expect(full.status).toBe(200);
    expect(await outbox()).toHaveLength(1);
  });

  it("refuses a reply to a spam (a robot's address) or to a message gone, mailing nobody", async () => {
    const spam = await insertMessage("spam");
    const refused = await reply(spam);
    expect(refused.status).toBe(409);
    expect(refused.data).toMatchObject({
      toast: {
        type: "error",
        message:
          "Ce message est dans les spams : remettez-le dans la boîte de réception avant d'y répondre.",
      },
    });
    expect((await stored(spam)).replied_at).toBeNull();
    const gone = await reply(spam + 1000);
    expect(gone.status).toBe(404);
    expect(gone.data).toMatchObject({ toast: { message: "Ce message n'existe plus." } });
    expect(await outbox()).toEqual([]);
  });

  it("refuses anyone not signed in: no mail, no reply stored", async () => {
    const id = await insertMessage();
    const answer = await post(
      { intent: "reply", id: String(id), subject: "Re: x", body: "Bonjour" },
      "",
    );
    expect(answer.status).toBe(401);
    expect(await outbox()).toEqual([]);
    expect((await stored(id)).replied_at).toBeNull();
    const page = await callRoute(loader, getRequest(`/admin/messages?dossier=envoyes&mail=1`));
    expect(page.status).toBe(302);
  });

  it("deletes a message's replies with it, by hand or after the retention period", async () => {
    const replies = () => getDb().selectFrom("contact_message_replies").select("id").execute();
    const id = await insertMessage();
    await reply(id);
    expect(await replies()).toHaveLength(1);
    await post({ intent: "delete", id: String(id) });
    expect(await replies()).toEqual([]);

    await reply(await insertMessage());
    const purged = await purgeOldMessages({
      retentionMonths: 12,
      now: new Date("2027-12-01T00:00:00Z"),
    });
    expect(purged).toBe(1);
    expect(await replies()).toEqual([]);
  });
});

describe("a sent e-mail opened", () => {
  it("shows its recipient, Reply-To, state and plain text, in the sent tab only", async () => {
    const id = await insertMessage();
    await reply(id);
    const [mail] = await outbox();
    const answer = await callRoute(
      loader,
      getRequest(`/admin/messages?dossier=envoyes&mail=${mail!.id}`, { cookie }),
    );
    expect(answer.data).toMatchObject({
      mail: {
        id: mail!.id,
        to: "camille@example.fr",
        replyTo: "bureau@club.test",
        subject: "Re: Séance d'essai",
        state: "queued",
        text: expect.stringContaining("bien sûr, venez à 18h30."),
        attachments: [],
      },
    });
    const inbox = await callRoute(
      loader,
      getRequest(`/admin/messages?mail=${mail!.id}`, { cookie }),
    );
    expect((inbox.data as { mail: unknown }).mail).toBeNull();
    const missing = await callRoute(
      loader,
      getRequest(`/admin/messages?dossier=envoyes&mail=999999`, { cookie }),
    );
    expect((missing.data as { mail: unknown }).mail).toBeNull();
  });
});
