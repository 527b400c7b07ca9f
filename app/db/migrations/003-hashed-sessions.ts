import type { Kysely } from "kysely";

/*
 * Sessions are now stored as the SHA-256 of the cookie's id (app/core/session-hash.ts).
 * The rows written before hold clear ids that no cookie hashes to: they are ended once,
 * and their admins sign in again.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
export async function up(db: Kysely<any>): Promise<void> {
  await db.deleteFrom("sessions").execute();
}

// Nothing to undo: the hashed rows would not open a session with clear ids either.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom("sessions").execute();
}
