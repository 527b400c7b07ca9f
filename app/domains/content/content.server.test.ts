import { describe, it, expect } from "vitest";
import { getDb } from "~/db/client.server";
import { PAGE_TEXTS } from "~/domains/content/defaults";
import { getContentBlock, getPageContent } from "./content.server";

async function clearContent() {
  await getDb().deleteFrom("site_content").execute();
}

async function store(category: string, section: string, content: unknown) {
  await getDb()
    .insertInto("site_content")
    .values({
      category,
      section,
      content: typeof content === "string" ? content : JSON.stringify(content),
      updated_at: new Date().toISOString(),
    })
    .execute();
}

describe("getContentBlock", () => {
  it("returns the built-in French texts when nothing is stored", async () => {
    await clearContent();
    const hero = await getContentBlock({ category: "hero", section: "main" });
    expect(hero).toEqual(PAGE_TEXTS.hero.main);
    expect(hero.title).toBe("Boxing Club de Meyzieu");
  });

  it("takes the stored fields and keeps the defaults of the others", async () => {
    await clearContent();
    await store("hero", "main", { title: "Nouveau titre" });
    const hero = await getContentBlock({ category: "hero", section: "main" });
    expect(hero.title).toBe("Nouveau titre");
    expect(hero.subtitle).toBe(PAGE_TEXTS.hero.main.subtitle);
    expect(hero.primaryButtonText).toBe("Réserver mon cours d'essai");
    expect(hero).toEqual({ ...PAGE_TEXTS.hero.main, title: "Nouveau titre" });
  });

  it("reads a corrupt stored block as the defaults", async () => {
    await clearContent();
    await store("hero", "main", "{pas du json");
    expect(await getContentBlock({ category: "hero", section: "main" })).toEqual(
      PAGE_TEXTS.hero.main,
    );
  });

  it("does not mix up sections of the same category", async () => {
    await clearContent();
    await store("contact", "info", { title: "Coordonnées du club" });
    const hero = await getContentBlock({ category: "contact", section: "hero" });
    expect(hero).toEqual(PAGE_TEXTS.contact.hero);
  });
});

describe("getPageContent", () => {
  it("returns every section with the defaults when nothing is stored", async () => {
    await clearContent();
    expect(await getPageContent({ category: "contact" })).toEqual(PAGE_TEXTS.contact);
  });

  it("merges the stored fields section by section", async () => {
    await clearContent();
    await store("contact", "hero", { title: "Écrivez-nous" });
    await store("contact", "access", { bus: "Ligne 67" });
    await store("hero", "main", { title: "Autre catégorie" });

    const contact = await getPageContent({ category: "contact" });
    expect(contact.hero).toEqual({ ...PAGE_TEXTS.contact.hero, title: "Écrivez-nous" });
    expect(contact.access).toEqual({ ...PAGE_TEXTS.contact.access, bus: "Ligne 67" });
    expect(contact.access.metro).toBe(PAGE_TEXTS.contact.access.metro);
    expect(contact.info).toEqual(PAGE_TEXTS.contact.info);
    expect(contact.map).toEqual(PAGE_TEXTS.contact.map);
    expect(Object.keys(contact).sort()).toEqual(Object.keys(PAGE_TEXTS.contact).sort());
  });
});
