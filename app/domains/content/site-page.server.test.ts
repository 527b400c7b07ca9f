import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { createPost } from "../../../tests/factories";
import { getPublishedPostIndex } from "./post-index.server";
import {
  getPublishedSitePage,
  getPublishedSitePages,
  isMainPageSlug,
  slugFromPath,
} from "./site-page.server";

const stamp = new Date().toISOString();

async function insertPage(values: {
  slug: string;
  is_published: number;
  template?: string;
  order_index?: number;
}) {
  await getDb()
    .insertInto("site_pages")
    .values({
      title: `Page ${values.slug}`,
      content: "<p>Bonjour</p>",
      created_at: stamp,
      updated_at: stamp,
      ...values,
    })
    .execute();
}

describe("site pages", () => {
  beforeAll(async () => {
    await insertPage({ slug: "/reglement-interieur", is_published: 1, template: "sidebar" });
    await insertPage({ slug: "/brouillon", is_published: 0 });
    await insertPage({ slug: "/disciplines", is_published: 1 });
    await insertPage({ slug: "/bizarre", is_published: 1, template: "inconnu", order_index: -1 });
  });

  it("serves a published page by its slug, with its template", async () => {
    const page = await getPublishedSitePage({ slug: "/reglement-interieur" });
    expect(page).toMatchObject({ title: "Page /reglement-interieur", template: "sidebar" });
    expect((await getPublishedSitePage({ slug: "/bizarre" }))?.template).toBe("default");
  });

  it("never serves drafts, unknown slugs or main pages", async () => {
    expect(await getPublishedSitePage({ slug: "/brouillon" })).toBeNull();
    expect(await getPublishedSitePage({ slug: "/inconnue" })).toBeNull();
    expect(await getPublishedSitePage({ slug: "/disciplines" })).toBeNull();
  });

  it("lists published pages in order, without main pages", async () => {
    const pages = await getPublishedSitePages();
    expect(pages.map((p) => p.slug)).toEqual(["/bizarre", "/reglement-interieur"]);
  });

  it("recognises main-page slugs and reads slugs from paths", () => {
    expect(isMainPageSlug("/")).toBe(true);
    expect(isMainPageSlug("/home")).toBe(true);
    expect(isMainPageSlug("/Tarifs/")).toBe(true);
    expect(isMainPageSlug("/reglement-interieur")).toBe(false);
    expect(slugFromPath("/reglement-interieur/")).toBe("/reglement-interieur");
    expect(slugFromPath("/%C3%A9t%C3%A9")).toBe("/été");
    expect(slugFromPath("/%E0%A4%A")).toBe("/%E0%A4%A");
    expect(slugFromPath("/")).toBe("/");
  });
});

describe("getPublishedPostIndex", () => {
  it("lists published articles only, newest first", async () => {
    await createPost({ slug: "ancien", published_at: "2024-01-01T10:00:00.000Z" });
    await createPost({ slug: "recent", published_at: "2025-01-01T10:00:00.000Z" });
    await createPost({ slug: "brouillon", is_published: 0 });
    const index = await getPublishedPostIndex();
    expect(index.map((p) => p.slug)).toEqual(["recent", "ancien"]);
  });
});
