import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import {
  createSitePage,
  deleteSitePage,
  DuplicateSlugError,
  getPublishedSitePage,
  getSitePage,
  getSitePagesForAdmin,
  MainPageError,
  MAIN_PAGE_DELETE_MESSAGE,
  seedMainPages,
  updateSitePage,
  type SitePageInput,
} from "./site-page.server";
import { StaleSaveError } from "../../utils/stale.server";

const input = (overrides: Partial<SitePageInput> = {}): SitePageInput => ({
  title: "Mentions légales",
  slug: "/reglement-interieur",
  content: "<p>Le site est édité par le club.</p>",
  is_published: true,
  template: "sidebar",
  order_index: 7,
  ...overrides,
});

async function seed() {
  await getDb()
    .transaction()
    .execute((trx) => seedMainPages(trx, new Date().toISOString()));
}

beforeEach(async () => {
  await getDb().deleteFrom("site_pages").execute();
});

describe("seedMainPages", () => {
  it("writes the five main pages as unpublished records, once", async () => {
    await seed();
    await seed();
    const pages = await getSitePagesForAdmin();
    expect(pages.map((p) => [p.slug, p.title, p.is_published, p.is_main])).toEqual([
      ["/", "Accueil", false, true],
      ["/disciplines", "Disciplines", false, true],
      ["/entrainements", "Entraînements", false, true],
      ["/tarifs", "Tarifs", false, true],
      ["/contact", "Contact", false, true],
    ]);
  });

  it("leaves a page the admin already has at one of those slugs alone", async () => {
    const page = await createSitePage();
    await getDb()
      .updateTable("site_pages")
      .set({ slug: "/tarifs", title: "Mes tarifs" })
      .where("id", "=", page.id)
      .execute();
    await seed();
    const tarifs = (await getSitePagesForAdmin()).filter((p) => p.slug === "/tarifs");
    expect(tarifs.map((p) => p.title)).toEqual(["Mes tarifs"]);
  });
});

describe("createSitePage", () => {
  it("adds a draft at a free /nouvelle-page slug, after the others", async () => {
    await seed();
    const first = await createSitePage();
    const second = await createSitePage();
    expect(first).toMatchObject({
      title: "Nouvelle page",
      slug: "/nouvelle-page",
      is_published: false,
      template: "default",
      order_index: 5,
      is_main: false,
    });
    expect(second.slug).toBe("/nouvelle-page-2");
    expect(second.order_index).toBe(6);
  });
});

describe("updateSitePage", () => {
  it("saves the page with its HTML sanitised, and serves it once published", async () => {
    const page = await createSitePage();
    const saved = await updateSitePage({
      id: page.id,
      values: input({
        content: '<h2>Éditeur</h2><p onclick="x()">Texte</p><script>alert(1)</script>',
      }),
      loadedAt: page.updated_at,
    });
    expect(saved).toMatchObject({
      title: "Mentions légales",
      slug: "/reglement-interieur",
      content: "<h2>Éditeur</h2><p>Texte</p>",
      is_published: true,
      template: "sidebar",
      order_index: 7,
    });
    expect(await getPublishedSitePage({ slug: "/reglement-interieur" })).toMatchObject({
      title: "Mentions légales",
    });
  });

  it("refuses a slug another page has", async () => {
    const a = await createSitePage();
    const b = await createSitePage();
    await updateSitePage({ id: a.id, values: input(), loadedAt: a.updated_at });
    const error = await updateSitePage({
      id: b.id,
      values: input({ title: "Copie" }),
      loadedAt: b.updated_at,
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DuplicateSlugError);
    expect((error as Error).message).toBe("Erreur: Les URLs des pages doivent être uniques");
    expect((await getSitePage({ id: b.id }))?.title).toBe("Nouvelle page");
  });

  it("refuses a stale save", async () => {
    const page = await createSitePage();
    await updateSitePage({ id: page.id, values: input(), loadedAt: page.updated_at });
    await expect(
      updateSitePage({
        id: page.id,
        values: input({ title: "Autre onglet" }),
        loadedAt: page.updated_at,
      }),
    ).rejects.toThrow(StaleSaveError);
    expect((await getSitePage({ id: page.id }))?.title).toBe("Mentions légales");
  });

  it("refuses to edit or publish a main page", async () => {
    await seed();
    const tarifs = (await getSitePagesForAdmin()).find((p) => p.slug === "/tarifs")!;
    const error = await updateSitePage({
      id: tarifs.id,
      values: input({ title: "Nos tarifs", slug: "/tarifs", is_published: true }),
      loadedAt: tarifs.updated_at,
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(MainPageError);
    expect(await getSitePage({ id: tarifs.id })).toEqual(tarifs);
  });
});

describe("deleteSitePage", () => {
  it("deletes an ordinary page", async () => {
    const page = await createSitePage();
    await deleteSitePage({ id: page.id });
    expect(await getSitePage({ id: page.id })).toBeNull();
  });

  it("refuses to delete each main page", async () => {
    await seed();
    for (const page of await getSitePagesForAdmin()) {
      const error = await deleteSitePage({ id: page.id }).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(MainPageError);
      expect((error as Error).message).toBe(MAIN_PAGE_DELETE_MESSAGE);
    }
    expect(await getSitePagesForAdmin()).toHaveLength(5);
  });
});
