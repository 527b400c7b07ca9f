import { elide } from "~/core/french";
import { getDb } from "~/db/client.server";
import type { ContactInput } from "~/domains/messages/contact-schema";
import { queueMail } from "~/domains/mail/index.server";
import {
  CONTACT_DUPLICATE_WINDOW_MS,
  messageFingerprint,
  spamReason,
} from "./contact-guard.server";

/*
 * Messages sent from /contact: received (judged, stored, mailed unless spam), listed and
 * handled in /admin/messages, purged after the retention period (RGPD).
 */

export type MessageFolder = "inbox" | "archive" | "spam";
export const MESSAGE_FOLDERS: MessageFolder[] = ["inbox", "archive", "spam"];
/** Spam is kept this long so that a person taken for a robot can be recovered. */
export const SPAM_KEEP_DAYS = 30;
const HOUR_MS = 60 * 60 * 1000;

export interface Submission {
  input: ContactInput;
  honeypot: string;
  stamp: string;
  ip: string;
  secret: string;
  addressLimit: number;
  /** Where notifications go (settings: general.email), and the club's name for the texts. */
  clubEmail: string;
  clubName: string;
  now?: Date;
}

function notificationText(input: ContactInput): string {
  return [
    `Nouveau message reçu depuis le formulaire de contact du site.`,
    "",
    `Nom : ${input.name}`,
    `E-mail : ${input.email}`,
    `Téléphone : ${input.phone || "non indiqué"}`,
    `Sujet : ${input.subject}`,
    "",
    input.message,
    "",
    "Répondez directement à ce mail, ou depuis le back office (Messages).",
  ].join("\n");
}

/**
 * The acknowledgement holds the club's words only: the address was typed by a visitor and
 * is not proven theirs, so a text they typed would be the club mailing it to anyone.
 */
function acknowledgementText(clubName: string): string {
  return [
    "Bonjour,",
    "",
    "Nous avons bien reçu votre message envoyé depuis le formulaire de contact du site et vous répondrons rapidement.",
    "",
    "Si vous n'avez pas écrit au club, ignorez ce mail : votre adresse a été saisie par quelqu'un d'autre.",
    "",
    "À bientôt,",
    clubName,
  ].join("\n");
}

const DAY_MS = 24 * HOUR_MS;
const acknowledgementSubject = (clubName: string) =>
  `${clubName} : nous avons bien reçu votre message`;

/**
 * Stores a submission in the inbox, or in Spam with the reason, and queues the club's
 * notification and the sender's acknowledgement in the same transaction, never for spam:
 * nothing is mailed to an address a robot typed.
 */
