/*
 * A season's tariffs in « Saisons et tarifs »: listed with their registrations counted, created,
 * changed, and deleted while nobody registered to them. Every change is journaled with its act
 * (item type "season"); the checks of what was typed are membership-season-form.ts.
 */
import { sql } from "kysely";
import { type TariffValues } from "~/domains/membership/membership-season-form";
import { getDb, inTransaction } from "~/db/client.server";
import { withActivity } from "~/domains/history/index.server";
import { type Actor } from "~/domains/history";
import { seasonLabel } from "./season-admin.server";
import type { TariffRow } from "./season.server";

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
