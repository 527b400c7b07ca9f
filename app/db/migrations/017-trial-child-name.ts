import type { Kysely } from "kysely";

/*
 * A trial for a child names the child in full: child_last_name beside child_first_name
 * and child_birth_year (the coach's list, the CSV). The person who books (a parent) is
 * first_name/last_name; guardian_name is no longer asked, and stays for the rows that have
 * one. Older children's rows keep a null last name (nothing reliable to fill it with).
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("trial_bookings").addColumn("child_last_name", "text").execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("trial_bookings").dropColumn("child_last_name").execute();
}
