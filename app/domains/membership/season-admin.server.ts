/*
 * « Saisons et tarifs » in the back office: the seasons' list, a new season
 * copied from the latest one a year later, a season's dates and texts. Its tariffs are
 * season-tariffs.server.ts, its household reductions season-discounts.server.ts. Every change
 * is journaled with its act (item type "season"); the checks of what was typed are
 * app/domains/membership/membership-season-form.ts.
 */
import { sql } from "kysely";
import {
  nextSeasonLabel,
  nextYearDay,
  type SeasonValues,
} from "~/domains/membership/membership-season-form";
import { getDb } from "~/db/client.server";
import { withActivity } from "~/domains/history/index.server";
import { type Actor } from "~/domains/history";
import type { SeasonRow } from "./season.server";

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

/** A season's label (« 2026-2027 »), for the journal's rows of its tariffs and reductions. */
export const seasonLabel = async (seasonId: number) =>
  (
    await getDb()
      .selectFrom("membership_seasons")
      .select("label")
      .where("id", "=", seasonId)
      .executeTakeFirst()
  )?.label ?? "";
