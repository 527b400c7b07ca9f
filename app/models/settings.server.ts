import { getDb } from "~/db/client.server";
import {
  SETTINGS_CATEGORIES,
  SETTINGS_DEFAULTS,
  type Settings,
  type SettingsCategory,
} from "~/content/defaults";
import { mergeDefaults, parseJson } from "./parse";
import { assertFresh, nextStamp } from "./stale.server";

export async function getSettings<C extends SettingsCategory>({
  category,
}: {
  category: C;
}): Promise<Settings<C> & { updated_at: string | null }> {
  const row = await getDb()
    .selectFrom("site_settings")
    .select(["settings", "updated_at"])
    .where("category", "=", category)
    .executeTakeFirst();
  const merged = mergeDefaults(SETTINGS_DEFAULTS[category], parseJson(row?.settings, {}));
  return { ...merged, updated_at: row?.updated_at ?? null };
}

export type AllSettings = { [C in SettingsCategory]: Settings<C> };

/** Every category in one query, defaults merged: what the public layout needs. */
export async function getAllSettings(): Promise<AllSettings> {
  const rows = await getDb().selectFrom("site_settings").select(["category", "settings"]).execute();
  const stored = new Map(rows.map((row) => [row.category, parseJson<unknown>(row.settings, {})]));
  const result = {} as Record<SettingsCategory, unknown>;
  for (const category of SETTINGS_CATEGORIES) {
    result[category] = mergeDefaults(SETTINGS_DEFAULTS[category], stored.get(category));
  }
  return result as AllSettings;
}

/**
 * Saves one category. `loadedAt` is the updated_at the editor loaded (null when the row
 * did not exist yet); a stale one is refused with StaleSaveError.
 */
export async function saveSettings<C extends SettingsCategory>({
  category,
  settings,
  loadedAt,
}: {
  category: C;
  settings: Settings<C>;
  loadedAt: string | null;
}): Promise<string> {
  const db = getDb();
  const stamp = nextStamp(loadedAt);
  const json = JSON.stringify(settings);
  if (loadedAt === null) {
    const inserted = await db
      .insertInto("site_settings")
      .values({ category, settings: json, updated_at: stamp })
      .onConflict((oc) => oc.column("category").doNothing())
      .executeTakeFirst();
    assertFresh({ numUpdatedRows: inserted.numInsertedOrUpdatedRows ?? 0n }, true, "Paramètres");
    return stamp;
  }
  const result = await db
    .updateTable("site_settings")
    .set({ settings: json, updated_at: stamp })
    .where("category", "=", category)
    .where("updated_at", "=", loadedAt)
    .executeTakeFirst();
  assertFresh(result, true, "Paramètres");
  return stamp;
}
