import { describe, expect, it } from "vitest";
import {
  DISCOUNT_MESSAGES,
  eurosField,
  nextSeasonLabel,
  nextYearDay,
  readDiscount,
  readSeason,
  readTariff,
  SEASON_MESSAGES,
  TARIFF_MESSAGES,
  type SeasonInput,
  type TariffInput,
} from "./membership-season-form";

const season: SeasonInput = {
  label: " 2027-2028 ",
  starts_on: "2027-09-01",
  ends_on: "2028-06-30",
  registration_opens_on: "2027-06-01",
  registration_closes_on: "2028-05-31",
  renewal_opens_on: "",
  grace_until: "2028-10-31",
  pass_sport: "70,5",
  house_rules: "Respect.\r\nPonctualité.",
};

const tariff: TariffInput = {
  label: "Loisir adultes",
  practice: "loisir",
  birth_year_min: "",
  birth_year_max: "2009",
  club: "165",
  licence: "55,50",
  includes: "Toutes les séances",
  places: "",
  medical_rule: "certificate",
  medical_text: "Un certificat.",
  position: "3",
};

describe("readSeason", () => {
  it("reads a season: trimmed label, euros to cents, empty optional dates as null", () => {
    const read = readSeason(season);
    expect(read.errors).toBeNull();
    expect(read.values).toMatchObject({
      label: "2027-2028",
      pass_sport_cents: 7050,
      renewal_opens_on: null,
      grace_until: "2028-10-31",
      house_rules: "Respect.\nPonctualité.",
    });
  });

  it("refuses dates out of order, impossible days, a missing label and bad amounts, in French", () => {
    const read = readSeason({
      ...season,
      label: "  ",
      ends_on: "2027-08-31",
      registration_closes_on: "2027-05-01",
      renewal_opens_on: "2027-02-30",
      pass_sport: "70,505",
    });
    expect(read.errors).toEqual({
      label: SEASON_MESSAGES.labelRequired,
      ends_on: SEASON_MESSAGES.seasonOrder,
      registration_closes_on: SEASON_MESSAGES.registrationOrder,
      renewal_opens_on: SEASON_MESSAGES.dateOptional,
      pass_sport: SEASON_MESSAGES.amount,
    });
    expect(readSeason({ ...season, pass_sport: "-5" }).errors?.pass_sport).toBe(
      SEASON_MESSAGES.amount,
    );
    expect(readSeason({ ...season, starts_on: "" }).errors?.starts_on).toBe(SEASON_MESSAGES.date);
    // The renewal's grace runs from the season's start (the seed: 31 October).
    expect(readSeason({ ...season, grace_until: "2027-10-31" }).errors).toBeNull();
    expect(readSeason({ ...season, grace_until: "2027-08-01" }).errors?.grace_until).toBe(
      SEASON_MESSAGES.graceOrder,
    );
  });
});

describe("readTariff", () => {
  it("reads a tariff: cents, open bounds as null, no limit of places", () => {
    const read = readTariff(tariff, 2026);
    expect(read.errors).toBeNull();
    expect(read.values).toMatchObject({
      birth_year_min: null,
      birth_year_max: 2009,
      club_cents: 16500,
      licence_cents: 5550,
      places: null,
      position: 3,
    });
    expect(readTariff({ ...tariff, places: "12" }, 2026).values?.places).toBe(12);
  });

  it("refuses what a volunteer could mistype, each with its French message", () => {
    const read = readTariff(
      {
        ...tariff,
        label: "",
        practice: "karate",
        birth_year_min: "2015",
        birth_year_max: "2010",
        club: "12,345",
        places: "0",
        medical_rule: "aucun",
        medical_text: " ",
      },
      2026,
    );
    expect(read.errors).toEqual({
      label: TARIFF_MESSAGES.labelRequired,
      practice: TARIFF_MESSAGES.practice,
      birth_year_max: TARIFF_MESSAGES.birthYearOrder,
      club: SEASON_MESSAGES.amount,
      places: TARIFF_MESSAGES.places,
      medical_rule: TARIFF_MESSAGES.medicalRule,
      medical_text: TARIFF_MESSAGES.medicalText,
    });
    expect(readTariff({ ...tariff, birth_year_min: "1850" }, 2026).errors?.birth_year_min).toBe(
      TARIFF_MESSAGES.birthYear,
    );
    expect(readTariff({ ...tariff, birth_year_max: "2031" }, 2026).errors?.birth_year_max).toBe(
      TARIFF_MESSAGES.birthYear,
    );
    expect(readTariff({ ...tariff, places: "-3" }, 2026).errors?.places).toBe(
      TARIFF_MESSAGES.places,
    );
  });
});

describe("readDiscount", () => {
  it("reads a reduction from the n-th member, and refuses a rank under 2", () => {
    expect(readDiscount({ nth_member: "2", amount: "20", label: "" }).values).toEqual({
      nth_member: 2,
      amount_cents: 2000,
      label: "",
    });
    expect(readDiscount({ nth_member: "1", amount: "abc", label: "" }).errors).toEqual({
      nth_member: DISCOUNT_MESSAGES.nth,
      amount: SEASON_MESSAGES.amount,
    });
  });
});

describe("the next season", () => {
  it("moves days and labels on by one year", () => {
    expect(nextYearDay("2026-09-01")).toBe("2027-09-01");
    expect(nextYearDay("2028-02-29")).toBe("2029-02-28");
    expect(nextSeasonLabel("2026-2027")).toBe("2027-2028");
    expect(nextSeasonLabel("Saison A")).toBe("Saison A (suite)");
    expect(eurosField(123456)).toBe("1234,56");
  });
});
