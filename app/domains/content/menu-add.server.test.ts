import { beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_MENU } from "~/domains/content/defaults";
import { addMenuItem, getMenu, getMenuForEdit, isInMenu, replaceMenu } from "./menu.server";

beforeEach(async () => {
  await replaceMenu({ items: DEFAULT_MENU });
});

const partenaires = { label: "Partenaires", path: "/partenaires", max: 30 };

describe("addMenuItem", () => {
  it("adds an entry at the end, once, and the menu's version changes", async () => {
    const { version } = await getMenuForEdit();
    expect(await isInMenu({ path: "/partenaires" })).toBe(false);

    expect(await addMenuItem(partenaires)).toBe("added");
    expect(await addMenuItem({ ...partenaires, label: "Autre libellé" })).toBe("present");

    const menu = await getMenu();
    expect(menu).toHaveLength(DEFAULT_MENU.length + 1);
    expect(menu.filter((item) => item.path === "/partenaires")).toEqual([
      expect.objectContaining({ label: "Partenaires", order_index: DEFAULT_MENU.length }),
    ]);
    expect(await isInMenu({ path: "/partenaires" })).toBe(true);
    // A Menu screen opened before is told to reload instead of writing over the entry.
    expect((await getMenuForEdit()).version).not.toBe(version);
  });

  it("adds one entry when asked several times at once", async () => {
    const outcomes = await Promise.all([1, 2, 3, 4].map(() => addMenuItem(partenaires)));
    expect(outcomes.filter((outcome) => outcome === "added")).toHaveLength(1);
    expect((await getMenu()).filter((item) => item.path === "/partenaires")).toHaveLength(1);
  });

  it("leaves a full menu as it is", async () => {
    expect(await addMenuItem({ ...partenaires, max: DEFAULT_MENU.length })).toBe("full");
    expect(await getMenu()).toHaveLength(DEFAULT_MENU.length);
  });

  it("starts an empty menu at 0", async () => {
    await replaceMenu({ items: [] });
    expect(await addMenuItem(partenaires)).toBe("added");
    expect(await getMenu()).toEqual([
      expect.objectContaining({ label: "Partenaires", path: "/partenaires", order_index: 0 }),
    ]);
  });
});
