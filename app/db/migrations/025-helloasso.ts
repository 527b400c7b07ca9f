import type { Kysely } from "kysely";
import { addContentTableTriggers } from "./006-table-versions";
import { createTableWithId } from "./id-table";

/*
 * Card payment through HelloAsso (docs/decisions/025-helloasso.md). Nothing a
 * browser sends is believed: a payment is recorded only from HelloAsso's API, read by
 * the server, its amount, state and our nonce checked.
 *
 * - helloasso_settings: one row, the admin's « Paiement en ligne »: on or off, the
 *   organisation's slug, the API client's id and secret (sealed with DATA_DIR/secret-key,
 *   app/utils/secret-box.server.ts, never shown again), sandbox, 3 instalments offered,
 *   the notification's source allowlist and optional signature key (sealed).
 * - helloasso_checkouts: a checkout intent made for a file's card balance: its HelloAsso
 *   id, our random nonce (also in the intent's metadata), the amount in cents, when it
 *   expires (15 minutes), its state and order. `open_key` holds the file's id while the
 *   checkout is open: unique, so a file never has two open checkouts (NULLs repeat).
 * - webhook_inbox: HelloAsso's notifications as received (raw body, its SHA-256 unique:
 *   a replay is dropped), the source address, whether the signature was checked, and
 *   what processing them gave.
 * - membership_payments.external_id: "helloasso:<payment id>", unique, so a HelloAsso
 *   payment becomes one of our payments once, however many times it is read.
 *
 * The settings change what /confidentialite says (HelloAsso named while card payment is
 * on): they bump the page cache's version (triggers of 002/006); the checkouts and the
 * inbox are not public content (NON_CONTENT_TABLES).
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
export async function up(db: Kysely<any>): Promise<void> {
  await createTableWithId(db, "helloasso_settings")
    .addColumn("enabled", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("organization_slug", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("client_id", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("client_secret", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("sandbox", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("instalments", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("allowlist", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("signature_key", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await addContentTableTriggers(db, "helloasso_settings");

  await createTableWithId(db, "helloasso_checkouts")
    .addColumn("file_id", "integer", (c) =>
      c.notNull().references("membership_files.id").onDelete("restrict"),
    )
    .addColumn("intent_id", "text", (c) => c.unique())
    .addColumn("open_key", "text", (c) => c.unique())
    .addColumn("nonce", "text", (c) => c.notNull())
    .addColumn("amount_cents", "integer", (c) => c.notNull())
    .addColumn("instalments", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("redirect_url", "text", (c) => c.notNull().defaultTo(""))
    // creating | pending | paid | refused | abandoned | failed
    .addColumn("state", "text", (c) => c.notNull().defaultTo("creating"))
    .addColumn("order_id", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("checked_at", "text")
    .addColumn("closed_at", "text")
    .addColumn("last_error", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  await db.schema
    .createIndex("helloasso_checkouts_file")
    .on("helloasso_checkouts")
    .column("file_id")
    .execute();
  await db.schema
    .createIndex("helloasso_checkouts_state")
    .on("helloasso_checkouts")
    .columns(["state", "created_at"])
    .execute();

  await createTableWithId(db, "webhook_inbox")
    .addColumn("provider", "text", (c) => c.notNull())
    .addColumn("body_hash", "text", (c) => c.notNull().unique())
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("source_ip", "text", (c) => c.notNull().defaultTo(""))
    // 1 checked and right, 0 wrong, null no key configured
    .addColumn("signature_ok", "integer")
    .addColumn("received_at", "text", (c) => c.notNull())
    .addColumn("processed_at", "text")
    .addColumn("outcome", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  await db.schema
    .createIndex("webhook_inbox_received")
    .on("webhook_inbox")
    .column("received_at")
    .execute();

  await db.schema.alterTable("membership_payments").addColumn("external_id", "text").execute();
  await db.schema
    .createIndex("membership_payments_external")
    .on("membership_payments")
    .column("external_id")
    .unique()
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("membership_payments_external").execute();
  await db.schema.alterTable("membership_payments").dropColumn("external_id").execute();
  for (const table of ["webhook_inbox", "helloasso_checkouts", "helloasso_settings"]) {
    await db.schema.dropTable(table).execute();
  }
  await db.deleteFrom("app_meta").where("key", "=", "content_version:helloasso_settings").execute();
}
