/*
 * The renewal mail's unsubscribe link: its "optout" token names the household;
 * opening it changes nothing (mail scanners open links), the page's POST sets
 * renewal_optout_at, and the renewal job then leaves that household out.
 */
import { getDb } from "~/db/client.server";
import { findMembershipToken } from "./tokens.server";

export type OptoutState = "unknown" | "open" | "done";

/** What the link opens: unknown, a household still mailed, or one already opted out. */
export async function renewalOptoutState(token: string, now = new Date()): Promise<OptoutState> {
  const target = await findMembershipToken({ token, purpose: "optout", now });
  if (!target?.householdId) return "unknown";
  const household = await getDb()
    .selectFrom("households")
    .select("renewal_optout_at")
    .where("id", "=", target.householdId)
    .where("anonymised_at", "is", null)
    .executeTakeFirst();
  if (!household) return "unknown";
  return household.renewal_optout_at ? "done" : "open";
}

/** Stops the renewal mails of the link's household; false when the link is not valid. */
export async function optOutOfRenewal(token: string, now = new Date()): Promise<boolean> {
  const target = await findMembershipToken({ token, purpose: "optout", now });
  if (!target?.householdId) return false;
  const stamp = now.toISOString();
  await getDb()
    .updateTable("households")
    .set({ renewal_optout_at: stamp, updated_at: stamp })
    .where("id", "=", target.householdId)
    .where("renewal_optout_at", "is", null)
    .execute();
  return true;
}
