import type { Kysely } from "kysely";
import { createTableWithId } from "./id-table";

/*
 * The membership desk records each act once (app/domains/membership/desk-once.server.ts).
 *
 * - membership_desk_keys: the one-time keys of the desk's forms already used: the key (the
 *   page's key and the form's name, unique, so that a second post of the same form fails to
 *   claim it even when both arrive together), the answer the first post gave (JSON, replayed
 *   to a repeat), and when. Kept for DESK_KEY_DAYS, purged by the housekeeping job.
 * - membership_payments.rejected_at: when a deposited cheque came back unpaid (status
 *   "rejected"): its amount is owed again.
 *
 * Neither is public content (NON_CONTENT_TABLES).
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
export async function up(db: Kysely<any>): Promise<void> {
  await createTableWithId(db, "membership_desk_keys")
    .addColumn("key", "text", (c) => c.notNull().unique())
    .addColumn("answer", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("membership_desk_keys_created")
    .on("membership_desk_keys")
    .column("created_at")
    .execute();
  await db.schema.alterTable("membership_payments").addColumn("rejected_at", "text").execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("membership_payments").dropColumn("rejected_at").execute();
  await db.schema.dropIndex("membership_desk_keys_created").execute();
  await db.schema.dropTable("membership_desk_keys").execute();
}
