import { getDb } from "~/db/client.server";
import { nextStamp } from "./stale.server";

export interface MenuItem {
  id: number;
  label: string;
  path: string;
  order_index: number;
}

export async function getMenu(): Promise<MenuItem[]> {
  return getDb()
    .selectFrom("menu_items")
    .select(["id", "label", "path", "order_index"])
    .orderBy("order_index")
    .orderBy("id")
    .execute();
}

/**
 * Replaces the whole menu (spec §7: delete all, re-insert the list) in one transaction:
 * a failure leaves the previous menu whole.
 */
export async function replaceMenu({
  items,
}: {
  items: { label: string; path: string }[];
}): Promise<MenuItem[]> {
  const stamp = nextStamp();
  await getDb()
    .transaction()
    .execute(async (trx) => {
      await trx.deleteFrom("menu_items").execute();
      if (items.length === 0) return;
      await trx
        .insertInto("menu_items")
        .values(
          items.map((item, index) => ({
            label: item.label,
            path: item.path,
            order_index: index,
            updated_at: stamp,
          })),
        )
        .execute();
    });
  return getMenu();
}
