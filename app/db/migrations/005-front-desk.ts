import type { CreateTableBuilder, Kysely } from "kysely";
import { createTableWithId } from "./id-table";

/*
 * The front desk: messages sent from /contact (inbox, archive, spam folders) and the mail
 * outbox every mail of the site goes through (app/mail, docs/decisions/009-mail-outbox.md).
 * Neither changes what a visitor sees: both are in NON_CONTENT_TABLES (no cache trigger).
 */

type Table = CreateTableBuilder<string, never>;

export async function up(db: Kysely<unknown>): Promise<void> {
  const table = (name: string): Table => createTableWithId(db, name);

  await table("contact_messages")
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("phone", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("message", "text", (c) => c.notNull())
    // inbox | archive | spam
    .addColumn("folder", "text", (c) => c.notNull().defaultTo("inbox"))
    .addColumn("spam_reason", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("ip", "text", (c) => c.notNull().defaultTo(""))
    // A hash of the normalised message: duplicate suppression without a full-text compare.
    .addColumn("fingerprint", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("read_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("contact_messages_folder_created")
    .on("contact_messages")
    .columns(["folder", "created_at"])
    .execute();
  await db.schema
    .createIndex("contact_messages_ip_created")
    .on("contact_messages")
    .columns(["ip", "created_at"])
    .execute();

  await table("mail_outbox")
    .addColumn("to_address", "text", (c) => c.notNull())
    .addColumn("reply_to", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("body_text", "text", (c) => c.notNull())
    // JSON: [{ filename, contentType, content (base64) }]
    .addColumn("attachments", "text", (c) => c.notNull().defaultTo("[]"))
    // queued | sending | sent | failed
    .addColumn("state", "text", (c) => c.notNull().defaultTo("queued"))
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("next_attempt_at", "text", (c) => c.notNull())
    // While state = sending: the claim expires here (a process that died mid-send).
    .addColumn("claimed_until", "text")
    .addColumn("last_error", "text", (c) => c.notNull().defaultTo(""))
    // The .eml file name under DATA_DIR/outbox, when written there instead of sent by SMTP.
    .addColumn("eml_file", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("sent_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("mail_outbox_state_next")
    .on("mail_outbox")
    .columns(["state", "next_attempt_at"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("mail_outbox").ifExists().execute();
  await db.schema.dropTable("contact_messages").ifExists().execute();
}
