/*
 * « Adresse du site » for tests (app/core/site-address.server.ts): set as an admin's save
 * would leave it, straight into the settings row.
 */
import { getDb } from "~/db/client.server";

export async function setSiteAddress(origin: string | null): Promise<void> {
  const settings = JSON.stringify({ origin: origin ?? "" });
  await getDb()
    .insertInto("site_settings")
    .values({ category: "site_address", settings, updated_at: new Date().toISOString() })
    .onConflict((conflict) => conflict.column("category").doUpdateSet({ settings }))
    .execute();
}
