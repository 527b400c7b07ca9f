import type { Kysely } from "kysely";
import { addContentTableTriggers } from "./006-table-versions";
import { createTableWithId } from "./id-table";

/*
 * The club's prices, typed in the back office's Tarifs screen and shown on /tarifs and
 * its printable page (app/domains/content/price.server.ts). A content table: the public pages read it.
 * - audience: enfants | juniors | adultes | tous (the public page groups by it);
 * - amount_cents: integer cents, never a float (formatted once, app/core/money.ts);
 * - includes_licence, includes_insurance: 0/1, what the amount covers;
 * - notes: a short free text (réduction famille, Pass'Sport, paiement en 3 chèques).
 * A fresh install gets example rows from the seed; an install already running when this
 * migration arrives gets none (its marker is written here): example amounts must not
 * appear on a live site before the club has typed its own.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  await createTableWithId(db, "prices")
    .addColumn("label", "text", (c) => c.notNull())
    .addColumn("audience", "text", (c) => c.notNull())
    .addColumn("amount_cents", "integer", (c) => c.notNull())
    .addColumn("includes_licence", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("includes_insurance", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("notes", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("order_index", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await addContentTableTriggers(db, "prices");

  const meta = db as Kysely<{ app_meta: { key: string; value: string } }>;
  const running = await meta
    .selectFrom("app_meta")
    .select("key")
    .where("key", "=", "seed:settings")
    .executeTakeFirst();
  if (running) {
    await meta
      .insertInto("app_meta")
      .values({ key: "seed:prices", value: new Date().toISOString() })
      .onConflict((oc) => oc.column("key").doNothing())
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("prices").execute();
  await (db as Kysely<{ app_meta: { key: string } }>)
    .deleteFrom("app_meta")
    .where("key", "in", ["content_version:prices", "seed:prices"])
    .execute();
}
