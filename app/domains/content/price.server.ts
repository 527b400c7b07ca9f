import type { Kysely } from "kysely";
import { getDb } from "~/db/client.server";
import type { Database } from "~/db/schema";
import { PRICE_AUDIENCE_KEYS, type PriceAudience } from "~/domains/content/price-schema";
import { SEED_PRICES } from "~/domains/content/seed-prices";
import { oneOf } from "~/core/json";
import { beginWholeListWrite, wholeListVersion } from "../../utils/whole-list.server";

/*
 * The club's prices (/tarifs, /tarifs/imprimer, the back office's Tarifs screen). The
 * screen saves the whole list at once, like the registration forms: rows are replaced in
 * one transaction if nobody changed the list since it was loaded.
 */

export interface Price {
  id: number;
  label: string;
  audience: PriceAudience;
  amount_cents: number;
  includes_licence: boolean;
  includes_insurance: boolean;
  notes: string;
  order_index: number;
}

/** What the editor saves of a price (the list's order gives order_index). */
export type PriceInput = Omit<Price, "id" | "order_index">;

const COLUMNS = [
  "id",
  "label",
  "audience",
  "amount_cents",
  "includes_licence",
  "includes_insurance",
  "notes",
  "order_index",
] as const;

async function readPrices(db: Kysely<Database>): Promise<Price[]> {
  const rows = await db
    .selectFrom("prices")
    .select(COLUMNS)
    .orderBy("order_index")
    .orderBy("id")
    .execute();
  return rows.map((row) => ({
    ...row,
    audience: oneOf(PRICE_AUDIENCE_KEYS, row.audience, "tous"),
    includes_licence: row.includes_licence === 1,
    includes_insurance: row.includes_insurance === 1,
  }));
}

/** The prices visitors see, in the club's order. */
export async function getPublishedPrices(): Promise<Price[]> {
  return readPrices(getDb());
}

/** How many prices the club has typed (the dashboard asks for them when there are none). */
export async function countPrices(db: Kysely<Database> = getDb()): Promise<number> {
  const row = await db
    .selectFrom("prices")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

// ---------------------------------------------------------------------------------------
// Back office

/** Every price in the club's order, with the list's version for the stale check. */
export async function getPricesForEdit(): Promise<{ prices: Price[]; version: string }> {
  const db = getDb();
  const [prices, version] = await Promise.all([readPrices(db), wholeListVersion(db, "prices")]);
  return { prices, version };
}

/** Writes `prices` in their order (order_index from 0), each stamped `stamp`. */
async function insertPrices(
  trx: Kysely<Database>,
  prices: readonly PriceInput[],
  stamp: string,
): Promise<void> {
  if (prices.length === 0) return;
  await trx
    .insertInto("prices")
    .values(
      prices.map((price, order_index) => ({
        label: price.label,
        audience: price.audience,
        amount_cents: price.amount_cents,
        includes_licence: price.includes_licence ? 1 : 0,
        includes_insurance: price.includes_insurance ? 1 : 0,
        notes: price.notes,
        order_index,
        created_at: stamp,
        updated_at: stamp,
      })),
    )
    .execute();
}

/**
 * Replaces the whole list in one transaction, if nobody changed it since `loadedVersion`.
 * @throws StaleSaveError
 */
export async function replacePrices({
  prices,
  loadedVersion,
}: {
  prices: readonly PriceInput[];
  loadedVersion: string;
}): Promise<{ version: string }> {
  const db = getDb();
  await db.transaction().execute(async (trx) => {
    const stamp = await beginWholeListWrite(trx, { table: "prices", loadedVersion });
    await trx.deleteFrom("prices").execute();
    await insertPrices(trx, prices, stamp);
  });
  return { version: await wholeListVersion(db, "prices") };
}

/** The first start's example prices (app/startup/seed.server.ts), in the seed's transaction. */
export async function seedPrices(trx: Kysely<Database>, stamp: string): Promise<void> {
  await insertPrices(
    trx,
    SEED_PRICES.map((price) => ({
      label: price.label,
      audience: price.audience,
      amount_cents: price.amountCents,
      includes_licence: price.includesLicence,
      includes_insurance: price.includesInsurance,
      notes: price.notes,
    })),
    stamp,
  );
}
