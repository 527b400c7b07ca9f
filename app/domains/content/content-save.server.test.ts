import { beforeEach, describe, expect, it } from "vitest";
import { PAGE_TEXTS } from "~/domains/content/defaults";
import { getDb } from "~/db/client.server";
import {
  ContentSaveError,
  getContentBlock,
  getContentBlocksForEdit,
  saveContentBlocks,
} from "./content.server";
import { STALE_SAVE_MESSAGE, StaleSaveError } from "../../utils/stale.server";

async function rows() {
  return getDb()
    .selectFrom("site_content")
    .select(["category", "section", "content", "updated_at"])
    .orderBy("category")
    .orderBy("section")
    .execute();
}

async function store(category: string, section: string, content: unknown, updated_at: string) {
  await getDb()
    .insertInto("site_content")
    .values({ category, section, content: JSON.stringify(content), updated_at })
    .execute();
}

const STAMP = "2025-01-01T10:00:00.000Z";

beforeEach(async () => {
  await getDb().deleteFrom("site_content").execute();
});

describe("getContentBlocksForEdit", () => {
  it("lists every block of the public pages with its defaults and no stamp", async () => {
    const blocks = await getContentBlocksForEdit();
    const expected = Object.entries(PAGE_TEXTS).flatMap(([category, sections]) =>
      Object.keys(sections).map((section) => `${category}/${section}`),
    );
    expect(blocks.map((block) => `${block.category}/${block.section}`)).toEqual(expected);
    const hero = blocks.find((block) => block.category === "hero")!;
    expect(hero.content).toEqual(PAGE_TEXTS.hero.main);
    expect(hero.updatedAt).toBeNull();
  });

  it("merges the stored fields and gives the row's updated_at", async () => {
    await store("contact", "info", { title: "Nos coordonnées à jour" }, STAMP);
    const block = (await getContentBlocksForEdit()).find(
      (b) => b.category === "contact" && b.section === "info",
    )!;
    expect(block.content).toEqual({ ...PAGE_TEXTS.contact.info, title: "Nos coordonnées à jour" });
    expect(block.updatedAt).toBe(STAMP);
  });
});

describe("saveContentBlocks", () => {
  it("inserts a new block and updates an existing one, in one save", async () => {
    await store("hero", "main", { title: "Ancien titre" }, STAMP);
    const stamps = await saveContentBlocks({
      changes: [
        {
          category: "hero",
          section: "main",
          content: { ...PAGE_TEXTS.hero.main, title: "Nouveau titre" },
          loadedAt: STAMP,
        },
        {
          category: "contact",
          section: "map",
          content: { ...PAGE_TEXTS.contact.map, buttonText: "Voir la carte" },
          loadedAt: null,
        },
      ],
    });
    expect((await getContentBlock({ category: "hero", section: "main" })).title).toBe(
      "Nouveau titre",
    );
    expect((await getContentBlock({ category: "contact", section: "map" })).buttonText).toBe(
      "Voir la carte",
    );
    const stored = await rows();
    expect(stored).toHaveLength(2);
    const hero = stored.find((row) => row.category === "hero")!;
    expect(hero.updated_at > STAMP).toBe(true);
    expect(stamps["hero/main"]).toBe(hero.updated_at);
    expect(stamps["contact/map"]).toBe(
      stored.find((row) => row.category === "contact")!.updated_at,
    );
  });

  it("refuses a block changed since it was loaded and saves none of the others", async () => {
    await store("hero", "main", { title: "Modifié ailleurs" }, "2025-02-01T00:00:00.000Z");
    const before = await rows();
    const save = saveContentBlocks({
      changes: [
        { category: "about", section: "main", content: { title: "A" }, loadedAt: null },
        { category: "hero", section: "main", content: { title: "B" }, loadedAt: STAMP },
      ],
    });
    await expect(save).rejects.toBeInstanceOf(StaleSaveError);
    await expect(save).rejects.toThrow(STALE_SAVE_MESSAGE);
    expect(await rows()).toEqual(before);
  });

  it("refuses to create a block that someone created since it was loaded", async () => {
    await store("footer", "about", { description: "Déjà là" }, STAMP);
    await expect(
      saveContentBlocks({
        changes: [
          { category: "footer", section: "about", content: { description: "X" }, loadedAt: null },
        ],
      }),
    ).rejects.toBeInstanceOf(StaleSaveError);
    expect((await getContentBlock({ category: "footer", section: "about" })).description).toBe(
      "Déjà là",
    );
  });

  it("rolls everything back when a write fails part-way, naming the block", async () => {
    await store("hero", "main", { title: "Ancien" }, STAMP);
    const before = await rows();
    const save = saveContentBlocks({
      changes: [
        { category: "hero", section: "main", content: { title: "Nouveau" }, loadedAt: STAMP },
        // A NULL category breaks the NOT NULL constraint: the insert fails.
        {
          category: null as unknown as string,
          section: "main",
          content: { title: "Cassé" },
          loadedAt: null,
        },
      ],
    });
    await expect(save).rejects.toBeInstanceOf(ContentSaveError);
    await expect(save).rejects.toThrow("Erreur lors de la création de null/main");
    expect(await rows()).toEqual(before);
  });

  it("refuses a second write of the same block from the same load", async () => {
    await store("hero", "main", { title: "Ancien" }, STAMP);
    await expect(
      saveContentBlocks({
        changes: [
          {
            category: "hero",
            section: "main",
            content: { title: "Nouveau" },
            loadedAt: STAMP,
          },
          {
            category: "hero",
            section: "main",
            content: { title: "Encore" },
            // The stamp of the first write is unknown here: the second update is stale.
            loadedAt: STAMP,
          },
        ],
      }),
    ).rejects.toBeInstanceOf(StaleSaveError);
    expect((await getContentBlock({ category: "hero", section: "main" })).title).toBe("Ancien");
  });
});
