/*
 * The membership's mails to households, each sent ONCE even across restarts
 * and several servers: its membership_mails key ("payment-7d:<fileId>",
 * "certificate:<registrationId>", "draft:<fileId>", "renewal:<seasonId>:<householdId>",
 * "attestation:<registrationId>") is claimed by an INSERT … ON CONFLICT DO NOTHING in the
 * same transaction as the queued mail: of two runs, one gets the key and queues the mail;
 * a rollback frees both. Run by the first process (startMembershipMails, every 15 minutes).
 */
import { addDays, parisToday } from "~/core/club-time";
import { afterCommit, getDb, inTransaction } from "~/db/client.server";
import {
  attestationsMail,
  certificateReminderMail,
  draftReminderMail,
  optoutUrl,
  paymentReminderMail,
  renewalMail,
  renewalUrl,
  type HouseholdMailFacts,
} from "~/domains/membership/membership-reminders.server";
import { queueMail, type MailAttachment } from "~/domains/mail/index.server";
import { getMailClub } from "~/core/club.server";
import { isSiteAddressSet } from "~/core/site-address.server";
import { kickMailWorker } from "~/domains/mail/index.server";
import { parseJson } from "~/core/json";
import { cardPaymentOn } from "~/domains/membership/helloasso/config.server";
import { startPeriodic } from "~/core/jobs.server";
import { attestationPdf } from "./attestation-pdf.server";
import { attestationFilename } from "./attestation-response.server";
import { amountPaidFor, issueAttestation } from "./attestation.server";
import { draftLink } from "./file-draft.server";
import { previousSeason } from "./season.server";
import { createMembershipToken } from "./tokens.server";

const DAY_MS = 24 * 60 * 60 * 1000;
/** A payment still pending this many days after the file was sent: a reminder. */
export const PAYMENT_REMINDER_DAYS = 7;
/** A certificate still missing this many days after the season starts: a reminder. */
export const CERTIFICATE_REMINDER_DAYS = 14;
/** A draft untouched this many days: a reminder with its resume link. */
export const DRAFT_REMINDER_DAYS = 3;
export const MEMBERSHIP_MAIL_INTERVAL_MS = 15 * 60 * 1000;

/** Claims a mail's key in the caller's transaction: false when it was already sent. */
async function claimKey(key: string, now: Date): Promise<boolean> {
  const row = await getDb()
    .insertInto("membership_mails")
    .values({ key, sent_at: now.toISOString() })
    .onConflict((oc) => oc.column("key").doNothing())
    .returning("id")
    .executeTakeFirst();
  return row !== undefined;
}

/** Claims `keys` and queues the mail in one transaction; nothing when a key is taken. */
async function sendOnce(
  keys: string[],
  now: Date,
  build: () => Promise<Parameters<typeof queueMail>[0]>,
) {
  try {
    return await inTransaction(async () => {
      for (const key of keys) if (!(await claimKey(key, now))) throw new AlreadySent();
      await queueMail(await build(), getDb());
      afterCommit(kickMailWorker);
      return true;
    });
  } catch (error) {
    if (error instanceof AlreadySent) return false;
    throw error;
  }
}

class AlreadySent extends Error {}

async function sentKeys(prefix: string): Promise<Set<string>> {
  const rows = await getDb()
    .selectFrom("membership_mails")
    .select("key")
    .where("key", "like", `${prefix}%`)
    .execute();
  return new Set(rows.map((row) => row.key));
}

type Club = HouseholdMailFacts["club"];

/** Seasons not over yet on `today`: the only ones whose files are still mailed. */
async function liveSeasons(today: string) {
  return getDb()
    .selectFrom("membership_seasons")
    .selectAll()
    .where("ends_on", ">=", today)
    .orderBy("starts_on")
    .orderBy("id")
    .execute();
}

/** Submitted files of the live seasons, with their household's address. */
function submittedFiles(seasonIds: number[]) {
  return getDb()
    .selectFrom("membership_files as f")
    .innerJoin("households as h", "h.id", "f.household_id")
    .select(["f.id", "f.reference", "f.submitted_at", "f.paid_at", "f.household_id", "h.email"])
    .where("f.season_id", "in", seasonIds)
    .where("f.status", "=", "submitted")
    .where("h.anonymised_at", "is", null)
    .orderBy("f.id");
}

