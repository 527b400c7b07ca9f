/*
 * Test data for the membership: a season open today with the club's usual
 * tariffs and household reduction. Every membership test starts from it.
 */
import type { Insertable } from "kysely";
import { parisToday } from "~/core/club-time";
import { getDb } from "~/db/client.server";
import type { Database } from "~/db/schema";
import { setSiteAddress } from "./site-address";

let counter = 0;

/** A season whose registration is open today (2026-2027 unless told), with its tariffs. */
export async function createSeason(
  values: Partial<Insertable<Database["membership_seasons"]>> = {},
) {
  // Families register online only once the club's address is set (onlineSeason).
  await setSiteAddress("https://club.example");
  const n = ++counter;
  const stamp = new Date().toISOString();
  const year = Number(parisToday().slice(0, 4));
  const season = await getDb()
    .insertInto("membership_seasons")
    .values({
      label: `${year}-${year + 1} (${n})`,
      starts_on: `${year}-09-01`,
      ends_on: `${year + 1}-06-30`,
      registration_opens_on: `${year - 1}-06-01`,
      registration_closes_on: `${year + 1}-05-31`,
      renewal_opens_on: `${year - 1}-06-01`,
      grace_until: `${year + 1}-10-31`,
      pass_sport_cents: 7000,
      house_rules: "Respect des autres, des horaires et du matériel.",
      created_at: stamp,
      updated_at: stamp,
      ...values,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const start = Number(season.starts_on.slice(0, 4));
  const tariff = (
    label: string,
    practice: string,
    min: number | null,
    max: number | null,
    club: number,
    licence: number,
    position: number,
    extra: Partial<Insertable<Database["membership_tariffs"]>> = {},
  ) => ({
    season_id: season.id,
    label,
    practice,
    birth_year_min: min,
    birth_year_max: max,
    club_cents: club,
    licence_cents: licence,
    position,
    // Every row names every column: a multi-row insert has no DEFAULT on SQLite.
    medical_rule: "certificate",
    created_at: stamp,
    updated_at: stamp,
    ...extra,
  });
  const tariffs = await getDb()
    .insertInto("membership_tariffs")
    .values([
      tariff("Boxe éducative 6-11 ans", "educative", start - 11, start - 6, 11000, 4000, 1, {
        medical_rule: "questionnaire",
      }),
      tariff("Boxe ados 12-17 ans", "loisir", start - 17, start - 12, 12500, 4500, 2),
      tariff("Boxe anglaise loisir", "loisir", null, start - 18, 16500, 5500, 3),
      tariff("Boxe anglaise compétition", "competition", null, start - 12, 20000, 6000, 4),
    ])
    .returningAll()
    .execute();
  await getDb()
    .insertInto("membership_discounts")
    .values({
      season_id: season.id,
      nth_member: 2,
      amount_cents: 2000,
      label: "2e membre du foyer",
    })
    .execute();
  return { season, tariffs: tariffs.sort((a, b) => a.position - b.position) };
}
