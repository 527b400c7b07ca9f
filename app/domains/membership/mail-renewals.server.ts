/*
 * The renewal mail of the membership's mail job (mail-jobs.server.ts): once a season's renewal
 * has opened, one mail per household of the season before, with its renewal and opt-out links.
 */
import {
  optoutUrl,
  renewalMail,
  renewalUrl,
  type HouseholdMailFacts,
} from "~/domains/membership/membership-reminders.server";
import { getDb } from "~/db/client.server";
import { sendOnce, sentKeys } from "./mail-once.server";
import { previousSeason } from "./season.server";
import { createMembershipToken } from "./tokens.server";

/**
 * Once a season's renewal has opened: each household of the season before with no file
 * in this one (any: a draft is on its way, a cancelled one was a choice) and no opt-out
 * gets one renewal mail.
 */
export async function mailRenewals(
  club: HouseholdMailFacts["club"],
  today: string,
  now: Date,
): Promise<number> {
  const seasons = await getDb()
    .selectFrom("membership_seasons")
    .selectAll()
    .where("renewal_opens_on", "<=", today)
    .where("registration_closes_on", ">=", today)
    .orderBy("starts_on")
    .orderBy("id")
    .execute();
  let count = 0;
  for (const season of seasons) {
    const previous = await previousSeason(season);
    if (!previous) continue;
    const households = await getDb()
      .selectFrom("households as h")
      .select(["h.id", "h.email"])
      .where("h.renewal_optout_at", "is", null)
      .where("h.anonymised_at", "is", null)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom("membership_files as f")
            .innerJoin("registrations as r", "r.file_id", "f.id")
            .select("f.id")
            .whereRef("f.household_id", "=", "h.id")
            .where("f.season_id", "=", previous.id)
            .where("f.status", "=", "submitted")
            .where("r.status", "=", "active"),
        ),
      )
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom("membership_files as f")
              .select("f.id")
              .whereRef("f.household_id", "=", "h.id")
              .where("f.season_id", "=", season.id),
          ),
        ),
      )
      .orderBy("h.id")
      .execute();
    const sent = await sentKeys(`renewal:${season.id}:`);
    for (const household of households) {
      if (sent.has(`renewal:${season.id}:${household.id}`)) continue;
      const queued = await sendOnce([`renewal:${season.id}:${household.id}`], now, async () => {
        const members = await getDb()
          .selectFrom("registrations as r")
          .innerJoin("members as m", "m.id", "r.member_id")
          .innerJoin("membership_files as f", "f.id", "r.file_id")
          .select(["m.first_name"])
          .where("f.household_id", "=", household.id)
          .where("r.season_id", "=", previous.id)
          .where("r.status", "=", "active")
          .orderBy("r.rank")
          .orderBy("r.id")
          .execute();
        const renewal = await createMembershipToken({
          purpose: "renewal",
          householdId: household.id,
          now,
        });
        const optout = await createMembershipToken({
          purpose: "optout",
          householdId: household.id,
          now,
        });
        return renewalMail({
          club,
          to: household.email,
          season: season.label,
          members: members.map((m) => m.first_name),
          link: renewalUrl(club.origin, renewal),
          optout: optoutUrl(club.origin, optout),
        });
      });
      if (queued) count += 1;
    }
  }
  return count;
}
