import { Migrator } from "kysely";
import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { MIGRATIONS, migrateToLatest } from "~/db/migrate.server";
import { SEED_PRICES } from "~/domains/content/seed-prices";
import {
  countPrices,
  getPricesForEdit,
  getPublishedPrices,
  replacePrices,
  seedPrices,
  type PriceInput,
} from "./price.server";
import { StaleSaveError } from "../../utils/stale.server";

const price = (label: string, overrides: Partial<PriceInput> = {}): PriceInput => ({
  label,
  audience: "adultes",
  amount_cents: 180_00,
  includes_licence: true,
  includes_insurance: false,
  notes: "",
  ...overrides,
});

async function save(prices: PriceInput[]) {
  return replacePrices({ prices, loadedVersion: (await getPricesForEdit()).version });
}

beforeEach(async () => {
  await getDb().deleteFrom("prices").execute();
});

describe("replacePrices", () => {
  it("replaces the whole list in order; visitors see it with booleans and the audience", async () => {
    await save([price("Ancien")]);
    await save([
      price("Boxe éducative", { audience: "enfants", amount_cents: 150_50, notes: "Pass'Sport" }),
      price("Adultes loisir", { includes_insurance: true }),
    ]);
    const prices = await getPublishedPrices();
    expect(
      prices.map(({ label, audience, amount_cents, order_index }) => [
        label,
        audience,
        amount_cents,
        order_index,
      ]),
    ).toEqual([
      ["Boxe éducative", "enfants", 150_50, 0],
      ["Adultes loisir", "adultes", 180_00, 1],
    ]);
    expect(prices[0]).toMatchObject({
      includes_licence: true,
      includes_insurance: false,
      notes: "Pass'Sport",
    });
    expect(prices[1]!.includes_insurance).toBe(true);
    expect(await countPrices()).toBe(2);
  });

  it("refuses a save based on a list changed since it was loaded, and changes nothing", async () => {
    await save([price("Adultes")]);
    const loaded = await getPricesForEdit();
    await replacePrices({ prices: [price("Autre onglet")], loadedVersion: loaded.version });
    await expect(
      replacePrices({ prices: [price("Mon onglet")], loadedVersion: loaded.version }),
    ).rejects.toBeInstanceOf(StaleSaveError);
    expect((await getPublishedPrices()).map((p) => p.label)).toEqual(["Autre onglet"]);
  });

  it("gives a new version on every save, even an identical one, and empties the list", async () => {
    const first = await save([price("Adultes")]);
    const second = await replacePrices({
      prices: [price("Adultes")],
      loadedVersion: first.version,
    });
    expect(second.version).not.toBe(first.version);
    await replacePrices({ prices: [], loadedVersion: second.version });
    expect(await countPrices()).toBe(0);
    expect((await getPricesForEdit()).version).toBe("0:");
  });

  it("reads an unknown stored audience as « tous »", async () => {
    await save([price("Adultes")]);
    await getDb().updateTable("prices").set({ audience: "inconnu" }).execute();
    expect((await getPublishedPrices())[0]!.audience).toBe("tous");
  });
});

describe("seedPrices", () => {
  it("writes the example prices in order", async () => {
    await getDb()
      .transaction()
      .execute((trx) => seedPrices(trx, new Date().toISOString()));
    const prices = await getPublishedPrices();
    expect(prices.map((p) => p.label)).toEqual(SEED_PRICES.map((p) => p.label));
    expect(prices.map((p) => p.amount_cents)).toEqual(SEED_PRICES.map((p) => p.amountCents));
  });
});

describe("migration 016-prices", () => {
  const migrator = () =>
    new Migrator({ db: getDb(), provider: { getMigrations: async () => MIGRATIONS } });
  const marker = () =>
    getDb().selectFrom("app_meta").select("key").where("key", "=", "seed:prices").execute();

  it("keeps the examples off a site already running, and leaves a fresh install to the seed", async () => {
    const db = getDb();
    await migrator().migrateTo("015-booking-keeps-session");
    await migrateToLatest(db);
    expect(await marker()).toEqual([]);

    await migrator().migrateTo("015-booking-keeps-session");
    await db.insertInto("app_meta").values({ key: "seed:settings", value: "x" }).execute();
    await migrateToLatest(db);
    expect(await marker()).toEqual([{ key: "seed:prices" }]);
    await db.deleteFrom("app_meta").where("key", "in", ["seed:settings", "seed:prices"]).execute();
  });
});
