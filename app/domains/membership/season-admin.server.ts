/*
 * « Saisons et tarifs » in the back office: the seasons' list, a new season
 * copied from the latest one a year later, a season's dates and texts, its tariffs and its
 * household reductions. Every change is journaled with its act (item type "season"); the
 * checks of what was typed are app/domains/membership/membership-season-form.ts.
 */
import { sql } from "kysely";
import {
  nextSeasonLabel,
  nextYearDay,
  type DiscountValues,
  type SeasonValues,
  type TariffValues,
} from "~/domains/membership/membership-season-form";
import { getDb, inTransaction } from "~/db/client.server";
import { withActivity } from "~/domains/history/index.server";
import { type Actor } from "~/domains/history";
import type { SeasonRow, TariffRow } from "./season.server";

export type SeasonListRow = {
  id: number;
  label: string;
  starts_on: string;
  ends_on: string;
  registration_opens_on: string;
  registration_closes_on: string;
  files: number;
  openNow: boolean;
};

/** Every season, latest first, with its number of files sent (drafts and cancelled aside). */
export async function listSeasons(today: string): Promise<SeasonListRow[]> {
  const rows = await getDb()
    .selectFrom("membership_seasons as s")
    .select((eb) => [
      "s.id",
      "s.label",
      "s.starts_on",
      "s.ends_on",
      "s.registration_opens_on",
      "s.registration_closes_on",
      eb
        .selectFrom("membership_files as f")
        .select(eb.fn.countAll<number>().as("n"))
        .whereRef("f.season_id", "=", "s.id")
        .where("f.status", "=", "submitted")
        .as("files"),
    ])
    .orderBy("s.starts_on", "desc")
    .orderBy("s.id", "desc")
    .execute();
  return rows.map((row) => ({
    ...row,
    files: Number(row.files ?? 0),
    openNow: row.registration_opens_on <= today && today <= row.registration_closes_on,
  }));
}

async function latestSeason(): Promise<SeasonRow | undefined> {
  return getDb()
    .selectFrom("membership_seasons")
    .selectAll()
    .orderBy("starts_on", "desc")
    .orderBy("id", "desc")
    .executeTakeFirst();
}

/** What « Nouvelle saison » proposes: the latest season one year later (or the next September). */
export async function newSeasonDefaults(today: string): Promise<SeasonValues> {
  const latest = await latestSeason();
  if (!latest) {
    const year =
      Number(today.slice(5, 7)) >= 9 ? Number(today.slice(0, 4)) + 1 : Number(today.slice(0, 4));
    return {
      label: `${year}-${year + 1}`,
      starts_on: `${year}-09-01`,
      ends_on: `${year + 1}-06-30`,
      registration_opens_on: `${year}-06-01`,
      registration_closes_on: `${year + 1}-05-31`,
      renewal_opens_on: `${year}-06-01`,
      grace_until: `${year}-10-31`,
      pass_sport_cents: 0,
      house_rules: "",
    };
  }
  const later = (day: string | null) => (day ? nextYearDay(day) : null);
  return {
    label: nextSeasonLabel(latest.label),
    starts_on: nextYearDay(latest.starts_on),
    ends_on: nextYearDay(latest.ends_on),
    registration_opens_on: nextYearDay(latest.registration_opens_on),
    registration_closes_on: nextYearDay(latest.registration_closes_on),
    renewal_opens_on: later(latest.renewal_opens_on),
    grace_until: later(latest.grace_until),
    pass_sport_cents: latest.pass_sport_cents,
    house_rules: latest.house_rules,
  };
}

