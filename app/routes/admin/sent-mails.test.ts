import fs from "node:fs";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import * as codeLockMails from "~/domains/volunteers/code-lock-mail.server";
import { MAIL_KINDS, type MailKind } from "~/domains/mail/kinds";
import * as membershipMails from "~/domains/membership/membership-mails.server";
import * as membershipReminders from "~/domains/membership/membership-reminders.server";
import { queueMail, type MailToQueue } from "~/domains/mail/outbox.server";
import { LINK_PURPOSES } from "~/core/personal-links";
import { createMailTransport, OUTBOX_DIR } from "~/domains/mail/transport.server";
import * as trialClubMails from "~/domains/trials/trial-club-mails.server";
import * as trialMails from "~/domains/trials/trial-mails.server";
import * as volunteerMails from "~/domains/volunteers/volunteer-mails.server";
import { deliverDueMail } from "~/domains/mail/worker.server";
import { draftLink } from "~/domains/membership/file-draft.server";
import { inviteVolunteer } from "~/domains/volunteers/volunteer-invitation.server";
import { findUserToken } from "~/domains/volunteers/user-token.server";
import { ROLES, type Role } from "~/domains/volunteers/capabilities";
import { readEnv } from "~/core/env.server";
import { callRoute, createUser, getRequest, postRequest, signIn } from "../../../tests/auth";
import { mimeParts } from "../../../tests/mime-parts";
import { action, loader } from "./messages/messages";

/*
 * « E-mails envoyés » shows no personal link to anyone. Every mail the product builds
 * (each exported …Mail of app/mail: a new one without a sample below fails here) is queued
 * with live-shaped links, delivered, then read back by every role: no token in any
 * loader's answer, none in the copy the database keeps, and each role sees only the kinds
 * of its own work. Then the rédaction takeover: an admin's invitation cannot be read, and
 * « Renvoyer » makes a new link that works while the old one does not.
 */

const token = () => randomBytes(32).toString("base64url");
const TOKEN = /[A-Za-z0-9_-]{43}/;
const ORIGIN = "https://club.example";
const club = {
  name: "Club de test",
  email: "bureau@club.test",
  location: "1 rue du Ring, 69330 Meyzieu",
  mapsUrl: "",
  origin: ORIGIN,
  notify: true,
};
const booking = {
  id: 1,
  email: "parent@example.fr",
  firstName: "Léa",
  lastName: "Martin",
  phone: "0600000000",
  childFirstName: "Noé",
  childLastName: "Martin",
};
const session = {
  title: "Boxe enfants",
  onDate: "2026-12-02" as const,
  onStart: "14:00",
  onEnd: "15:00",
  note: "Gymnase réservé",
};
const trial = () => ({ club, booking, session, link: trialMails.cancelUrl(ORIGIN, token()) });
const household = { club, to: "famille@example.fr" };

