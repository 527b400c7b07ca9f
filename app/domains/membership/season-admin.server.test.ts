import { describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import type { Actor } from "~/domains/history/actor";
import { createSeason as givenSeason } from "../../../tests/membership";
import { addFile } from "../../../tests/membership-file-rows";
import {
  createSeason,
  listSeasons,
  newSeasonDefaults,
  seasonLabelTaken,
  updateSeason,
} from "./season-admin.server";
import {
  createTariff,
  deleteTariff,
  tariffLabelTaken,
  tariffsWithCounts,
  updateTariff,
} from "./season-tariffs.server";
import {
  deleteDiscount,
  discountRankTaken,
  saveDiscount,
  seasonDiscountRows,
} from "./season-discounts.server";
import { priceTariff, seasonTariffs } from "./season.server";

let files = 0;
const actor: Actor = { userId: null, username: "tresoriere", ip: "127.0.0.1" };

async function journal(seasonId: number) {
  return getDb()
    .selectFrom("activity_log")
    .select(["action", "item_type", "item_id", "item_label", "username"])
    .where("item_type", "=", "season")
    .where("item_id", "=", String(seasonId))
    .orderBy("id")
    .execute();
}

const tariffValues = {
  label: "Cardio du samedi",
  practice: "cardio" as const,
  birth_year_min: null,
  birth_year_max: 2008,
  club_cents: 9000,
  licence_cents: 0,
  includes: "Le samedi matin",
  places: 2,
  medical_rule: "certificate" as const,
  medical_text: "Un certificat.",
  position: 9,
};

describe("seasons in the back office", () => {
  it("proposes a first season from September when there is none (run first)", async () => {
    const defaults = await newSeasonDefaults("2026-10-15");
    expect(defaults).toMatchObject({ label: "2027-2028", starts_on: "2027-09-01" });
  });

  it("lists the seasons latest first, open today or not, with their files sent", async () => {
    const { season, tariffs } = await givenSeason();
    const { season: old } = await givenSeason({
      label: "ancienne",
      starts_on: "2001-09-01",
      ends_on: "2002-06-30",
      registration_opens_on: "2001-06-01",
      registration_closes_on: "2002-05-31",
    });
    const tariff = priceTariff(tariffs[2]!);
    for (const number of [1, 2]) {
      await addFile(getDb(), {
        season,
        discounts: [],
        reference: `T-${++files}`,
        household: { email: `foyer${number}@example.org` },
        members: [
          { firstName: "A", lastName: `Nom${number}`, birthDate: "1990-01-01", sex: "F", tariff },
        ],
      });
    }
    await getDb()
      .insertInto("membership_files")
      .values({ season_id: season.id, status: "draft", created_at: "x", updated_at: "x" })
      .execute();
    const today = season.registration_opens_on;
    const rows = await listSeasons(today);
    expect(rows.map((row) => row.id)).toEqual([season.id, old.id]);
    expect(rows[0]).toMatchObject({ files: 2, openNow: true });
    expect(rows[1]).toMatchObject({ files: 0, openNow: false });
  });

  it("proposes the latest season a year later and copies its tariffs and reductions", async () => {
    const { season, tariffs } = await givenSeason({
      label: "2040-2041",
      starts_on: "2040-09-01",
      ends_on: "2041-06-30",
    });
    const defaults = await newSeasonDefaults("2040-10-01");
    expect(defaults).toMatchObject({
      label: "2041-2042",
      starts_on: "2041-09-01",
      ends_on: "2042-06-30",
      pass_sport_cents: season.pass_sport_cents,
      house_rules: season.house_rules,
    });
    const id = await createSeason(actor, defaults);
    const copied = await seasonTariffs(id);
    expect(copied.map((tariff) => tariff.label)).toEqual(tariffs.map((tariff) => tariff.label));
    expect(copied.map((tariff) => [tariff.birth_year_min, tariff.birth_year_max])).toEqual(
      tariffs.map((tariff) => [
        tariff.birth_year_min === null ? null : tariff.birth_year_min + 1,
        tariff.birth_year_max === null ? null : tariff.birth_year_max + 1,
      ]),
    );
    expect(copied[0]!.medical_rule).toBe("questionnaire");
    expect(await seasonDiscountRows(id)).toMatchObject([{ nth_member: 2, amount_cents: 2000 }]);
    expect(await journal(id)).toEqual([
      {
        action: "create",
        item_type: "season",
        item_id: String(id),
        item_label: "2041-2042",
        username: "tresoriere",
      },
    ]);
    expect(await seasonLabelTaken("2041-2042")).toBe(true);
    expect(await seasonLabelTaken("2041-2042", id)).toBe(false);
  });

  it("saves a season's dates and texts, journaled", async () => {
    const { season } = await givenSeason();
    const saved = await updateSeason(actor, season.id, {
      label: "Saison renommée",
      starts_on: season.starts_on,
      ends_on: season.ends_on,
      registration_opens_on: season.registration_opens_on,
      registration_closes_on: season.registration_closes_on,
      renewal_opens_on: null,
      grace_until: null,
      pass_sport_cents: 5000,
      house_rules: "Nouveau règlement",
    });
    expect(saved).toBe(true);
    const row = await getDb()
      .selectFrom("membership_seasons")
      .selectAll()
      .where("id", "=", season.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      label: "Saison renommée",
      pass_sport_cents: 5000,
      renewal_opens_on: null,
    });
    expect((await journal(season.id)).at(-1)).toMatchObject({
      action: "save",
      item_label: "Saison renommée",
    });
    expect(
      await updateSeason(actor, 999_999, { ...row, renewal_opens_on: null, grace_until: null }),
    ).toBe(false);
  });
});

