import { describe, expect, it } from "vitest";
import {
  ageOn,
  fileReference,
  householdDiscountFor,
  isMinorOn,
  priceFile,
  tariffsFor,
  type PriceTariff,
} from "./membership-price";

const jeunes: PriceTariff = {
  id: 1,
  practice: "educative",
  birthYearMin: 2012,
  birthYearMax: 2019,
  clubCents: 14000,
  licenceCents: 4000,
};
const adultes: PriceTariff = {
  id: 2,
  practice: "loisir",
  birthYearMin: null,
  birthYearMax: 2008,
  clubCents: 19000,
  licenceCents: 5500,
};
const season = {
  passSportCents: 7000,
  discounts: [
    { nthMember: 2, amountCents: 2000 },
    { nthMember: 3, amountCents: 3000 },
  ],
};

describe("tariffsFor", () => {
  it("proposes the tariffs of the member's birth year and practice", () => {
    expect(tariffsFor([jeunes, adultes], 2015).map((t) => t.id)).toEqual([1]);
    expect(tariffsFor([jeunes, adultes], 1990, "loisir").map((t) => t.id)).toEqual([2]);
    expect(tariffsFor([jeunes, adultes], 1990, "educative")).toEqual([]);
    expect(tariffsFor([jeunes, adultes], 2010)).toEqual([]);
  });
});

describe("householdDiscountFor", () => {
  it("takes the rule of the highest rank reached", () => {
    expect(householdDiscountFor(season.discounts, 1)).toBe(0);
    expect(householdDiscountFor(season.discounts, 2)).toBe(2000);
    expect(householdDiscountFor(season.discounts, 3)).toBe(3000);
    expect(householdDiscountFor(season.discounts, 5)).toBe(3000);
  });
});

describe("priceFile", () => {
  it("prices two children with the sibling reduction and one Pass'Sport", () => {
    const price = priceFile(
      [
        { tariff: jeunes, passSport: true },
        { tariff: jeunes, passSport: false },
      ],
      season,
    );
    expect(
      price.members.map((m) => [m.householdDiscountCents, m.passSportCents, m.totalCents]),
    ).toEqual([
      [0, 7000, 11000],
      [2000, 0, 16000],
    ]);
    expect(price.totalCents).toBe(27000);
  });

  it("never takes the reduction from the licence's part, nor goes below zero", () => {
    const cheap: PriceTariff = { ...jeunes, clubCents: 1000, licenceCents: 4000 };
    const price = priceFile(
      [
        { tariff: adultes, passSport: false },
        { tariff: cheap, passSport: true, manualDiscountCents: 99999 },
      ],
      season,
    );
    expect(price.members[1]).toMatchObject({
      householdDiscountCents: 1000,
      passSportCents: 4000,
      manualDiscountCents: 0,
      totalCents: 0,
    });
    expect(price.totalCents).toBe(24500);
  });
});

describe("references and ages", () => {
  it("writes ADH-2026-042", () => {
    expect(fileReference(2026, 42)).toBe("ADH-2026-042");
    expect(fileReference(2026, 1042)).toBe("ADH-2026-1042");
  });

  it("counts whole years, a minor until the 18th birthday", () => {
    expect(ageOn("2008-09-01", "2026-09-01")).toBe(18);
    expect(ageOn("2008-09-02", "2026-09-01")).toBe(17);
    expect(isMinorOn("2008-09-02", "2026-09-01")).toBe(true);
    expect(isMinorOn("2008-09-01", "2026-09-01")).toBe(false);
  });
});
