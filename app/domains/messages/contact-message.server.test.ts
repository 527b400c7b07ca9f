import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import type { ContactInput } from "~/domains/messages/contact-schema";
import { signFormStamp } from "~/utils/form-stamp.server";
import { CONTACT_MIN_FILL_MS } from "./contact-guard.server";
import {
  countUnreadMessages,
  deleteMessage,
  markMessageRead,
  moveMessage,
  purgeOldMessages,
  receiveContactMessage,
  type Submission,
} from "./contact-message.server";
import { listMessages as listMessagesPage } from "./contact-message-list.server";

/** A folder's first page, as Messages lists it. */
async function listMessages(query: Parameters<typeof listMessagesPage>[0]) {
  return (await listMessagesPage(query)).list?.rows ?? [];
}

const SECRET = "secret-de-test";
const NOW = new Date("2026-11-23T10:00:00Z");

const input = (overrides: Partial<ContactInput> = {}): ContactInput => ({
  name: "Camille Martin",
  email: "camille@example.fr",
  phone: "",
  subject: "Renseignements",
  message: "Bonjour, quels sont les horaires du cours enfants ?",
  ...overrides,
});

function submission(overrides: Partial<Submission> = {}): Submission {
  return {
    input: input(),
    honeypot: "",
    stamp: signFormStamp(SECRET, NOW.getTime() - 30_000),
    ip: "203.0.113.7",
    secret: SECRET,
    addressLimit: 5,
    clubEmail: "club@example.fr",
    clubName: "Boxing Club de Meyzieu",
    now: NOW,
    ...overrides,
  };
}

const mails = () =>
  getDb()
    .selectFrom("mail_outbox")
    .select(["to_address", "reply_to", "subject", "state"])
    .orderBy("id")
    .execute();

beforeEach(async () => {
  await getDb().deleteFrom("contact_messages").execute();
  await getDb().deleteFrom("mail_outbox").execute();
});

