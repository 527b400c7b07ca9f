/*
 * The membership's mails to households, each sent ONCE even across restarts
 * and several servers: its membership_mails key ("payment-7d:<fileId>",
 * "certificate:<registrationId>", "draft:<fileId>", "renewal:<seasonId>:<householdId>",
 * "attestation:<registrationId>") is claimed by an INSERT … ON CONFLICT DO NOTHING in the
 * same transaction as the queued mail: of two runs, one gets the key and queues the mail;
 * a rollback frees both (mail-once.server.ts). Run by the first process (startMembershipMails,
 * every 15 minutes). The renewal mail is mail-renewals.server.ts.
 */
import { addDays, parisToday } from "~/core/club-time";
import { getDb } from "~/db/client.server";
import {
  attestationsMail,
  certificateReminderMail,
  draftReminderMail,
  paymentReminderMail,
  type HouseholdMailFacts,
} from "~/domains/membership/membership-reminders.server";
import { type MailAttachment } from "~/domains/mail/index.server";
import { getMailClub } from "~/core/club.server";
import { isSiteAddressSet } from "~/core/site-address.server";
import { parseJson } from "~/core/json";
import { cardPaymentOn } from "~/domains/membership/helloasso/config.server";
import { startPeriodic } from "~/core/jobs.server";
import { attestationPdf } from "./attestation-pdf.server";
import { attestationFilename } from "./attestation-response.server";
import { amountPaidFor, issueAttestation } from "./attestation.server";
import { draftLink } from "./file-draft.server";
import { sendOnce, sentKeys } from "./mail-once.server";
import { mailRenewals } from "./mail-renewals.server";
import { createMembershipToken } from "./tokens.server";

const DAY_MS = 24 * 60 * 60 * 1000;
/** A payment still pending this many days after the file was sent: a reminder. */
export const PAYMENT_REMINDER_DAYS = 7;
/** A certificate still missing this many days after the season starts: a reminder. */
export const CERTIFICATE_REMINDER_DAYS = 14;
/** A draft untouched this many days: a reminder with its resume link. */
export const DRAFT_REMINDER_DAYS = 3;
export const MEMBERSHIP_MAIL_INTERVAL_MS = 15 * 60 * 1000;

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
      "f.submitted_at",
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
    // Two weeks after the later of the season's start and the file's sending.
    .where("s.starts_on", "<=", addDays(today, -CERTIFICATE_REMINDER_DAYS))
    .where(
      "f.submitted_at",
      "<=",
      new Date(now.getTime() - CERTIFICATE_REMINDER_DAYS * DAY_MS).toISOString(),
    )
    .orderBy("r.id")
    .execute();
  let count = 0;
  for (const row of rows) {
    const sent = parisToday(new Date(row.submitted_at!));
    const since = sent > row.starts_on ? { sent } : { started: row.starts_on };
    const queued = await sendOnce([`certificate:${row.id}`], now, async () =>
      certificateReminderMail({
        club,
        to: row.email,
        member: `${row.first_name} ${row.last_name}`,
        questionnaire: row.medical_kind === "questionnaire",
        reference: row.reference ?? "",
        since: { ...since, today },
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
