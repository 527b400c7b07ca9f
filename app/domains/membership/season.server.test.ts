import { describe, expect, it } from "vitest";
import { parisToday } from "~/core/club-time";
import { priceFile } from "~/domains/membership/membership-price";
import { createSeason } from "../../../tests/membership";
import {
  openSeason,
  priceTariff,
  seasonDiscounts,
  seasonTariffs,
  takeFileReference,
} from "./season.server";

describe("membership seasons", () => {
  it("finds the season open today and prices a file from its tariffs", async () => {
    const { season } = await createSeason();
    expect((await openSeason(parisToday()))?.id).toBe(season.id);
    expect(await openSeason("1999-01-01")).toBeUndefined();

    const tariffs = (await seasonTariffs(season.id)).map(priceTariff);
    const price = priceFile(
      [
        { tariff: tariffs[0]!, passSport: true },
        { tariff: tariffs[0]!, passSport: false },
      ],
      { passSportCents: season.pass_sport_cents, discounts: await seasonDiscounts(season.id) },
    );
    expect(price.totalCents).toBe(15000 - 7000 + 15000 - 2000);
  });

  it("never gives two files the same reference, even taken at once", async () => {
    const { season } = await createSeason();
    const year = season.starts_on.slice(0, 4);
    const references = await Promise.all(
      Array.from({ length: 12 }, () => takeFileReference(season.id)),
    );
    expect(new Set(references).size).toBe(12);
    expect([...references].sort()[0]).toBe(`ADH-${year}-001`);
    expect([...references].sort().at(-1)).toBe(`ADH-${year}-012`);
  });
});
