import { formatLongDateTime } from "~/core/date-format";
import { getDb } from "~/db/client.server";
import type { MessageReplyInput } from "~/domains/messages/message-reply-schema";
import { queueMail, type MailState } from "~/domains/mail/index.server";

/*
 * Replies to a contact message from the back office (Messages › Répondre). The mail goes
 * through the outbox (docs/decisions/009-mail-outbox.md) in the transaction that stores the
 * reply, so an SMTP outage delays it and loses nothing; the visitor's answer reaches the
 * club's address (Reply-To), not the site's sender.
 */

/** Why a reply was refused: the message is gone, or in Spam (a robot's address). */
export class ReplyRefused extends Error {
  constructor(readonly reason: "gone" | "spam") {
    super(reason);
  }
}

export interface MessageReply {
  id: number;
  subject: string;
  body: string;
  author: string;
  createdAt: string;
  /** The outbox mail's delivery: its state, and the reason of the last failure. */
  mail: { id: number; state: MailState; lastError: string; sentAt: string | null } | null;
}

/** The mail: the reply, the club's name, then the visitor's message quoted. */
export function replyText({
  body,
  clubName,
  original,
}: {
  body: string;
  clubName: string;
  original: { name: string; message: string; createdAt: string };
}): string {
  const quoted = original.message
    .replace(/\r\n?/g, "\n")
    .split("\n")
    .map((line) => (line ? `> ${line}` : ">"));
  return [
    body,
    "",
    "-- ",
    clubName,
    "",
    `Le ${formatLongDateTime(original.createdAt)}, ${original.name} a écrit :`,
    ...quoted,
  ].join("\n");
}

/**
 * Queues the reply to the visitor, stores it in the message's thread and marks the
 * message read and answered, all in one transaction. Throws ReplyRefused for a message
 * that is gone or in Spam (nothing is mailed to an address a robot typed).
 */
export async function replyToMessage({
  id,
  reply,
  author,
  club,
  now = new Date(),
}: {
  id: number;
  reply: MessageReplyInput;
  author: string;
  /** Paramètres › Général: the club's name (signature) and address (Reply-To). */
  club: { name: string; email: string };
  now?: Date;
}): Promise<{ replyId: number; mailId: number; to: string }> {
  const stamp = now.toISOString();
  return getDb()
    .transaction()
    .execute(async (trx) => {
      const message = await trx
        .selectFrom("contact_messages")
        .select(["id", "name", "email", "message", "folder", "read_at", "created_at"])
        .where("id", "=", id)
        .executeTakeFirst();
      if (!message) throw new ReplyRefused("gone");
      if (message.folder === "spam") throw new ReplyRefused("spam");
      const mailId = await queueMail(
        {
          kind: "message",
          to: message.email,
          replyTo: club.email,
          subject: reply.subject,
          text: replyText({
            body: reply.body,
            clubName: club.name,
            original: {
              name: message.name,
              message: message.message,
              createdAt: message.created_at,
            },
          }),
        },
        trx,
      );
      const row = await trx
        .insertInto("contact_message_replies")
        .values({
          message_id: id,
          mail_id: mailId,
          subject: reply.subject,
          body: reply.body,
          author,
          created_at: stamp,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await trx
        .updateTable("contact_messages")
        .set({ replied_at: stamp, read_at: message.read_at ?? stamp, updated_at: stamp })
        .where("id", "=", id)
        .execute();
      return { replyId: row.id, mailId, to: message.email };
    });
}

/** A message's replies, oldest first, each with its mail's delivery state. */
export async function getMessageReplies({
  messageId,
}: {
  messageId: number;
}): Promise<MessageReply[]> {
  const rows = await getDb()
    .selectFrom("contact_message_replies as reply")
    .leftJoin("mail_outbox as mail", "mail.id", "reply.mail_id")
    .select([
      "reply.id",
      "reply.subject",
      "reply.body",
      "reply.author",
      "reply.created_at",
      "mail.id as mail_id",
      "mail.state",
      "mail.last_error",
      "mail.sent_at",
    ])
    .where("reply.message_id", "=", messageId)
    .orderBy("reply.id")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    subject: row.subject,
    body: row.body,
    author: row.author,
    createdAt: row.created_at,
    mail:
      row.mail_id === null
        ? null
        : {
            id: row.mail_id,
            state: row.state as MailState,
            lastError: row.last_error ?? "",
            sentAt: row.sent_at,
          },
  }));
}