/** One mail per paid file with the PDF of each member paid for and not yet attested by mail. */
async function mailAttestations(club: Club, seasonIds: number[], now: Date): Promise<number> {
  const files = await submittedFiles(seasonIds).where("f.paid_at", "is not", null).execute();
  const sent = await sentKeys("attestation:");
  let count = 0;
  for (const file of files) {
    const registrations = await getDb()
      .selectFrom("registrations as r")
      .innerJoin("members as m", "m.id", "r.member_id")
      .select(["r.id", "m.first_name", "m.last_name"])
      .where("r.file_id", "=", file.id)
      .where("r.status", "=", "active")
      .orderBy("r.rank")
      .orderBy("r.id")
      .execute();
    const due: typeof registrations = [];
    for (const registration of registrations) {
      if (sent.has(`attestation:${registration.id}`)) continue;
      if ((await amountPaidFor(registration.id)) > 0) due.push(registration);
    }
    if (due.length === 0) continue;
    const queued = await sendOnce(
      due.map((registration) => `attestation:${registration.id}`),
      now,
      async () => {
        const attachments: MailAttachment[] = [];
        for (const registration of due) {
          const facts = await issueAttestation(registration.id, { now });
          if (!facts) continue;
          attachments.push({
            filename: attestationFilename(facts.number),
            contentType: "application/pdf",
            contentBase64: Buffer.from(await attestationPdf(facts, { now })).toString("base64"),
          });
        }
        return attestationsMail({
          club,
          to: file.email,
          reference: file.reference ?? "",
          members: due.map((r) => `${r.first_name} ${r.last_name}`),
          attachments,
        });
      },
    );
    if (queued) count += 1;
  }
  return count;
}

async function mailPaymentReminders(club: Club, seasonIds: number[], now: Date): Promise<number> {
  const before = new Date(now.getTime() - PAYMENT_REMINDER_DAYS * DAY_MS).toISOString();
  const files = await submittedFiles(seasonIds)
    .where("f.paid_at", "is", null)
    .where("f.submitted_at", "<=", before)
    // Owing something: a waiting member owes nothing until a place is given.
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom("registrations as r")
          .select("r.id")
          .whereRef("r.file_id", "=", "f.id")
          .where("r.status", "=", "active"),
      ),
    )
    .execute();
  const card = files.length > 0 && (await cardPaymentOn());
  let count = 0;
  for (const file of files) {
    const queued = await sendOnce([`payment-7d:${file.id}`], now, async () => {
      const token = await createMembershipToken({
        purpose: "draft",
        fileId: file.id,
        householdId: file.household_id,
        now,
      });
      return paymentReminderMail({
        club,
        to: file.email,
        reference: file.reference ?? "",
        link: draftLink(club.origin, token),
        card,
      });
    });
    if (queued) count += 1;
  }
  return count;
}

async function mailCertificateReminders(club: Club, today: string, now: Date): Promise<number> {
  const rows = await getDb()
    .selectFrom("registrations as r")
    .innerJoin("membership_seasons as s", "s.id", "r.season_id")
    .innerJoin("membership_files as f", "f.id", "r.file_id")
    .innerJoin("households as h", "h.id", "f.household_id")
    .innerJoin("members as m", "m.id", "r.member_id")
    .select([
      "r.id",
      "r.medical_kind",
      "s.starts_on",
      "f.reference",
      "h.email",
      "m.first_name",
      "m.last_name",
    ])
    .where("r.status", "=", "active")
    .where("r.medical_seen_at", "is", null)
    .where("f.status", "=", "submitted")
    .where("h.anonymised_at", "is", null)
    .where("s.ends_on", ">=", today)
    .where("s.starts_on", "<=", addDays(today, -CERTIFICATE_REMINDER_DAYS))
    .orderBy("r.id")
    .execute();
  let count = 0;
  for (const row of rows) {
    const queued = await sendOnce([`certificate:${row.id}`], now, async () =>
      certificateReminderMail({
        club,
        to: row.email,
        member: `${row.first_name} ${row.last_name}`,
        questionnaire: row.medical_kind === "questionnaire",
        reference: row.reference ?? "",
      }),
    );
    if (queued) count += 1;
  }
  return count;
}

async function mailDraftReminders(club: Club, seasonIds: number[], now: Date): Promise<number> {
  const before = new Date(now.getTime() - DRAFT_REMINDER_DAYS * DAY_MS).toISOString();
  const files = await getDb()
    .selectFrom("membership_files as f")
    .leftJoin("households as h", "h.id", "f.household_id")
    .select(["f.id", "f.draft", "f.household_id", "h.email"])
    .where("f.season_id", "in", seasonIds)
    .where("f.status", "=", "draft")
    .where("f.updated_at", "<=", before)
    .orderBy("f.id")
    .execute();
  let count = 0;
  for (const file of files) {
    const typed = parseJson<{ household?: { email?: unknown } }>(file.draft, {});
    const email = (
      file.email ?? (typeof typed.household?.email === "string" ? typed.household.email : "")
    ).trim();
    if (!email.includes("@")) continue; // nobody to remind yet
    const queued = await sendOnce([`draft:${file.id}`], now, async () => {
      const token = await createMembershipToken({
        purpose: "draft",
        fileId: file.id,
        householdId: file.household_id,
        now,
      });
      return draftReminderMail({ club, to: email, link: draftLink(club.origin, token) });
    });
    if (queued) count += 1;
  }
  return count;
}

