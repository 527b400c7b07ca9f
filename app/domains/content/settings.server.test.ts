import { describe, it, expect } from "vitest";
import { getDb } from "~/db/client.server";
import { SETTINGS_CATEGORIES, SETTINGS_DEFAULTS } from "~/domains/content/defaults";
import { getAllSettings, getSettings, saveSettings } from "./settings.server";
import { STALE_SAVE_MESSAGE, StaleSaveError } from "../../utils/stale.server";

async function clearSettings() {
  await getDb().deleteFrom("site_settings").execute();
}

async function storedRow(category: string) {
  return getDb()
    .selectFrom("site_settings")
    .select(["settings", "updated_at"])
    .where("category", "=", category)
    .executeTakeFirst();
}

async function insertRaw(category: string, settings: unknown) {
  const updated_at = new Date().toISOString();
  await getDb()
    .insertInto("site_settings")
    .values({ category, settings: JSON.stringify(settings), updated_at })
    .execute();
  return updated_at;
}

describe("getSettings", () => {
  it("returns the built-in defaults when nothing is stored", async () => {
    await clearSettings();
    const address = await getSettings({ category: "address" });
    expect(address.city).toBe("MEYZIEU");
    expect(address.postalCode).toBe("69330");
    expect(address.street).toBe(SETTINGS_DEFAULTS.address.street);
    expect(address.updated_at).toBeNull();
  });

  it("merges a stored partial object over the defaults", async () => {
    await clearSettings();
    const stamp = await insertRaw("address", { street: "1 rue X" });
    const address = await getSettings({ category: "address" });
    expect(address).toEqual({
      ...SETTINGS_DEFAULTS.address,
      street: "1 rue X",
      updated_at: stamp,
    });
  });

  it("reads a corrupt stored value as the defaults", async () => {
    await clearSettings();
    await getDb()
      .insertInto("site_settings")
      .values({ category: "blog", settings: "{pas du json", updated_at: new Date().toISOString() })
      .execute();
    const blog = await getSettings({ category: "blog" });
    expect(blog.articlesPerPage).toBe(9);
  });
});

describe("getAllSettings", () => {
  it("has every category, with the defaults when nothing is stored", async () => {
    await clearSettings();
    const all = await getAllSettings();
    expect(Object.keys(all).sort()).toEqual([...SETTINGS_CATEGORIES].sort());
    expect(all.hours.sunday).toBe("Fermé");
    expect(all.hours.monday).toBe("17h00-21h00");
    expect(all.planning_title.title).toBe("PLANNING - SEPTEMBRE 2024 - JUIN 2025");
    expect(all.schedule_display.start_hour).toBe(6);
    expect(all.schedule_display.end_hour).toBe(22);
    expect(all.schedule_display.visible_days.sunday).toBe(true);
    expect(all.blog.articlesPerPage).toBe(9);
    expect(all.address.city).toBe("MEYZIEU");
  });

  it("merges stored rows per category and keeps the others at their defaults", async () => {
    await clearSettings();
    await insertRaw("blog", { articlesPerPage: 12 });
    await insertRaw("schedule_display", { end_hour: 21, visible_days: { sunday: false } });
    const all = await getAllSettings();
    expect(all.blog.articlesPerPage).toBe(12);
    expect(all.schedule_display.end_hour).toBe(21);
    expect(all.schedule_display.start_hour).toBe(6);
    expect(all.schedule_display.visible_days.sunday).toBe(false);
    expect(all.schedule_display.visible_days.monday).toBe(true);
    expect(all.hours).toEqual(SETTINGS_DEFAULTS.hours);
  });
});

describe("saveSettings", () => {
  it("creates the row on a first save (loadedAt null) and returns its stamp", async () => {
    await clearSettings();
    const settings = { ...SETTINGS_DEFAULTS.blog, articlesPerPage: 6 };
    const stamp = await saveSettings({ category: "blog", settings, loadedAt: null });
    expect(new Date(stamp).toISOString()).toBe(stamp);
    const row = await storedRow("blog");
    expect(row?.updated_at).toBe(stamp);
    expect(JSON.parse(row!.settings)).toEqual({ articlesPerPage: 6 });
    const read = await getSettings({ category: "blog" });
    expect(read.articlesPerPage).toBe(6);
    expect(read.updated_at).toBe(stamp);
  });

  it("saves with the loaded stamp and returns a new one", async () => {
    await clearSettings();
    const loadedAt = await insertRaw("address", SETTINGS_DEFAULTS.address);
    const loaded = await getSettings({ category: "address" });
    expect(loaded.updated_at).toBe(loadedAt);

    const settings = { ...SETTINGS_DEFAULTS.address, street: "12 avenue Victor Hugo" };
    const stamp = await saveSettings({ category: "address", settings, loadedAt });
    expect(stamp).not.toBe(loadedAt);
    expect(Date.parse(stamp)).toBeGreaterThan(Date.parse(loadedAt));

    const after = await getSettings({ category: "address" });
    expect(after.street).toBe("12 avenue Victor Hugo");
    expect(after.updated_at).toBe(stamp);
  });

  it("refuses a second save based on the old stamp and keeps the stored value", async () => {
    await clearSettings();
    const loadedAt = await insertRaw("address", SETTINGS_DEFAULTS.address);
    const first = { ...SETTINGS_DEFAULTS.address, street: "Premier onglet" };
    const stamp = await saveSettings({ category: "address", settings: first, loadedAt });

    const second = { ...SETTINGS_DEFAULTS.address, street: "Second onglet" };
    const error = await saveSettings({ category: "address", settings: second, loadedAt }).then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(StaleSaveError);
    expect((error as Error).message).toBe(STALE_SAVE_MESSAGE);

    const row = await storedRow("address");
    expect(row?.updated_at).toBe(stamp);
    expect(JSON.parse(row!.settings).street).toBe("Premier onglet");
  });

  it("refuses a save with loadedAt null when the row already exists", async () => {
    await clearSettings();
    const existing = await insertRaw("hours", SETTINGS_DEFAULTS.hours);
    const settings = { ...SETTINGS_DEFAULTS.hours, sunday: "9h00-12h00" };
    await expect(saveSettings({ category: "hours", settings, loadedAt: null })).rejects.toThrow(
      StaleSaveError,
    );
    const row = await storedRow("hours");
    expect(row?.updated_at).toBe(existing);
    expect(JSON.parse(row!.settings).sunday).toBe("Fermé");
    expect(await getDb().selectFrom("site_settings").select("id").execute()).toHaveLength(1);
  });
});
