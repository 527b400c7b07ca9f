import { beforeEach, describe, expect, it } from "vitest";
import { SETTINGS_DEFAULTS } from "~/domains/content/defaults";
import { getDb } from "~/db/client.server";
import { getSettings, saveSettingsCategories, setSocialIcon } from "./settings.server";
import { StaleSaveError } from "../../utils/stale.server";

const STAMP = "2025-01-01T10:00:00.000Z";

async function insertRaw(category: string, settings: unknown, updated_at = STAMP) {
  await getDb()
    .insertInto("site_settings")
    .values({ category, settings: JSON.stringify(settings), updated_at })
    .execute();
}

beforeEach(async () => {
  await getDb().deleteFrom("site_settings").execute();
});

describe("saveSettingsCategories", () => {
  it("saves every category given, updating or creating its row", async () => {
    await insertRaw("general", SETTINGS_DEFAULTS.general);
    const stamps = await saveSettingsCategories({
      changes: [
        {
          category: "general",
          settings: { ...SETTINGS_DEFAULTS.general, siteName: "BCM" },
          loadedAt: STAMP,
        },
        {
          category: "hours",
          settings: { ...SETTINGS_DEFAULTS.hours, sunday: "10h00-12h00" },
          loadedAt: null,
        },
      ],
    });
    const general = await getSettings({ category: "general" });
    const hours = await getSettings({ category: "hours" });
    expect(general.siteName).toBe("BCM");
    expect(hours.sunday).toBe("10h00-12h00");
    expect(stamps.general).toBe(general.updated_at);
    expect(stamps.hours).toBe(hours.updated_at);
  });

  it("refuses the whole save when one category is stale", async () => {
    await insertRaw("general", SETTINGS_DEFAULTS.general);
    await insertRaw("address", SETTINGS_DEFAULTS.address, "2025-03-01T00:00:00.000Z");
    await expect(
      saveSettingsCategories({
        changes: [
          {
            category: "general",
            settings: { ...SETTINGS_DEFAULTS.general, siteName: "Perdu" },
            loadedAt: STAMP,
          },
          {
            category: "address",
            settings: { ...SETTINGS_DEFAULTS.address, street: "Perdue" },
            loadedAt: STAMP,
          },
        ],
      }),
    ).rejects.toBeInstanceOf(StaleSaveError);
    expect((await getSettings({ category: "general" })).siteName).toBe(
      SETTINGS_DEFAULTS.general.siteName,
    );
    expect((await getSettings({ category: "general" })).updated_at).toBe(STAMP);
  });
});

describe("setSocialIcon", () => {
  it("sets one network's icon and keeps the others", async () => {
    await insertRaw("social_icons", { ...SETTINGS_DEFAULTS.social_icons, instagram: "/i.png" });
    const icons = await setSocialIcon({ network: "facebook", url: "/uploads/site-images/f.png" });
    expect(icons.facebook).toBe("/uploads/site-images/f.png");
    expect(icons.instagram).toBe("/i.png");
    const stored = await getSettings({ category: "social_icons" });
    expect(stored).toMatchObject({ facebook: "/uploads/site-images/f.png", instagram: "/i.png" });
    expect(stored.updated_at).toBe(icons.updated_at);
  });

  it("creates the row when none exists, and removes an icon with an empty URL", async () => {
    await setSocialIcon({ network: "tiktok", url: "/t.png" });
    expect((await getSettings({ category: "social_icons" })).tiktok).toBe("/t.png");
    await setSocialIcon({ network: "tiktok", url: "" });
    expect((await getSettings({ category: "social_icons" })).tiktok).toBe("");
  });
});