describe("receiveContactMessage", () => {
  it("puts a person's message in the inbox, unread, and queues the club's notification and the acknowledgement", async () => {
    const result = await receiveContactMessage(submission());
    expect(result.spam).toBe(false);
    const inbox = await listMessages({ folder: "inbox" });
    expect(inbox).toHaveLength(1);
    expect(inbox[0]).toMatchObject({ name: "Camille Martin", read: false, spamReason: "" });
    expect(await countUnreadMessages()).toBe(1);
    expect(await mails()).toEqual([
      expect.objectContaining({
        to_address: "club@example.fr",
        reply_to: "camille@example.fr",
        state: "queued",
      }),
      expect.objectContaining({ to_address: "camille@example.fr", state: "queued" }),
    ]);
  });

  it("acknowledges in the club's words only, at most once a day per address", async () => {
    const typed = input({
      name: "Offre spéciale",
      message: "Gagnez un voyage sur https://promo.example dès aujourd'hui",
    });
    await receiveContactMessage(submission({ input: typed }));
    const second = input({ email: "Camille@Example.fr", message: "Une autre question, merci." });
    await receiveContactMessage(submission({ input: second, ip: "203.0.113.8" }));
    const sent = await getDb()
      .selectFrom("mail_outbox")
      .select(["to_address", "subject", "body_text"])
      .where("to_address", "!=", "club@example.fr")
      .execute();
    expect(sent).toHaveLength(1);
    const [ack] = sent;
    expect(ack!.subject).toBe("Boxing Club de Meyzieu : nous avons bien reçu votre message");
    for (const text of ["Offre spéciale", "promo.example", "Gagnez", "Renseignements"]) {
      expect(`${ack!.subject}\n${ack!.body_text}`).not.toContain(text);
    }
    // The club is still told of both messages.
    expect(await mails()).toHaveLength(3);
  });

  it("keeps robot-like submissions in Spam, with the reason, and mails nobody", async () => {
    const bots: Partial<Submission>[] = [
      { honeypot: "https://promo.example" },
      { stamp: signFormStamp(SECRET, NOW.getTime() - 200) },
      { stamp: "1700000000000.faux" },
      {
        input: input({ message: "Achetez https://a.example https://b.example https://c.example" }),
      },
    ];
    for (const [index, bot] of bots.entries()) {
      const result = await receiveContactMessage(
        submission({ ...bot, input: bot.input ?? input({ email: `bot${index}@example.com` }) }),
      );
      expect(result.spam).toBe(true);
    }
    expect(await listMessages({ folder: "inbox" })).toHaveLength(0);
    const spam = await listMessages({ folder: "spam" });
    expect(spam.map((m) => m.spamReason).sort()).toEqual(
      [
        "Champ caché rempli (robot)",
        "Envoyé trop vite après l'affichage",
        "Formulaire sans jeton valide",
        "Trop de liens",
      ].sort(),
    );
    expect(await mails()).toEqual([]);
    expect(await countUnreadMessages()).toBe(0);
  });

  it("sends a repeated message to Spam as a duplicate", async () => {
    await receiveContactMessage(submission());
    const again = await receiveContactMessage(
      submission({
        input: input({ message: "Bonjour,  QUELS sont les horaires du cours enfants ?" }),
      }),
    );
    expect(again.spam).toBe(true);
    expect((await listMessages({ folder: "spam" }))[0]?.spamReason).toMatch(/doublon/);
    expect(await mails()).toHaveLength(2);
  });

  it("limits messages per address and hour, not across addresses", async () => {
    for (let i = 0; i < 3; i += 1) {
      const result = await receiveContactMessage(
        submission({
          addressLimit: 3,
          input: input({ message: `Question numéro ${i} sur les cours` }),
        }),
      );
      expect(result.spam).toBe(false);
    }
    const fourth = await receiveContactMessage(
      submission({ addressLimit: 3, input: input({ message: "Question numéro 4 sur les cours" }) }),
    );
    expect(fourth.spam).toBe(true);
    const other = await receiveContactMessage(
      submission({
        addressLimit: 3,
        ip: "198.51.100.1",
        input: input({ message: "Une autre personne" }),
      }),
    );
    expect(other.spam).toBe(false);
  });

  it("lets a series of human-like messages through", async () => {
    const people = ["Léa", "Noah", "Inès", "Hugo", "Jade"];
    for (const [index, name] of people.entries()) {
      const result = await receiveContactMessage(
        submission({
          ip: `192.0.2.${index + 1}`,
          stamp: signFormStamp(SECRET, NOW.getTime() - CONTACT_MIN_FILL_MS - index * 10_000),
          input: input({
            name,
            email: `${name.toLowerCase()}@example.fr`,
            message: `Bonjour, je suis ${name} et je voudrais essayer la boxe (voir www.ffboxe.com).`,
          }),
        }),
      );
      expect(result.spam).toBe(false);
    }
    expect(await listMessages({ folder: "inbox" })).toHaveLength(5);
    expect(await mails()).toHaveLength(10);
  });
});

describe("the inbox", () => {
  it("lists unread first, searches, marks read, archives, recovers spam and deletes", async () => {
    const first = await receiveContactMessage(
      submission({
        now: new Date(NOW.getTime() - 60_000),
        stamp: signFormStamp(SECRET, NOW.getTime() - 120_000),
      }),
    );
    const second = await receiveContactMessage(
      submission({
        input: input({
          name: "Yanis",
          email: "yanis@example.fr",
          message: "Cours en entreprise possible ?",
        }),
      }),
    );
    await markMessageRead({ id: second.id });
    const list = await listMessages({ folder: "inbox" });
    expect(list.map((m) => m.id)).toEqual([first.id, second.id]);
    expect(await countUnreadMessages()).toBe(1);
    expect(
      (await listMessages({ folder: "inbox", search: "ENTREPRISE" })).map((m) => m.id),
    ).toEqual([second.id]);
    expect(await listMessages({ folder: "inbox", search: "%" })).toHaveLength(2);

    expect(await moveMessage({ id: first.id, folder: "archive" })).toBe(true);
    expect((await listMessages({ folder: "archive" })).map((m) => m.id)).toEqual([first.id]);
    expect(await countUnreadMessages()).toBe(0);

    const spam = await receiveContactMessage(
      submission({
        honeypot: "x",
        input: input({ email: "vrai@example.fr", message: "Je suis une vraie personne" }),
      }),
    );
    await moveMessage({ id: spam.id, folder: "inbox" });
    expect((await listMessages({ folder: "inbox" })).map((m) => m.id)).toContain(spam.id);

    await deleteMessage({ id: second.id });
    expect((await listMessages({ folder: "inbox" })).map((m) => m.id)).not.toContain(second.id);
    expect(await moveMessage({ id: second.id, folder: "archive" })).toBe(false);
  });
});

