import type { Selectable } from "kysely";
import type { DB } from "~/db/client.server";
import { getDb } from "~/db/client.server";
import type { MailOutboxTable } from "~/db/schema";
import { pageOf, whereSearch, type ListPage } from "~/utils/list-page.server";
import { parseJson } from "~/core/json";
import type { MailKind } from "./kinds";
import {
  maskPersonalLinks,
  personalLinksOf,
  type PersonalLinkRef,
} from "../../core/personal-links";

/*
 * The persistent outbox (docs/decisions/009-mail-outbox.md): queueMail writes a row in the
 * caller's transaction or alone; the worker (./worker.server.ts) claims due rows one at a
 * time with a conditional UPDATE, so with several server processes a mail is sent once.
 * A row is never deleted by the sender: its state says what happened.
 */

export type MailState = "queued" | "sending" | "sent" | "failed";

export interface MailAttachment {
  filename: string;
  contentType: string;
  /** The bytes, base64-encoded (stored as JSON text). */
  contentBase64: string;
}

export interface MailToQueue {
  /** The work it belongs to: who reads it in « E-mails envoyés » (./kinds.ts). */
  kind: MailKind;
  to: string;
  subject: string;
  text: string;
  replyTo?: string;
  attachments?: MailAttachment[];
}

/** After this many failed tries a mail stops being retried and shows as failed. */
export const MAIL_MAX_ATTEMPTS = 8;
/** How long a claimed mail is held by one process before another may take it over. */
export const MAIL_CLAIM_MS = 2 * 60 * 1000;
const LONGEST_RETRY_MS = 6 * 60 * 60 * 1000;

/**
 * Puts a mail in the outbox; the worker sends it. Returns the outbox row's id. Its personal
 * links stay in the row only until it is delivered (markMailSent); what « Renvoyer » needs
 * to make them again (their purpose and token's hash) is kept beside it.
 */
