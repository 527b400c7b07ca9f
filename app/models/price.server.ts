import { sql, type Kysely } from "kysely";
import { getDb, isPostgres } from "~/db/client.server";
import type { Database } from "~/db/schema";
import { PRICE_AUDIENCE_KEYS, type PriceAudience } from "~/content/price-schema";
import { SEED_PRICES } from "~/content/seed-prices";
import { oneOf } from "./parse";
import { nextStamp, StaleSaveError } from "./stale.server";

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

/**
 * The version of the whole list an editor loaded: row count and latest updated_at. Every
 * save rewrites every row with a new stamp, so any change made elsewhere changes it.
 */
async function listVersion(db: Kysely<Database>): Promise<string> {
  const row = await db
    .selectFrom("prices")
    .select((eb) => [eb.fn.countAll<number>().as("count"), eb.fn.max("updated_at").as("latest")])
    .executeTakeFirst();
  return `${Number(row?.count ?? 0)}:${row?.latest ?? ""}`;
}

/** Every price in the club's order, with the list's version for the stale check. */
export async function getPricesForEdit(): Promise<{ prices: Price[]; version: string }> {
  const db = getDb();
  const [prices, version] = await Promise.all([readPrices(db), listVersion(db)]);
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
    // NOTE: SQLite serialises write transactions already; PostgreSQL needs the lock so two
    // saves cannot both pass the version check.
    if (isPostgres(db)) await sql`lock table prices in exclusive mode`.execute(trx);
    const version = await listVersion(trx);
    if (version !== loadedVersion) throw new StaleSaveError();
    const latest = version.slice(version.indexOf(":") + 1);
    await trx.deleteFrom("prices").execute();
    await insertPrices(trx, prices, nextStamp(latest || null));
  });
  return { version: await listVersion(db) };
}

/** The first start's example prices (app/db/seed.server.ts), in the seed's transaction. */
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