export async function receiveContactMessage(
  submission: Submission,
): Promise<{ id: number; spam: boolean }> {
  const { input, ip } = submission;
  const now = submission.now ?? new Date();
  const stamp = now.toISOString();
  const hourAgo = new Date(now.getTime() - HOUR_MS).toISOString();
  const fingerprint = messageFingerprint(input.email, input.message);
  return getDb()
    .transaction()
    .execute(async (trx) => {
      const counts = await trx
        .selectFrom("contact_messages")
        .select((eb) => [
          eb.fn.countAll<number>().as("overall"),
          eb.fn.sum<number>(eb.case().when("ip", "=", ip).then(1).else(0).end()).as("fromAddress"),
        ])
        .where("created_at", ">", hourAgo)
        .executeTakeFirstOrThrow();
      const duplicate = await trx
        .selectFrom("contact_messages")
        .select("id")
        .where("fingerprint", "=", fingerprint)
        .where(
          "created_at",
          ">",
          new Date(now.getTime() - CONTACT_DUPLICATE_WINDOW_MS).toISOString(),
        )
        .limit(1)
        .executeTakeFirst();
      const reason = spamReason({
        honeypot: submission.honeypot,
        stamp: submission.stamp,
        message: input.message,
        secret: submission.secret,
        recentFromAddress: Number(counts.fromAddress ?? 0),
        addressLimit: submission.addressLimit,
        recentOverall: Number(counts.overall),
        isDuplicate: duplicate !== undefined,
        now: now.getTime(),
      });
      const row = await trx
        .insertInto("contact_messages")
        .values({
          name: input.name,
          email: input.email,
          phone: input.phone,
          subject: input.subject,
          message: input.message,
          folder: reason ? "spam" : "inbox",
          spam_reason: reason,
          ip,
          fingerprint,
          read_at: null,
          created_at: stamp,
          updated_at: stamp,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      if (!reason) {
        await queueMail(
          {
            kind: "message",
            to: submission.clubEmail,
            replyTo: input.email,
            subject: `[Site] ${input.subject} : message ${elide("de", input.name)}`,
            text: notificationText(input),
          },
          trx,
        );
        // At most one a day per address, whatever number of messages names it.
        const acknowledged = await trx
          .selectFrom("mail_outbox")
          .select("id")
          .where((eb) => eb(eb.fn("lower", ["to_address"]), "=", input.email.toLowerCase()))
          .where("subject", "=", acknowledgementSubject(submission.clubName))
          .where("created_at", ">", new Date(now.getTime() - DAY_MS).toISOString())
          .limit(1)
          .executeTakeFirst();
        if (!acknowledged) {
          await queueMail(
            {
              kind: "message",
              to: input.email,
              replyTo: submission.clubEmail,
              subject: acknowledgementSubject(submission.clubName),
              text: acknowledgementText(submission.clubName),
            },
            trx,
          );
        }
      }
      return { id: row.id, spam: reason !== "" };
    });
}

export interface MessageSummary {
  id: number;
  name: string;
  email: string;
  phone: string;
  subject: string;
  message: string;
  folder: MessageFolder;
  spamReason: string;
  read: boolean;
  /** The last reply sent from Messages, or null. */
  repliedAt: string | null;
  createdAt: string;
}

/** Unread messages of the inbox: the sidebar badge and the dashboard card. */
export async function countUnreadMessages(): Promise<number> {
  const row = await getDb()
    .selectFrom("contact_messages")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("folder", "=", "inbox")
    .where("read_at", "is", null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function markMessageRead({ id }: { id: number }): Promise<void> {
  const now = new Date().toISOString();
  await getDb()
    .updateTable("contact_messages")
    .set({ read_at: now, updated_at: now })
    .where("id", "=", id)
    .where("read_at", "is", null)
    .execute();
}

/** Moves a message to a folder ("Archiver", "Ce n'est pas un spam"); false when it is gone. */
export async function moveMessage({
  id,
  folder,
}: {
  id: number;
  folder: MessageFolder;
}): Promise<boolean> {
  const result = await getDb()
    .updateTable("contact_messages")
    .set({ folder, updated_at: new Date().toISOString() })
    .where("id", "=", id)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function deleteMessage({ id }: { id: number }): Promise<void> {
  await getDb().deleteFrom("contact_messages").where("id", "=", id).execute();
}

/**
 * RGPD: messages older than the retention period go, and spam after SPAM_KEEP_DAYS.
 * Returns how many were removed.
 */
export async function purgeOldMessages({
  retentionMonths,
  now = new Date(),
}: {
  retentionMonths: number;
  now?: Date;
}): Promise<number> {
  const limit = new Date(now);
  limit.setUTCMonth(limit.getUTCMonth() - retentionMonths);
  const spamLimit = new Date(now.getTime() - SPAM_KEEP_DAYS * 24 * HOUR_MS);
  const result = await getDb()
    .deleteFrom("contact_messages")
    .where((eb) =>
      eb.or([
        eb("created_at", "<", limit.toISOString()),
        eb.and([eb("folder", "=", "spam"), eb("created_at", "<", spamLimit.toISOString())]),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
