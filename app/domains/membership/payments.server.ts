import { getDb } from "~/db/client.server";

/** The payments (p) with their file (f) and its household (h), for the desk's lists and exports. */
export function paymentsWithFile() {
  return getDb()
    .selectFrom("membership_payments as p")
    .innerJoin("membership_files as f", "f.id", "p.file_id")
    .leftJoin("households as h", "h.id", "f.household_id");
}
