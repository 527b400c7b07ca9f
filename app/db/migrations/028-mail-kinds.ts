import type { Kysely } from "kysely";
import { maskPersonalLinks, personalLinksOf } from "~/core/personal-links";

/*
 * Sent mails get a kind, the work they belong to, so that each role reads only its own
 * (app/domains/mail/kinds.ts), and the purposes of their personal links, so that « Renvoyer » can
 * make new ones. The rows already there have no kind (administrators only); those already
 * delivered have their personal links masked, as every delivered mail now has.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("mail_outbox")
    .addColumn("kind", "text", (col) => col.notNull().defaultTo(""))
    .execute();
  await db.schema
    .alterTable("mail_outbox")
    .addColumn("personal_links", "text", (col) => col.notNull().defaultTo("[]"))
    .execute();
  const rows = (await db
    .selectFrom("mail_outbox")
    .select(["id", "state", "body_text"])
    .execute()) as {
    id: number;
    state: string;
    body_text: string;
  }[];
  for (const row of rows) {
    const links = personalLinksOf(row.body_text);
    if (links.length === 0) continue;
    await db
      .updateTable("mail_outbox")
      .set({
        personal_links: JSON.stringify(links),
        ...(row.state === "sent" ? { body_text: maskPersonalLinks(row.body_text) } : {}),
      })
      .where("id", "=", row.id)
      .execute();
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("mail_outbox").dropColumn("personal_links").execute();
  await db.schema.alterTable("mail_outbox").dropColumn("kind").execute();
}