export async function seasonLabelTaken(label: string, exceptId?: number): Promise<boolean> {
  let query = getDb()
    .selectFrom("membership_seasons")
    .select("id")
    .where(sql<string>`lower(label)`, "=", label.toLowerCase());
  if (exceptId !== undefined) query = query.where("id", "!=", exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

/**
 * Creates a season; the latest one's tariffs and reductions are copied to it, the tariffs'
 * birth years moved on by the years between the two starts (one, usually).
 */
export async function createSeason(actor: Actor, values: SeasonValues, now = new Date()) {
  const stamp = now.toISOString();
  return withActivity(
    actor,
    (id: number) => ({ action: "create", itemType: "season", itemId: id, itemLabel: values.label }),
    async () => {
      const latest = await latestSeason();
      const season = await getDb()
        .insertInto("membership_seasons")
        .values({ ...values, next_reference: 0, created_at: stamp, updated_at: stamp })
        .returning("id")
        .executeTakeFirstOrThrow();
      if (!latest) return season.id;
      const shift = Number(values.starts_on.slice(0, 4)) - Number(latest.starts_on.slice(0, 4));
      const tariffs = await getDb()
        .selectFrom("membership_tariffs")
        .selectAll()
        .where("season_id", "=", latest.id)
        .orderBy("position")
        .orderBy("id")
        .execute();
      for (const { id: _id, season_id: _season, ...tariff } of tariffs) {
        await getDb()
          .insertInto("membership_tariffs")
          .values({
            ...tariff,
            season_id: season.id,
            birth_year_min: tariff.birth_year_min === null ? null : tariff.birth_year_min + shift,
            birth_year_max: tariff.birth_year_max === null ? null : tariff.birth_year_max + shift,
            created_at: stamp,
            updated_at: stamp,
          })
          .execute();
      }
      const discounts = await getDb()
        .selectFrom("membership_discounts")
        .selectAll()
        .where("season_id", "=", latest.id)
        .orderBy("nth_member")
        .execute();
      for (const { id: _id, season_id: _season, ...discount } of discounts) {
        await getDb()
          .insertInto("membership_discounts")
          .values({ ...discount, season_id: season.id })
          .execute();
      }
      return season.id;
    },
  );
}

export async function updateSeason(
  actor: Actor,
  id: number,
  values: SeasonValues,
  now = new Date(),
): Promise<boolean> {
  return withActivity(
    actor,
    (updated: boolean) =>
      updated ? { action: "save", itemType: "season", itemId: id, itemLabel: values.label } : null,
    async () => {
      const result = await getDb()
        .updateTable("membership_seasons")
        .set({ ...values, updated_at: now.toISOString() })
        .where("id", "=", id)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
  );
}

export type TariffAdminRow = TariffRow & { active: number; waiting: number; registrations: number };

/** A season's tariffs in order, each with its registrations counted (active, waiting, all). */
export async function tariffsWithCounts(seasonId: number): Promise<TariffAdminRow[]> {
  const rows = await getDb()
    .selectFrom("membership_tariffs as t")
    .leftJoin("registrations as r", "r.tariff_id", "t.id")
    .selectAll("t")
    .select((eb) => [
      eb.fn
        .sum<number>(eb.case().when("r.status", "=", "active").then(1).else(0).end())
        .as("active"),
      eb.fn
        .sum<number>(eb.case().when("r.status", "=", "waiting").then(1).else(0).end())
        .as("waiting"),
      eb.fn.count<number>("r.id").as("registrations"),
    ])
    .where("t.season_id", "=", seasonId)
    .groupBy("t.id")
    .orderBy("t.position")
    .orderBy("t.id")
    .execute();
  return rows.map((row) => ({
    ...row,
    active: Number(row.active ?? 0),
    waiting: Number(row.waiting ?? 0),
    registrations: Number(row.registrations ?? 0),
  }));
}

export async function getTariff(seasonId: number, id: number): Promise<TariffRow | undefined> {
  return getDb()
    .selectFrom("membership_tariffs")
    .selectAll()
    .where("season_id", "=", seasonId)
    .where("id", "=", id)
    .executeTakeFirst();
}

export async function tariffLabelTaken(
  seasonId: number,
  label: string,
  exceptId?: number,
): Promise<boolean> {
  let query = getDb()
    .selectFrom("membership_tariffs")
    .select("id")
    .where("season_id", "=", seasonId)
    .where(sql<string>`lower(label)`, "=", label.toLowerCase());
  if (exceptId !== undefined) query = query.where("id", "!=", exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

const seasonLabel = async (seasonId: number) =>
  (
    await getDb()
      .selectFrom("membership_seasons")
      .select("label")
      .where("id", "=", seasonId)
      .executeTakeFirst()
  )?.label ?? "";

/** Journal label of a tariff's act: « 2026-2027 : Loisir adultes ». */
const tariffItemLabel = async (seasonId: number, label: string) =>
  `${await seasonLabel(seasonId)} : ${label}`;

export async function createTariff(
  actor: Actor,
  seasonId: number,
  values: TariffValues,
  now = new Date(),
): Promise<number> {
  const stamp = now.toISOString();
  const itemLabel = await tariffItemLabel(seasonId, values.label);
  return withActivity(
    actor,
    () => ({ action: "create", itemType: "season", itemId: seasonId, itemLabel }),
    async () => {
      const row = await getDb()
        .insertInto("membership_tariffs")
        .values({ ...values, season_id: seasonId, created_at: stamp, updated_at: stamp })
        .returning("id")
        .executeTakeFirstOrThrow();
      return row.id;
    },
  );
}

export async function updateTariff(
  actor: Actor,
  seasonId: number,
  id: number,
  values: TariffValues,
  now = new Date(),
): Promise<boolean> {
  const itemLabel = await tariffItemLabel(seasonId, values.label);
  return withActivity(
    actor,
    (updated: boolean) =>
      updated ? { action: "save", itemType: "season", itemId: seasonId, itemLabel } : null,
    async () => {
      const result = await getDb()
        .updateTable("membership_tariffs")
        .set({ ...values, updated_at: now.toISOString() })
        .where("season_id", "=", seasonId)
        .where("id", "=", id)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
  );
}

export type DeleteTariffResult =
  | { deleted: true }
  | { deleted: false; reason: "not-found" }
  | { deleted: false; reason: "registrations"; count: number };

/** Deletes a tariff nobody registered to (any status); refused otherwise. */
export async function deleteTariff(
  actor: Actor,
  seasonId: number,
  id: number,
): Promise<DeleteTariffResult> {
  return inTransaction(async () => {
    const tariff = await getTariff(seasonId, id);
    if (!tariff) return { deleted: false, reason: "not-found" } as const;
    const { count } = await getDb()
      .selectFrom("registrations")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("tariff_id", "=", id)
      .executeTakeFirstOrThrow();
    if (Number(count) > 0) {
      return { deleted: false, reason: "registrations", count: Number(count) } as const;
    }
    const itemLabel = await tariffItemLabel(seasonId, tariff.label);
    await withActivity(
      actor,
      { action: "delete", itemType: "season", itemId: seasonId, itemLabel },
      () => getDb().deleteFrom("membership_tariffs").where("id", "=", id).execute(),
    );
    return { deleted: true } as const;
  });
}

export type DiscountRow = { id: number; nth_member: number; amount_cents: number; label: string };

export async function seasonDiscountRows(seasonId: number): Promise<DiscountRow[]> {
  return getDb()
    .selectFrom("membership_discounts")
    .select(["id", "nth_member", "amount_cents", "label"])
    .where("season_id", "=", seasonId)
    .orderBy("nth_member")
    .orderBy("id")
    .execute();
}

export async function discountRankTaken(
  seasonId: number,
  nth: number,
  exceptId?: number,
): Promise<boolean> {
  let query = getDb()
    .selectFrom("membership_discounts")
    .select("id")
    .where("season_id", "=", seasonId)
    .where("nth_member", "=", nth);
  if (exceptId !== undefined) query = query.where("id", "!=", exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

const discountItemLabel = async (seasonId: number, nth: number) =>
  `${await seasonLabel(seasonId)} : réduction à partir du ${nth}e membre`;

/** Adds (id null) or changes a household reduction; false when the one to change is gone. */
export async function saveDiscount(
  actor: Actor,
  seasonId: number,
  id: number | null,
  values: DiscountValues,
): Promise<boolean> {
  const itemLabel = await discountItemLabel(seasonId, values.nth_member);
  return withActivity(
    actor,
    (saved: boolean) =>
      saved
        ? { action: id ? "save" : "create", itemType: "season", itemId: seasonId, itemLabel }
        : null,
    async () => {
      if (id === null) {
        await getDb()
          .insertInto("membership_discounts")
          .values({ ...values, season_id: seasonId })
          .execute();
        return true;
      }
      const result = await getDb()
        .updateTable("membership_discounts")
        .set(values)
        .where("season_id", "=", seasonId)
        .where("id", "=", id)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
  );
}

export async function deleteDiscount(actor: Actor, seasonId: number, id: number): Promise<boolean> {
  return inTransaction(async () => {
    const row = await getDb()
      .selectFrom("membership_discounts")
      .select("nth_member")
      .where("season_id", "=", seasonId)
      .where("id", "=", id)
      .executeTakeFirst();
    if (!row) return false;
    const itemLabel = await discountItemLabel(seasonId, row.nth_member);
    await withActivity(
      actor,
      { action: "delete", itemType: "season", itemId: seasonId, itemLabel },
      () => getDb().deleteFrom("membership_discounts").where("id", "=", id).execute(),
    );
    return true;
  });
}