describe("tariffs", () => {
  it("adds, changes and counts a tariff's places and waiting list", async () => {
    const { season } = await givenSeason();
    const id = await createTariff(actor, season.id, tariffValues);
    expect(await tariffLabelTaken(season.id, "cardio du samedi")).toBe(true);
    expect(await tariffLabelTaken(season.id, "Cardio du samedi", id)).toBe(false);
    const tariff = priceTariff((await seasonTariffs(season.id)).find((row) => row.id === id)!);
    const member = (name: string, status?: "waiting") => ({
      firstName: name,
      lastName: "Martin",
      birthDate: "1985-05-05",
      sex: "M" as const,
      tariff,
      status,
    });
    await addFile(getDb(), {
      season,
      discounts: [],
      reference: `T-${++files}`,
      household: { email: "martin@example.org" },
      members: [member("Paul"), member("Luc"), member("Jean", "waiting")],
    });
    const counted = (await tariffsWithCounts(season.id)).find((row) => row.id === id)!;
    expect(counted).toMatchObject({ active: 2, waiting: 1, registrations: 3, places: 2 });
    expect(
      await updateTariff(actor, season.id, id, { ...tariffValues, places: null, label: "Cardio" }),
    ).toBe(true);
    expect((await tariffsWithCounts(season.id)).find((row) => row.id === id)).toMatchObject({
      label: "Cardio",
      places: null,
    });
    const other = await givenSeason();
    expect(await updateTariff(actor, other.season.id, id, tariffValues)).toBe(false);
    const words = (await journal(season.id)).map((row) => `${row.action} ${row.item_label}`);
    expect(words).toEqual([
      `create ${season.label} : Cardio du samedi`,
      `save ${season.label} : Cardio`,
    ]);
  });

  it("refuses to delete a tariff with registrations; deletes one without", async () => {
    const { season, tariffs } = await givenSeason();
    await addFile(getDb(), {
      season,
      discounts: [],
      reference: `T-${++files}`,
      household: { email: "x@example.org" },
      members: [
        {
          firstName: "Ana",
          lastName: "Lopez",
          birthDate: "1990-02-02",
          sex: "F",
          tariff: priceTariff(tariffs[2]!),
        },
      ],
    });
    expect(await deleteTariff(actor, season.id, tariffs[2]!.id)).toEqual({
      deleted: false,
      reason: "registrations",
      count: 1,
    });
    expect(await deleteTariff(actor, season.id, tariffs[3]!.id)).toEqual({ deleted: true });
    expect(await deleteTariff(actor, season.id, tariffs[3]!.id)).toEqual({
      deleted: false,
      reason: "not-found",
    });
    expect((await seasonTariffs(season.id)).map((row) => row.id)).not.toContain(tariffs[3]!.id);
    expect((await journal(season.id)).map((row) => row.action)).toEqual(["delete"]);
  });
});

describe("household reductions", () => {
  it("adds, changes and deletes a reduction from the n-th member, journaled", async () => {
    const { season } = await givenSeason();
    expect(await discountRankTaken(season.id, 2)).toBe(true);
    expect(
      await saveDiscount(actor, season.id, null, {
        nth_member: 3,
        amount_cents: 3000,
        label: "3e",
      }),
    ).toBe(true);
    const third = (await seasonDiscountRows(season.id)).find((row) => row.nth_member === 3)!;
    expect(await discountRankTaken(season.id, 3, third.id)).toBe(false);
    expect(
      await saveDiscount(actor, season.id, third.id, {
        nth_member: 3,
        amount_cents: 3500,
        label: "3e",
      }),
    ).toBe(true);
    expect(
      (await seasonDiscountRows(season.id)).map((row) => [row.nth_member, row.amount_cents]),
    ).toEqual([
      [2, 2000],
      [3, 3500],
    ]);
    expect(await deleteDiscount(actor, season.id, third.id)).toBe(true);
    expect(await deleteDiscount(actor, season.id, third.id)).toBe(false);
    expect((await journal(season.id)).map((row) => row.action)).toEqual([
      "create",
      "save",
      "delete",
    ]);
  });
});
