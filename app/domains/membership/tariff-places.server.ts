import { getDb } from "~/db/client.server";
import type { TariffRow } from "./season.server";

/*
 * Which tariffs of a season are full: their places all taken by "active"
 * registrations. For display only (« complet : liste d'attente »); the submit counts
 * again inside its transaction.
 */
export async function fullTariffIds(tariffs: readonly TariffRow[]): Promise<Set<number>> {
  const limited = tariffs.filter((tariff) => tariff.places !== null);
  if (limited.length === 0) return new Set();
  const rows = await getDb()
    .selectFrom("registrations")
    .select(["tariff_id", (eb) => eb.fn.countAll<number>().as("n")])
    .where(
      "tariff_id",
      "in",
      limited.map((tariff) => tariff.id),
    )
    .where("status", "=", "active")
    .groupBy("tariff_id")
    .execute();
  const taken = new Map(rows.map((row) => [row.tariff_id, Number(row.n)]));
  return new Set(
    limited.filter((tariff) => (taken.get(tariff.id) ?? 0) >= tariff.places!).map((t) => t.id),
  );
}