/**
 * Once a season's renewal has opened: each household of the season before with no file
 * in this one (any: a draft is on its way, a cancelled one was a choice) and no opt-out
 * gets one renewal mail.
 */
async function mailRenewals(club: Club, today: string, now: Date): Promise<number> {
  const seasons = await getDb()
    .selectFrom("membership_seasons")
    .selectAll()
    .where("renewal_opens_on", "<=", today)
    .where("registration_closes_on", ">=", today)
    .orderBy("starts_on")
    .orderBy("id")
    .execute();
  let count = 0;
  for (const season of seasons) {
    const previous = await previousSeason(season);
    if (!previous) continue;
    const households = await getDb()
      .selectFrom("households as h")
      .select(["h.id", "h.email"])
      .where("h.renewal_optout_at", "is", null)
      .where("h.anonymised_at", "is", null)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom("membership_files as f")
            .innerJoin("registrations as r", "r.file_id", "f.id")
            .select("f.id")
            .whereRef("f.household_id", "=", "h.id")
            .where("f.season_id", "=", previous.id)
            .where("f.status", "=", "submitted")
            .where("r.status", "=", "active"),
        ),
      )
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom("membership_files as f")
              .select("f.id")
              .whereRef("f.household_id", "=", "h.id")
              .where("f.season_id", "=", season.id),
          ),
        ),
      )
      .orderBy("h.id")
      .execute();
    const sent = await sentKeys(`renewal:${season.id}:`);
    for (const household of households) {
      if (sent.has(`renewal:${season.id}:${household.id}`)) continue;
      const queued = await sendOnce([`renewal:${season.id}:${household.id}`], now, async () => {
        const members = await getDb()
          .selectFrom("registrations as r")
          .innerJoin("members as m", "m.id", "r.member_id")
          .innerJoin("membership_files as f", "f.id", "r.file_id")
          .select(["m.first_name"])
          .where("f.household_id", "=", household.id)
          .where("r.season_id", "=", previous.id)
          .where("r.status", "=", "active")
          .orderBy("r.rank")
          .orderBy("r.id")
          .execute();
        const renewal = await createMembershipToken({
          purpose: "renewal",
          householdId: household.id,
          now,
        });
        const optout = await createMembershipToken({
          purpose: "optout",
          householdId: household.id,
          now,
        });
        return renewalMail({
          club,
          to: household.email,
          season: season.label,
          members: members.map((m) => m.first_name),
          link: renewalUrl(club.origin, renewal),
          optout: optoutUrl(club.origin, optout),
        });
      });
      if (queued) count += 1;
    }
  }
  return count;
}

export interface MembershipMailCounts {
  attestations: number;
  payments: number;
  certificates: number;
  drafts: number;
  renewals: number;
}

/** Queues every membership mail due at `now` and not sent yet. */
export async function runMembershipMails({
  now = new Date(),
}: { now?: Date } = {}): Promise<MembershipMailCounts> {
  const today = parisToday(now);
  const seasonIds = (await liveSeasons(today)).map((season) => season.id);
  const counts: MembershipMailCounts = {
    attestations: 0,
    payments: 0,
    certificates: 0,
    drafts: 0,
    renewals: 0,
  };
  if (seasonIds.length === 0) return counts;
  const club = await getMailClub();
  counts.attestations = await mailAttestations(club, seasonIds, now);
  counts.payments = await mailPaymentReminders(club, seasonIds, now);
  counts.certificates = await mailCertificateReminders(club, today, now);
  counts.drafts = await mailDraftReminders(club, seasonIds, now);
  // Renewal invitations open the online membership: not before the club's address is set.
  if (await isSiteAddressSet()) counts.renewals = await mailRenewals(club, today, now);
  return counts;
}

/** The first process's job: the membership's mails now, then every 15 minutes. */
export function startMembershipMails({
  intervalMs = MEMBERSHIP_MAIL_INTERVAL_MS,
}: { intervalMs?: number } = {}): () => void {
  return startPeriodic({
    intervalMs,
    failure: "Envoi des e-mails des adhésions impossible",
    task: async () => {
      await runMembershipMails();
    },
  });
}
