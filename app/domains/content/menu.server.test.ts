import { describe, it, expect } from "vitest";
import { getDb } from "~/db/client.server";
import { DEFAULT_MENU } from "~/domains/content/defaults";
import { getMenu, replaceMenu } from "./menu.server";

async function storedMenu() {
  return getDb()
    .selectFrom("menu_items")
    .select(["id", "label", "path", "order_index", "updated_at"])
    .orderBy("order_index")
    .execute();
}

describe("replaceMenu", () => {
  it("replaces the whole list and numbers order_index from 0", async () => {
    await replaceMenu({ items: DEFAULT_MENU });
    const items = [
      { label: "Contact", path: "/contact" },
      { label: "Accueil", path: "/" },
      { label: "Blog", path: "/blog" },
    ];
    const result = await replaceMenu({ items });
    expect(result.map(({ label, path, order_index }) => ({ label, path, order_index }))).toEqual([
      { label: "Contact", path: "/contact", order_index: 0 },
      { label: "Accueil", path: "/", order_index: 1 },
      { label: "Blog", path: "/blog", order_index: 2 },
    ]);
    const stored = await storedMenu();
    expect(stored).toHaveLength(3);
    expect(stored.map((row) => row.label)).toEqual(["Contact", "Accueil", "Blog"]);
    expect(await getMenu()).toEqual(result);
  });

  it("empties the menu when given an empty list", async () => {
    await replaceMenu({ items: DEFAULT_MENU });
    expect(await replaceMenu({ items: [] })).toEqual([]);
    expect(await storedMenu()).toEqual([]);
  });

  it("leaves the previous menu exactly as it was when the replace fails part-way", async () => {
    await replaceMenu({ items: DEFAULT_MENU });
    const before = await storedMenu();
    expect(before).toHaveLength(DEFAULT_MENU.length);

    await expect(
      replaceMenu({
        items: [
          { label: "Accueil", path: "/" },
          { label: null as unknown as string, path: "/cassé" },
        ],
      }),
    ).rejects.toThrow();

    expect(await storedMenu()).toEqual(before);
  });
});