/** A sample of every mail builder, with personal links where the mail carries them. */
const SAMPLES: Record<string, () => MailToQueue | null> = {
  "trial-mails.confirmationMail": () => trialMails.confirmationMail(trial()),
  "trial-mails.waitlistMail": () => trialMails.waitlistMail(trial()),
  "trial-mails.promotionMail": () => trialMails.promotionMail(trial()),
  "trial-mails.sessionCancelledMail": () => trialMails.sessionCancelledMail(trial()),
  "trial-mails.sessionMovedMail": () => trialMails.sessionMovedMail(trial()),
  "trial-mails.bookingCancelledByClubMail": () => trialMails.bookingCancelledByClubMail(trial()),
  "trial-mails.cancelReceiptMail": () =>
    trialMails.cancelReceiptMail({ ...trial(), waitlist: false }),
  "trial-mails.reminderMail": () => trialMails.reminderMail(trial()),
  "trial-club-mails.clubNoticeMail": () =>
    trialClubMails.clubNoticeMail({ club, booking, session, event: "booked" }),
  "membership-mails.draftLinkMail": () =>
    membershipMails.draftLinkMail({ club, to: household.to, link: draftLink(ORIGIN, token()) }),
  "membership-mails.confirmationMail": () =>
    membershipMails.confirmationMail({
      club,
      to: household.to,
      reference: "A-2026-001",
      members: [{ name: "Noé Martin", tariff: "Enfants", waiting: false, missing: [] }],
      totalLine: "Total à payer : 170 €",
      payment: ["Espèces : 170 €"],
      chequeBack: "",
      link: draftLink(ORIGIN, token()),
    }),
  "membership-reminders.attestationsMail": () =>
    membershipReminders.attestationsMail({
      ...household,
      reference: "A-2026-001",
      members: ["Noé Martin"],
      attachments: [],
    }),
  "membership-reminders.paymentReminderMail": () =>
    membershipReminders.paymentReminderMail({
      ...household,
      reference: "A-2026-001",
      link: draftLink(ORIGIN, token()),
      card: true,
    }),
  "membership-reminders.certificateReminderMail": () =>
    membershipReminders.certificateReminderMail({
      ...household,
      member: "Noé Martin",
      questionnaire: false,
      reference: "A-2026-001",
      since: { started: "2026-09-01", today: "2026-09-15" },
    }),
  "membership-reminders.draftReminderMail": () =>
    membershipReminders.draftReminderMail({ ...household, link: draftLink(ORIGIN, token()) }),
  "membership-reminders.renewalMail": () =>
    membershipReminders.renewalMail({
      ...household,
      season: "2027-2028",
      members: ["Noé Martin"],
      link: membershipReminders.renewalUrl(ORIGIN, token()),
      optout: membershipReminders.optoutUrl(ORIGIN, token()),
    }),
  "volunteer-mails.invitationMail": () =>
    volunteerMails.invitationMail({
      to: "nouvelle@club.test",
      username: "nouvelle",
      clubName: club.name,
      link: volunteerMails.invitationUrl(ORIGIN, token()),
      expiresAt: "2026-12-01T10:00:00.000Z",
      roles: ["admin"],
      invitedBy: "presidente",
    }),
  "volunteer-mails.resetMail": () =>
    volunteerMails.resetMail({
      to: "coach@club.test",
      username: "coach",
      clubName: club.name,
      link: volunteerMails.resetUrl(ORIGIN, token()),
      expiresAt: "2026-12-01T10:00:00.000Z",
    }),
  "code-lock-mail.codeLockMail": () =>
    codeLockMails.codeLockMail({
      to: "tresorier@club.test",
      username: "tresorier",
      clubName: club.name,
      origin: ORIGIN,
      wrongCodes: 10,
      lockMinutes: 15,
    }),
};

const MODULES = {
  "trial-mails": trialMails,
  "trial-club-mails": trialClubMails,
  "membership-mails": membershipMails,
  "membership-reminders": membershipReminders,
  "volunteer-mails": volunteerMails,
  "code-lock-mail": codeLockMails,
};

/** Every builder of the domains' mails: each exported function named …Mail. */
function builders(): string[] {
  const names = Object.entries(MODULES).flatMap(([module, exports]) =>
    Object.entries(exports)
      .filter(([name, value]) => typeof value === "function" && /Mail$/.test(name))
      .map(([name]) => `${module}.${name}`),
  );
  // The mail modules of the domains not imported above would escape: none may exist.
  const files = fs
    .readdirSync(path.resolve(__dirname, "../../domains"), { recursive: true, encoding: "utf8" })
    .map((file) => path.basename(file))
    .filter(
      (file) => /-mails?\.server\.ts$/.test(file) || file === "membership-reminders.server.ts",
    )
    .map((file) => file.replace(".server.ts", ""));
  expect(files.sort()).toEqual(Object.keys(MODULES).sort());
  return names;
}

const cookies = new Map<Role, string>();

beforeAll(async () => {
  for (const role of ROLES) {
    const userId = await createUser(`lecteur-${role}`, "mot-de-passe-lecteur", {
      roles: [role],
      email: `${role}@club.test`,
    });
    cookies.set(role, (await signIn(userId)).cookie);
  }
});

async function deliverAll() {
  const env = readEnv({ DATA_DIR: process.env.DATA_DIR, MAIL_RETRY_BASE_MS: "100" });
  await deliverDueMail({ transport: createMailTransport(env), env });
}

async function read(role: Role, query: string) {
  const answer = await callRoute(
    loader,
    getRequest(`/admin/messages?dossier=envoyes${query}`, { cookie: cookies.get(role) }),
  );
  return answer;
}

const resend = (role: Role, id: number) =>
  callRoute(
    action,
    postRequest(
      "/admin/messages",
      { intent: "resend-mail", id: String(id) },
      { cookie: cookies.get(role) },
    ),
  );

