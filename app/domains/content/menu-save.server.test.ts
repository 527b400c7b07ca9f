import { beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_MENU } from "~/domains/content/defaults";
import { getDb } from "~/db/client.server";
import { getMenu, getMenuForEdit, menuVersion, replaceMenu, saveMenu } from "./menu.server";
import { StaleSaveError } from "../../utils/stale.server";

beforeEach(async () => {
  await replaceMenu({ items: DEFAULT_MENU });
});

describe("menuVersion", () => {
  it("is empty for an empty menu and changes with the latest stamp or the length", () => {
    expect(menuVersion([])).toBe("");
    const a = menuVersion([{ updated_at: "2025-01-01T00:00:00.000Z" }]);
    const b = menuVersion([
      { updated_at: "2025-01-01T00:00:00.000Z" },
      { updated_at: "2025-01-01T00:00:00.000Z" },
    ]);
    const c = menuVersion([{ updated_at: "2025-01-02T00:00:00.000Z" }]);
    expect(new Set([a, b, c]).size).toBe(3);
  });
});

describe("saveMenu", () => {
  it("replaces the menu when it is still the version loaded, and gives a new version", async () => {
    const { version } = await getMenuForEdit();
    const saved = await saveMenu({
      items: [
        { label: "Contact", path: "/contact" },
        { label: "Accueil", path: "/" },
      ],
      loadedVersion: version,
    });
    expect(saved.map(({ label, order_index }) => [label, order_index])).toEqual([
      ["Contact", 0],
      ["Accueil", 1],
    ]);
    expect(await getMenu()).toEqual(saved);
    expect((await getMenuForEdit()).version).not.toBe(version);
  });

  it("refuses a save based on a menu changed since, and keeps the newer menu", async () => {
    const { version } = await getMenuForEdit();
    await saveMenu({ items: [{ label: "Blog", path: "/blog" }], loadedVersion: version });
    await expect(
      saveMenu({ items: [{ label: "Écrasé", path: "/" }], loadedVersion: version }),
    ).rejects.toBeInstanceOf(StaleSaveError);
    expect((await getMenu()).map((item) => item.label)).toEqual(["Blog"]);
  });

  it("changes nothing when the insert fails", async () => {
    const { version, items } = await getMenuForEdit();
    await expect(
      saveMenu({
        items: [{ label: null as unknown as string, path: "/" }],
        loadedVersion: version,
      }),
    ).rejects.toThrow();
    expect(await getMenu()).toEqual(items);
    const count = await getDb()
      .selectFrom("menu_items")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(DEFAULT_MENU.length);
  });

  it("saves into an empty menu loaded as empty", async () => {
    await replaceMenu({ items: [] });
    const { version } = await getMenuForEdit();
    expect(version).toBe("");
    await saveMenu({ items: [{ label: "Accueil", path: "/" }], loadedVersion: version });
    expect((await getMenu()).map((item) => item.path)).toEqual(["/"]);
  });
});
