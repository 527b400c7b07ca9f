import type { Kysely } from "kysely";
import { createTableWithId } from "./id-table";

/*
 * Several volunteers, each with roles (docs/decisions/017-roles-and-capabilities.md) and
 * a second factor (docs/decisions/018-two-factor-sign-in.md):
 * - users: the e-mail (a sign-in identifier beside the username, stored lowercased), the
 *   roles (space-separated: admin redaction coach tresorier), deactivated_at (the account
 *   keeps its history), the TOTP secret encrypted with DATA_DIR's key, when it was
 *   confirmed, and the last time step accepted (a code is never taken twice). Every user
 *   already there was the site's admin: they become "admin".
 * - sessions: the address and device seen at sign-in, and `pending`: "" for a full
 *   session, "code" while the second factor is awaited, "enrol" while a role that
 *   requires two-factor sign-in has not enrolled yet.
 * - user_tokens: single-use invitation and password-reset links, stored as hashes.
 * - recovery_codes: the 10 single-use codes of a user's second factor, hashed.
 * - activity_log: who did what, to which item, when, from where; the username is copied
 *   so the row reads the same after the account is deactivated. Not a content table: a
 *   sign-in must not move the page cache.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("users").addColumn("email", "text").execute();
  await db.schema
    .alterTable("users")
    .addColumn("roles", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  await db.schema.alterTable("users").addColumn("deactivated_at", "text").execute();
  await db.schema.alterTable("users").addColumn("totp_secret", "text").execute();
  await db.schema.alterTable("users").addColumn("totp_enabled_at", "text").execute();
  await db.schema.alterTable("users").addColumn("totp_last_step", "integer").execute();
  await db.updateTable("users").set({ roles: "admin" }).execute();
  await db.schema.createIndex("users_email").unique().on("users").column("email").execute();

  for (const column of ["ip", "user_agent", "pending"]) {
    await db.schema
      .alterTable("sessions")
      .addColumn(column, "text", (c) => c.notNull().defaultTo(""))
      .execute();
  }

  await createTableWithId(db, "user_tokens")
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    // invitation | reset
    .addColumn("purpose", "text", (c) => c.notNull())
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("ip", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("used_at", "text")
    .execute();
  await db.schema
    .createIndex("user_tokens_user")
    .on("user_tokens")
    .columns(["user_id", "purpose", "created_at"])
    .execute();

  await createTableWithId(db, "recovery_codes")
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("code_hash", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("used_at", "text")
    .execute();
  await db.schema
    .createIndex("recovery_codes_user")
    .on("recovery_codes")
    .column("user_id")
    .execute();

  await createTableWithId(db, "activity_log")
    .addColumn("user_id", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("username", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("item_type", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("item_id", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("item_label", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("ip", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("activity_log_created")
    .on("activity_log")
    .columns(["created_at", "id"])
    .execute();
  await db.schema
    .createIndex("activity_log_user")
    .on("activity_log")
    .columns(["user_id", "created_at", "id"])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("activity_log").execute();
  await db.schema.dropTable("recovery_codes").execute();
  await db.schema.dropTable("user_tokens").execute();
  for (const column of ["ip", "user_agent", "pending"]) {
    await db.schema.alterTable("sessions").dropColumn(column).execute();
  }
  await db.schema.dropIndex("users_email").execute();
  for (const column of [
    "email",
    "roles",
    "deactivated_at",
    "totp_secret",
    "totp_enabled_at",
    "totp_last_step",
  ]) {
    await db.schema.alterTable("users").dropColumn(column).execute();
  }
}
