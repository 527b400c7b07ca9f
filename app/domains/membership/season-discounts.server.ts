/*
 * A season's household reductions in « Saisons et tarifs » (from the nth member of a household).
 * Every change is journaled with its act (item type "season"); the checks of what was typed are
 * membership-season-form.ts.
 */
import { type DiscountValues } from "~/domains/membership/membership-season-form";
import { getDb, inTransaction } from "~/db/client.server";
import { withActivity } from "~/domains/history/index.server";
import { type Actor } from "~/domains/history";
import { seasonLabel } from "./season-admin.server";

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
