import { getDb } from "~/db/client.server";
import { mergeDefaults, parseJson } from "./json";

/*
 * Reading the club's settings (table site_settings, one JSON row per category), shared by
 * every domain: the stored row merged over the defaults the caller gives, so that a field
 * missing from the database shows its default. The categories and their defaults are
 * app/domains/content/defaults.ts's; saving them is app/domains/content/settings.server.ts's.
 */

/** One category over its defaults, with the row's updated_at (null: no row yet). */
export async function readSettings<T>(
  category: string,
  defaults: T,
): Promise<T & { updated_at: string | null }> {
  const row = await getDb()
    .selectFrom("site_settings")
    .select(["settings", "updated_at"])
    .where("category", "=", category)
    .executeTakeFirst();
  const merged = mergeDefaults(defaults, parseJson(row?.settings, {}));
  return { ...merged, updated_at: row?.updated_at ?? null };
}

/** Every category in one query, each over its defaults. */
export async function readAllSettings<T extends Record<string, unknown>>(defaults: T): Promise<T> {
  const rows = await getDb().selectFrom("site_settings").select(["category", "settings"]).execute();
  const stored = new Map(rows.map((row) => [row.category, parseJson<unknown>(row.settings, {})]));
  const result: Record<string, unknown> = {};
  for (const category of Object.keys(defaults)) {
    result[category] = mergeDefaults(defaults[category], stored.get(category));
  }
  return result as T;
}