export async function queueMail(mail: MailToQueue, db: DB = getDb()): Promise<number> {
  const now = new Date().toISOString();
  const row = await db
    .insertInto("mail_outbox")
    .values({
      kind: mail.kind,
      personal_links: JSON.stringify(personalLinksOf(mail.text)),
      to_address: mail.to,
      reply_to: mail.replyTo ?? "",
      subject: mail.subject,
      body_text: mail.text,
      attachments: JSON.stringify(mail.attachments ?? []),
      state: "queued",
      next_attempt_at: now,
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface ClaimedMail extends Required<Omit<MailToQueue, "attachments" | "kind">> {
  id: number;
  attempts: number;
  attachments: MailAttachment[];
}

/**
 * Takes the next due mail for this process: queued and due, or left "sending" by a process
 * that died. The UPDATE re-checks the row's state, so of two processes only one gets it.
 */
export async function claimNextMail({
  now = new Date(),
  db = getDb(),
}: { now?: Date; db?: DB } = {}): Promise<ClaimedMail | null> {
  const stamp = now.toISOString();
  for (let tries = 0; tries < 5; tries += 1) {
    const candidate = await db
      .selectFrom("mail_outbox")
      .select(["id", "state", "attempts"])
      .where((eb) =>
        eb.or([
          eb.and([eb("state", "=", "queued"), eb("next_attempt_at", "<=", stamp)]),
          eb.and([eb("state", "=", "sending"), eb("claimed_until", "<", stamp)]),
        ]),
      )
      .orderBy("next_attempt_at")
      .orderBy("id")
      .limit(1)
      .executeTakeFirst();
    if (!candidate) return null;
    const claimed = await db
      .updateTable("mail_outbox")
      .set({
        state: "sending",
        attempts: candidate.attempts + 1,
        claimed_until: new Date(now.getTime() + MAIL_CLAIM_MS).toISOString(),
        updated_at: stamp,
      })
      .where("id", "=", candidate.id)
      .where("state", "=", candidate.state)
      .where("attempts", "=", candidate.attempts)
      .executeTakeFirst();
    if (claimed.numUpdatedRows !== 1n) continue; // another process took it
    const row = await db
      .selectFrom("mail_outbox")
      .select(["id", "to_address", "reply_to", "subject", "body_text", "attachments", "attempts"])
      .where("id", "=", candidate.id)
      .executeTakeFirstOrThrow();
    return {
      id: row.id,
      to: row.to_address,
      replyTo: row.reply_to,
      subject: row.subject,
      text: row.body_text,
      attachments: parseJson<MailAttachment[]>(row.attachments, []),
      attempts: row.attempts,
    };
  }
  return null;
}

/** Marks a delivered mail sent; `text`, the text delivered, is kept with its personal links masked. */
export async function markMailSent({
  id,
  text,
  emlFile = "",
  db = getDb(),
}: {
  id: number;
  text: string;
  emlFile?: string;
  db?: DB;
}): Promise<void> {
  const now = new Date().toISOString();
  await db
    .updateTable("mail_outbox")
    .set({
      // Delivered: the copy kept holds no personal link any more.
      body_text: maskPersonalLinks(text),
      state: "sent",
      sent_at: now,
      claimed_until: null,
      last_error: "",
      eml_file: emlFile,
      updated_at: now,
    })
    .where("id", "=", id)
    .execute();
}

/** The delay before try number attempts + 1: base, doubling, capped at 6 hours. */
export function retryDelayMs(attempts: number, baseMs: number): number {
  return Math.min(LONGEST_RETRY_MS, baseMs * 2 ** Math.max(0, attempts - 1));
}

/**
 * Records a failed try: queued again after the backoff, or failed for good after
 * MAIL_MAX_ATTEMPTS tries or when the server refused the mail itself (permanent).
 */
export async function markMailFailed({
  id,
  attempts,
  reason,
  permanent = false,
  retryBaseMs,
  now = new Date(),
  db = getDb(),
}: {
  id: number;
  attempts: number;
  reason: string;
  permanent?: boolean;
  retryBaseMs: number;
  now?: Date;
  db?: DB;
}): Promise<MailState> {
  const state: MailState = permanent || attempts >= MAIL_MAX_ATTEMPTS ? "failed" : "queued";
  await db
    .updateTable("mail_outbox")
    .set({
      state,
      claimed_until: null,
      last_error: reason.slice(0, 500),
      next_attempt_at: new Date(now.getTime() + retryDelayMs(attempts, retryBaseMs)).toISOString(),
      updated_at: now.toISOString(),
    })
    .where("id", "=", id)
    .execute();
  return state;
}

export interface OutboxEntry {
  id: number;
  to: string;
  subject: string;
  state: MailState;
  attempts: number;
  lastError: string;
  emlFile: string;
  nextAttemptAt: string;
  sentAt: string | null;
  createdAt: string;
}

const ENTRY_COLUMNS = [
  "id",
  "to_address",
  "subject",
  "state",
  "attempts",
  "last_error",
  "eml_file",
  "next_attempt_at",
  "sent_at",
  "created_at",
] as const;

function toEntry(
  row: Pick<Selectable<MailOutboxTable>, (typeof ENTRY_COLUMNS)[number]>,
): OutboxEntry {
  return {
    id: row.id,
    to: row.to_address,
    subject: row.subject,
    state: row.state as MailState,
    attempts: row.attempts,
    lastError: row.last_error,
    emlFile: row.eml_file,
    nextAttemptAt: row.next_attempt_at,
    sentAt: row.sent_at,
    createdAt: row.created_at,
  };
}

/** The newest mails first. */
export async function listOutbox({ limit = 100 }: { limit?: number } = {}): Promise<OutboxEntry[]> {
  const rows = await getDb()
    .selectFrom("mail_outbox")
    .select(ENTRY_COLUMNS)
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  return rows.map(toEntry);
}

export const OUTBOX_PER_PAGE = 25;

/**
 * One page of the back office's "E-mails envoyés" among the kinds the reader may see
 * (./kinds.ts mailKindsFor), newest first, searched by address or subject.
 */
export async function pageOutbox({
  page,
  kinds,
  search = "",
}: {
  page: number;
  kinds: readonly string[];
  search?: string;
}): Promise<ListPage<OutboxEntry>> {
  const query = whereSearch(
    getDb()
      .selectFrom("mail_outbox")
      .where("kind", "in", kinds.length > 0 ? [...kinds] : ["-"]),
    ["to_address", "subject"],
    search,
  )
    .select(ENTRY_COLUMNS)
    .orderBy("id", "desc");
  const list = await pageOf(query, { page, perPage: OUTBOX_PER_PAGE });
  return { ...list, rows: list.rows.map(toEntry) };
}

/** Puts a failed mail of these kinds back in the queue, due now ("Réessayer"); false if none. */
export async function retryMail({
  id,
  kinds,
}: {
  id: number;
  kinds: readonly string[];
}): Promise<boolean> {
  if (kinds.length === 0) return false;
  const now = new Date().toISOString();
  const result = await getDb()
    .updateTable("mail_outbox")
    .set({ state: "queued", attempts: 0, next_attempt_at: now, updated_at: now })
    .where("id", "=", id)
    .where("kind", "in", [...kinds])
    .where("state", "=", "failed")
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

export interface OutboxMail extends OutboxEntry {
  replyTo: string;
  /** The plain text, as sent (the outbox holds no HTML part), its personal links masked. */
  text: string;
  /** The attachments' names and types; their bytes stay in the table. */
  attachments: { filename: string; contentType: string }[];
  /** It holds personal links that « Renvoyer » can make again. */
  resendable: boolean;
}

/**
 * One mail of these kinds opened in "E-mails envoyés": its text with every personal link
 * masked (./personal-links.ts), its delivery, without attachment bytes; null if none.
 */
export async function getOutboxMail({
  id,
  kinds,
}: {
  id: number;
  kinds: readonly string[];
}): Promise<OutboxMail | null> {
  if (kinds.length === 0) return null;
  const row = await getDb()
    .selectFrom("mail_outbox")
    .select([...ENTRY_COLUMNS, "reply_to", "body_text", "attachments", "personal_links"])
    .where("id", "=", id)
    .where("kind", "in", [...kinds])
    .executeTakeFirst();
  if (!row) return null;
  const links = parseJson<PersonalLinkRef[]>(row.personal_links, []);
  return {
    ...toEntry(row),
    replyTo: row.reply_to,
    text: maskPersonalLinks(row.body_text),
    attachments: parseJson<MailAttachment[]>(row.attachments, []).map((file) => ({
      filename: file.filename,
      contentType: file.contentType,
    })),
    resendable: links.length > 0 && links.every((link) => link.purpose !== null),
  };
}
