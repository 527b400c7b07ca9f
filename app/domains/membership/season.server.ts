/*
 * A membership season and its prices as every part of the membership reads them
 * (docs/decisions/024-membership.md). The back office's editing of seasons and tariffs
 * lives beside this file; the price itself is computed by app/domains/membership/membership-price.ts.
 */
import type { Selectable, Transaction } from "kysely";
import { MEDICAL_RULES } from "~/domains/membership/membership";
import {
  fileReference,
  type HouseholdDiscount,
  type PriceTariff,
} from "~/domains/membership/membership-price";
import { getDb } from "~/db/client.server";
import type { Database, MembershipSeasonsTable, MembershipTariffsTable } from "~/db/schema";
import {
  SEED_HOUSE_RULES,
  SEED_TARIFFS,
  seedSeasonDates,
} from "~/domains/membership/seed-membership";
import { isSiteAddressSet } from "~/core/site-address.server";

export type SeasonRow = Selectable<MembershipSeasonsTable>;
export type TariffRow = Selectable<MembershipTariffsTable>;

export async function getSeason(id: number): Promise<SeasonRow | undefined> {
  return getDb()
    .selectFrom("membership_seasons")
    .selectAll()
    .where("id", "=", id)
    .executeTakeFirst();
}

/** The season whose registration is open on this Paris day (the latest one if two overlap). */
export async function openSeason(today: string): Promise<SeasonRow | undefined> {
  return getDb()
    .selectFrom("membership_seasons")
    .selectAll()
    .where("registration_opens_on", "<=", today)
    .where("registration_closes_on", ">=", today)
    .orderBy("starts_on", "desc")
    .orderBy("id", "desc")
    .executeTakeFirst();
}

/**
 * The season families may register in online, from the site: the one open today, once the
 * club's address is set. Until then every mail of the membership would link the family to
 * localhost, so the online membership stays closed (Adhésions says why).
 */
export async function onlineSeason(today: string): Promise<SeasonRow | undefined> {
  return (await isSiteAddressSet()) ? openSeason(today) : undefined;
}

/** The season before this one (the one a renewal takes its data from). */
export async function previousSeason(season: SeasonRow): Promise<SeasonRow | undefined> {
  return getDb()
    .selectFrom("membership_seasons")
    .selectAll()
    .where("starts_on", "<", season.starts_on)
    .orderBy("starts_on", "desc")
    .orderBy("id", "desc")
    .executeTakeFirst();
}

export async function seasonTariffs(seasonId: number): Promise<TariffRow[]> {
  return getDb()
    .selectFrom("membership_tariffs")
    .selectAll()
    .where("season_id", "=", seasonId)
    .orderBy("position")
    .orderBy("id")
    .execute();
}

export async function seasonDiscounts(seasonId: number): Promise<HouseholdDiscount[]> {
  const rows = await getDb()
    .selectFrom("membership_discounts")
    .select(["nth_member", "amount_cents"])
    .where("season_id", "=", seasonId)
    .orderBy("nth_member")
    .execute();
  return rows.map((row) => ({ nthMember: row.nth_member, amountCents: row.amount_cents }));
}

export function priceTariff(row: TariffRow): PriceTariff {
  return {
    id: row.id,
    practice: row.practice,
    birthYearMin: row.birth_year_min,
    birthYearMax: row.birth_year_max,
    clubCents: row.club_cents,
    licenceCents: row.licence_cents,
  };
}

/** The season's first year: 2026 for 2026-2027 (from its start day). */
export function seasonYear(season: Pick<SeasonRow, "starts_on">): number {
  return Number(season.starts_on.slice(0, 4));
}

/**
 * Takes the season's next file reference (ADH-2026-042). One UPDATE … RETURNING: two
 * files sent at the same moment, by two servers, never get the same number.
 */
export async function takeFileReference(seasonId: number): Promise<string> {
  const row = await getDb()
    .updateTable("membership_seasons")
    .set((eb) => ({ next_reference: eb("next_reference", "+", 1) }))
    .where("id", "=", seasonId)
    .returning(["next_reference", "starts_on"])
    .executeTakeFirstOrThrow();
  return fileReference(seasonYear(row), row.next_reference);
}

/** A fresh install's season, tariffs and household reduction (app/domains/membership/seed-membership.ts). */
export async function seedMembership(trx: Transaction<Database>, today: string, stamp: string) {
  const { startYear, ...dates } = seedSeasonDates(today);
  const season = await trx
    .insertInto("membership_seasons")
    .values({
      ...dates,
      pass_sport_cents: 70_00,
      house_rules: SEED_HOUSE_RULES,
      created_at: stamp,
      updated_at: stamp,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  for (const [position, tariff] of SEED_TARIFFS.entries()) {
    await trx
      .insertInto("membership_tariffs")
      .values({
        season_id: season.id,
        label: tariff.label,
        practice: tariff.practice,
        birth_year_min: tariff.maxAge === null ? null : startYear - tariff.maxAge,
        birth_year_max: tariff.minAge === null ? null : startYear - tariff.minAge,
        club_cents: tariff.clubCents,
        licence_cents: tariff.licenceCents,
        includes: tariff.includes,
        medical_rule: "certificate",
        medical_text: MEDICAL_RULES.certificate.text,
        position,
        created_at: stamp,
        updated_at: stamp,
      })
      .execute();
  }
  await trx
    .insertInto("membership_discounts")
    .values({
      season_id: season.id,
      nth_member: 2,
      amount_cents: 20_00,
      label: "À partir du 2e membre du foyer",
    })
    .execute();
}
