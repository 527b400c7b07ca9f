import type { Kysely } from "kysely";
import { getDb } from "~/db/client.server";
import type { Database } from "~/db/schema";
import { readAllSettings, readSettings } from "~/core/settings.server";
import {
  SETTINGS_DEFAULTS,
  type Settings,
  type SettingsCategory,
} from "~/domains/content/defaults";
import { mergeDefaults, parseJson } from "~/core/json";
import { assertFresh, nextStamp } from "../../utils/stale.server";

export async function getSettings<C extends SettingsCategory>({
  category,
}: {
  category: C;
}): Promise<Settings<C> & { updated_at: string | null }> {
  return readSettings(category, SETTINGS_DEFAULTS[category]);
}

export type AllSettings = { [C in SettingsCategory]: Settings<C> };

/** Every category in one query, defaults merged: what the public layout needs. */
export async function getAllSettings(): Promise<AllSettings> {
  return readAllSettings(SETTINGS_DEFAULTS);
}

/**
 * Saves one category. `loadedAt` is the updated_at the editor loaded (null when the row
 * did not exist yet); a stale one is refused with StaleSaveError.
 */
export async function saveSettings<C extends SettingsCategory>({
  category,
  settings,
  loadedAt,
  db = getDb(),
}: {
  category: C;
  settings: Settings<C>;
  loadedAt: string | null;
  /** A transaction, when the save is part of a larger write. */
  db?: Kysely<Database>;
}): Promise<string> {
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

export interface SettingsChange {
  category: SettingsCategory;
  settings: unknown;
  /** The updated_at the editor loaded for this category (null: no row yet). */
  loadedAt: string | null;
}

/**
 * Saves several categories at once (the Settings screen's global save) in one
 * transaction: a stale category throws StaleSaveError and none is saved. Returns the new
 * updated_at of each saved category.
 */
export async function saveSettingsCategories({
  changes,
}: {
  changes: SettingsChange[];
}): Promise<Partial<Record<SettingsCategory, string>>> {
  const stamps: Partial<Record<SettingsCategory, string>> = {};
  await getDb()
    .transaction()
    .execute(async (trx) => {
      for (const { category, settings, loadedAt } of changes) {
        stamps[category] = await saveSettings({
          category,
          settings: settings as Settings<typeof category>,
          loadedAt,
          db: trx,
        });
      }
    });
  return stamps;
}

/**
 * Sets one network's icon (an image URL, or "" to remove it) in social_icons, keeping the
 * other networks as stored: read and written in one transaction, the write refused if the
 * row changed in between. Returns the icons and their new updated_at.
 */
export async function setSocialIcon({
  network,
  url,
}: {
  network: keyof Settings<"social_icons">;
  url: string;
}): Promise<Settings<"social_icons"> & { updated_at: string }> {
  return getDb()
    .transaction()
    .execute(async (trx) => {
      const row = await trx
        .selectFrom("site_settings")
        .select(["settings", "updated_at"])
        .where("category", "=", "social_icons")
        .executeTakeFirst();
      const icons = {
        ...mergeDefaults(SETTINGS_DEFAULTS.social_icons, parseJson(row?.settings, {})),
        [network]: url,
      };
      const updated_at = await saveSettings({
        category: "social_icons",
        settings: icons,
        loadedAt: row?.updated_at ?? null,
        db: trx,
      });
      return { ...icons, updated_at };
    });
}
