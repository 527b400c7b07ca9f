import type { Kysely } from "kysely";
import { createTableWithId } from "./id-table";

/*
 * Replies written in the back office's Messages screen: each reply keeps its text, who
 * wrote it and the outbox mail that carries it (mail_outbox has its delivery state), so
 * the message shows its thread. contact_messages.replied_at is the last reply's time, for
 * the list's "Répondu le …" without reading the replies. A reply goes with its message
 * (delete, purge). Not a content table: nothing a visitor sees.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("contact_messages").addColumn("replied_at", "text").execute();
  await createTableWithId(db, "contact_message_replies")
    .addColumn("message_id", "integer", (c) =>
      c.notNull().references("contact_messages.id").onDelete("cascade"),
    )
    // The outbox row of the mail; no foreign key: the outbox is the sender's, never ours.
    .addColumn("mail_id", "integer", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    // The admin's username when the reply was sent (a user deleted later keeps it).
    .addColumn("author", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("contact_message_replies_message")
    .on("contact_message_replies")
    .columns(["message_id", "id"])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("contact_message_replies").execute();
  await db.schema.alterTable("contact_messages").dropColumn("replied_at").execute();
}
