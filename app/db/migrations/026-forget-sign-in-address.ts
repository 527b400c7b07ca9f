import type { Kysely } from "kysely";

/*
 * The club's address no longer comes from a sign-in (app/domains/content/site-address.server.ts):
 * the address the last sign-in was made at, kept under app_meta "admin_origin", goes.
 *
 * It is not copied into « Adresse du site »: the password step of any role, or accepting
 * an invitation, wrote it from the request's Host, which anyone holding one volunteer's
 * password could forge. An install that relied on it (no PUBLIC_URL) links to localhost
 * until an admin confirms the address, which the dashboard asks them to do in one click;
 * meanwhile online membership and card payment wait.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
export async function up(db: Kysely<any>): Promise<void> {
  await db.deleteFrom("app_meta").where("key", "=", "admin_origin").execute();
}

export async function down(): Promise<void> {
  // What was deleted was never to be trusted: nothing to put back.
}