describe("no personal link is readable in « E-mails envoyés »", () => {
  it("holds for every mail the product builds, for every role, before and after delivery", async () => {
    const names = builders();
    expect(names.sort()).toEqual(Object.keys(SAMPLES).sort());
    const kinds = new Map<number, MailKind>();
    const linked: number[] = [];
    for (const name of names) {
      const mail = SAMPLES[name]!();
      expect(mail, name).not.toBeNull();
      expect(MAIL_KINDS).toContain(mail!.kind);
      const id = await queueMail(mail!);
      kinds.set(id, mail!.kind);
      if (TOKEN.test(mail!.text)) linked.push(id);
    }
    // Every purpose of a personal link is among the samples.
    const texts = names.map((name) => SAMPLES[name]!()!.text).join("\n");
    for (const shape of Object.values(LINK_PURPOSES)) {
      expect(texts).toMatch(new RegExp(shape.source.replace("$", "")));
    }

    const allowed: Record<Role, MailKind[]> = {
      admin: [...MAIL_KINDS],
      redaction: ["message"],
      coach: ["trial"],
      tresorier: ["membership"],
    };
    for (const stage of ["queued", "delivered"]) {
      if (stage === "delivered") await deliverAll();
      for (const role of ROLES) {
        const list = await read(role, "");
        expect(list.status).toBe(200);
        const seen = (list.data as { outbox: { rows: { id: number }[] } }).outbox.rows.map(
          (row) => row.id,
        );
        const expected = [...kinds].filter(([, kind]) => allowed[role].includes(kind));
        expect(seen.sort(), `${role} ${stage}`).toEqual(expected.map(([id]) => id).sort());
        for (const [id, kind] of kinds) {
          const one = await read(role, `&mail=${id}`);
          const text = JSON.stringify(one.data);
          expect(text, `${role} reads mail ${id}`).not.toMatch(TOKEN);
          const mail = (one.data as { mail: { text: string } | null }).mail;
          if (!allowed[role].includes(kind)) expect(mail).toBeNull();
          else if (linked.includes(id)) expect(mail?.text).toContain("« lien personnel (masqué) »");
        }
      }
    }
    // The copy kept in the database holds no link once delivered; the delivered one does.
    const rows = await getDb()
      .selectFrom("mail_outbox")
      .select(["body_text", "eml_file"])
      .execute();
    for (const row of rows) expect(row.body_text).not.toMatch(TOKEN);
    const delivered = rows
      .flatMap((row) =>
        mimeParts(
          fs.readFileSync(path.join(process.env.DATA_DIR!, OUTBOX_DIR, row.eml_file), "utf8"),
        ),
      )
      .map((part) => part.body)
      .join("\n");
    expect(delivered).toMatch(/\/admin\/invitation\/[A-Za-z0-9_-]{43}/);
  });

  it("stops the rédaction takeover: the invitation cannot be read, « Renvoyer » voids the old link", async () => {
    const presidente = await createUser("presidente", "mot-de-passe-presidente", {
      roles: ["admin"],
    });
    const invited = await inviteVolunteer({
      actor: { userId: presidente, username: "presidente", ip: "" },
      username: "nouvel-admin",
      email: "nouvel-admin@club.test",
      roles: ["admin"],
    });
    expect(invited.status).toBe("invited");
    const [queued] = await getDb()
      .selectFrom("mail_outbox")
      .select(["id", "body_text"])
      .where("to_address", "=", "nouvel-admin@club.test")
      .execute();
    const oldToken = /\/admin\/invitation\/([A-Za-z0-9_-]{43})/.exec(queued!.body_text)![1]!;
    expect(queued!.body_text).toContain("presidente vous invite");
    await deliverAll();

    // The rédaction reads neither the list's row nor the mail, and cannot resend it.
    const list = await read("redaction", "");
    expect(JSON.stringify(list.data)).not.toContain("nouvel-admin@club.test");
    expect((await read("redaction", `&mail=${queued!.id}`)).data).toMatchObject({ mail: null });
    const refused = await resend("redaction", queued!.id);
    expect(refused.status).toBe(403);
    const toNewAdmin = getDb()
      .selectFrom("mail_outbox")
      .select("id")
      .where("to_address", "=", "nouvel-admin@club.test");
    expect(await toNewAdmin.execute()).toHaveLength(1);

    // The admin sees it masked and resends it: a new link, the old one void.
    const opened = await read("admin", `&mail=${queued!.id}`);
    expect(JSON.stringify(opened.data)).not.toContain(oldToken);
    expect(opened.data).toMatchObject({ mail: { resendable: true } });
    const resent = await resend("admin", queued!.id);
    expect(resent.status).toBe(200);
    const again = await getDb()
      .selectFrom("mail_outbox")
      .select(["body_text", "kind"])
      .where("to_address", "=", "nouvel-admin@club.test")
      .where("id", ">", queued!.id)
      .executeTakeFirstOrThrow();
    expect(again.kind).toBe("account");
    const newToken = /\/admin\/invitation\/([A-Za-z0-9_-]{43})/.exec(again.body_text)![1]!;
    expect(newToken).not.toBe(oldToken);
    expect(await findUserToken({ token: oldToken, purpose: "invitation" })).toBeNull();
    expect(await findUserToken({ token: newToken, purpose: "invitation" })).not.toBeNull();
  });
});
