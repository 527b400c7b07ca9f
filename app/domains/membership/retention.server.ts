/*
 * The membership's retention (RGPD), run by the daily sweep
 * (startHousekeeping): the rules and their words are app/domains/membership/membership-retention.ts.
 * - A member whose last registration is in season S, once the season after S has passed
 *   its grace date, is anonymised: « Anonyme », birth date → YYYY-01-01, licence number
 *   and Pass'Sport code cleared, consents' signatures cleared; sex, tariff, amounts kept.
 * - A household with no member left un-anonymised loses its contact (e-mail, phone,
 *   address, guardians), its files' typed drafts and its links.
 * - Payment rows are deleted PAYMENT_RETENTION_YEARS after their season ends.
 * - Drafts never sent are deleted once their season's registration has closed.
 */
import { parisToday } from "~/core/club-time";
import { PAYMENT_RETENTION_YEARS } from "~/domains/membership/membership-retention";
import { getDb, inTransaction } from "~/db/client.server";
import { logActivity } from "~/domains/history/index.server";
import { SERVER_ACTOR } from "~/domains/history";
import { parseJson } from "~/core/json";

export const ANONYMOUS = "Anonyme";

export interface RetentionCounts {
  members: number;
  households: number;
  payments: number;
  drafts: number;
}

/** Anonymises who is due; returns how many members were. */
async function anonymiseMembers(today: string, stamp: string): Promise<number> {
  const db = getDb();
  const seasons = await db
    .selectFrom("membership_seasons")
    .select(["id", "starts_on", "grace_until"])
    .orderBy("starts_on")
    .orderBy("id")
    .execute();
  let count = 0;
  for (const [index, season] of seasons.entries()) {
    const next = seasons[index + 1];
    if (!next?.grace_until || next.grace_until >= today) continue;
    const members = await db
      .selectFrom("members as m")
      .select(["m.id", "m.birth_date"])
      .where("m.anonymised_at", "is", null)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom("registrations as r")
            .select("r.id")
            .whereRef("r.member_id", "=", "m.id")
            .where("r.season_id", "=", season.id),
        ),
      )
      // No registration in any later season (one who skipped a year and came back stays).
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom("registrations as r")
              .innerJoin("membership_seasons as s", "s.id", "r.season_id")
              .select("r.id")
              .whereRef("r.member_id", "=", "m.id")
              .where("s.starts_on", ">", season.starts_on),
          ),
        ),
      )
      .orderBy("m.id")
      .execute();
    for (const member of members) {
      await inTransaction(async () => {
        await getDb()
          .updateTable("members")
          .set({
            first_name: ANONYMOUS,
            last_name: ANONYMOUS,
            birth_date: `${member.birth_date.slice(0, 4)}-01-01`,
            licence_number: "",
            anonymised_at: stamp,
            updated_at: stamp,
          })
          .where("id", "=", member.id)
          .execute();
        const registrations = await getDb()
          .selectFrom("registrations")
          .select(["id", "consents"])
          .where("member_id", "=", member.id)
          .execute();
        for (const registration of registrations) {
          const consents = parseJson<Record<string, unknown>[]>(registration.consents, []).map(
            (consent) => ({ ...consent, by: "" }),
          );
          await getDb()
            .updateTable("registrations")
            .set({ pass_sport_code: "", consents: JSON.stringify(consents), updated_at: stamp })
            .where("id", "=", registration.id)
            .execute();
        }
      });
      count += 1;
    }
  }
  return count;
}

/** Households whose members are all anonymised lose their contact. */
async function anonymiseHouseholds(stamp: string): Promise<number> {
  const households = await getDb()
    .selectFrom("households as h")
    .select("h.id")
    .where("h.anonymised_at", "is", null)
    .where((eb) =>
      eb.exists(
        eb.selectFrom("members as m").select("m.id").whereRef("m.household_id", "=", "h.id"),
      ),
    )
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom("members as m")
            .select("m.id")
            .whereRef("m.household_id", "=", "h.id")
            .where("m.anonymised_at", "is", null),
        ),
      ),
    )
    .orderBy("h.id")
    .execute();
  for (const { id } of households) {
    await inTransaction(async () => {
      await getDb()
        .updateTable("households")
        .set({
          email: "",
          phone: "",
          address: "",
          postal_code: "",
          city: "",
          guardians: "[]",
          anonymised_at: stamp,
          updated_at: stamp,
        })
        .where("id", "=", id)
        .execute();
      await getDb()
        .updateTable("membership_files")
        .set({ draft: "{}", updated_at: stamp })
        .where("household_id", "=", id)
        .execute();
      await getDb().deleteFrom("membership_tokens").where("household_id", "=", id).execute();
    });
  }
  return households.length;
}

/** The day `years` years before `day` (YYYY-MM-DD). */
function yearsBefore(day: string, years: number): string {
  return `${Number(day.slice(0, 4)) - years}${day.slice(4)}`;
}

async function deleteOldPayments(today: string): Promise<number> {
  const cutoff = yearsBefore(today, PAYMENT_RETENTION_YEARS);
  const result = await getDb()
    .deleteFrom("membership_payments")
    .where("file_id", "in", (eb) =>
      eb
        .selectFrom("membership_files as f")
        .innerJoin("membership_seasons as s", "s.id", "f.season_id")
        .select("f.id")
        .where("s.ends_on", "<", cutoff),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

async function deleteClosedDrafts(today: string): Promise<number> {
  const result = await getDb()
    .deleteFrom("membership_files")
    .where("status", "=", "draft")
    .where("season_id", "in", (eb) =>
      eb.selectFrom("membership_seasons").select("id").where("registration_closes_on", "<", today),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Applies every rule due at `now`; returns what it did. */
export async function applyMembershipRetention({
  now = new Date(),
}: { now?: Date } = {}): Promise<RetentionCounts> {
  const today = parisToday(now);
  const stamp = now.toISOString();
  const members = await anonymiseMembers(today, stamp);
  const households = await anonymiseHouseholds(stamp);
  const payments = await deleteOldPayments(today);
  const drafts = await deleteClosedDrafts(today);
  const counts = { members, households, payments, drafts };
  if (members + households + payments + drafts > 0) {
    const summary = `${members} adhérent(s) et ${households} foyer(s) anonymisés, ${payments} paiement(s) et ${drafts} brouillon(s) supprimés`;
    console.log(`Adhésions, conservation des données : ${summary}`);
    await logActivity(
      SERVER_ACTOR,
      { action: "membership.retention", itemType: "membership", itemLabel: summary },
      { now },
    );
  }
  return counts;
}
