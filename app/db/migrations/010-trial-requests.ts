import type { Kysely } from "kysely";
import { createTableWithId } from "./id-table";

/*
 * The trial booking form's limit per address, as the contact form has one
 * (DESIGN.md "Public forms"). trial_bookings keeps no IP (a booking needs none); this
 * table keeps the address and time of each request for an hour, no longer
 * (app/domains/trials/trial-request.server.ts). Not a content table.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
export async function up(db: Kysely<any>): Promise<void> {
  await createTableWithId(db, "trial_requests")
    .addColumn("ip", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("trial_requests_ip")
    .on("trial_requests")
    .columns(["ip", "created_at"])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("trial_requests").execute();
}