describe("purgeOldMessages", () => {
  it("removes messages past the retention period, and spam after 30 days", async () => {
    const at = (iso: string) => ({
      now: new Date(iso),
      stamp: signFormStamp(SECRET, Date.parse(iso) - 60_000),
    });
    const old = await receiveContactMessage(
      submission({
        ...at("2025-10-01T10:00:00Z"),
        input: input({ message: "Un vieux message de l'an passé" }),
      }),
    );
    const recent = await receiveContactMessage(
      submission({
        ...at("2026-11-01T10:00:00Z"),
        input: input({ message: "Un message du mois dernier" }),
      }),
    );
    const oldSpam = await receiveContactMessage(
      submission({ ...at("2026-10-01T10:00:00Z"), honeypot: "x" }),
    );
    const newSpam = await receiveContactMessage(
      submission({
        ...at("2026-11-20T10:00:00Z"),
        honeypot: "x",
        input: input({ message: "Un spam récent à garder" }),
      }),
    );
    expect(await purgeOldMessages({ retentionMonths: 12, now: NOW })).toBe(2);
    const left = await getDb().selectFrom("contact_messages").select("id").orderBy("id").execute();
    expect(left.map((row) => row.id)).toEqual([recent.id, newSpam.id]);
    expect([old.id, oldSpam.id].some((id) => left.some((row) => row.id === id))).toBe(false);
  });
});

describe("listMessages under a search", () => {
  it("counts each folder and pages the folder in the list's order, unread first", async () => {
    const stamp = (minute: number) => new Date(NOW.getTime() + minute * 60_000).toISOString();
    const rows = Array.from({ length: 32 }, (_, i) => ({
      name: `Personne ${i}`,
      email: `p${i}@example.fr`,
      subject: i % 2 ? "Stage de Noël" : "Horaires",
      message: i % 2 ? "Inscription au stage" : "Quels horaires ?",
      folder: i < 30 ? "inbox" : "archive",
      read_at: i % 4 === 1 ? stamp(i) : null,
      created_at: stamp(i),
      updated_at: stamp(i),
    }));
    await getDb().insertInto("contact_messages").values(rows).execute();
    const inbox = [
      ...(await listMessagesPage({ folder: "inbox" })).list!.rows,
      ...(await listMessagesPage({ folder: "inbox", page: 2 })).list!.rows,
    ].map((m) => m.name);
    const found = await listMessagesPage({ folder: "inbox", search: "STAGE" });
    expect(Object.fromEntries(found.counts)).toEqual({ inbox: 15, archive: 1 });
    expect(found.list).toMatchObject({ total: 15, page: 1, pages: 1 });
    // The folder's own order (unread first), the others left out.
    const odd = inbox.filter((name) => Number(name.split(" ")[1]) % 2);
    expect(found.list!.rows.map((m) => m.name)).toEqual(odd);
    expect(found.list!.rows[0]!.read).toBe(false);
    expect(found.list!.rows.at(-1)!.read).toBe(true);

    const broad = await listMessagesPage({ folder: "inbox", search: "example", page: 9 });
    expect(broad.list).toMatchObject({ total: 30, page: 2, pages: 2 });
    expect(broad.list!.rows.map((m) => m.name)).toEqual(inbox.slice(25));
    expect((await listMessagesPage({ folder: null, search: "stage" })).list).toBeNull();
  });
});
