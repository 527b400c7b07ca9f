import { getDb } from "~/db/client.server";

/** True once a family has chosen to pay online (issue 35): /confidentialite then names HelloAsso. */
export async function membershipUsesOnlinePayment(): Promise<boolean> {
  const row = await getDb()
    .selectFrom("membership_files")
    .select("id")
    .where("payment_choice", "=", "card")
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
