import { getDb } from "~/db/client.server";

/**
 * True while card payment through HelloAsso is on, or once a family has paid that way (its
 * data then went to HelloAsso): /confidentialite then names HelloAsso.
 */
export async function membershipUsesOnlinePayment(): Promise<boolean> {
  const db = getDb();
  const [enabled, chosen] = await Promise.all([
    db.selectFrom("helloasso_settings").select("id").where("enabled", "=", 1).executeTakeFirst(),
    db
      .selectFrom("membership_files")
      .select("id")
      .where("payment_choice", "=", "card")
      .limit(1)
      .executeTakeFirst(),
  ]);
  return enabled !== undefined || chosen !== undefined;
}
