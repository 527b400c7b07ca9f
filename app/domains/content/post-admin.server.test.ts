import { describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { createPost as insertPostRow } from "../../../tests/factories";
import {
  createPost,
  deletePost,
  getPostForEdit,
  listPostsForAdmin,
  type PostListQuery,
  setPostFeatured,
  setPostPublished,
  uniquePostSlug,
  updatePost,
  type PostInput,
} from "./post-admin.server";
import { getPublishedPost } from "./post.server";
import { StaleSaveError } from "../../utils/stale.server";

async function clearPosts() {
  await getDb().deleteFrom("blog_posts").execute();
}

const day = (days: number) => new Date(Date.UTC(2025, 0, 1 + days)).toISOString();

function input(values: Partial<PostInput> = {}): PostInput {
  return {
    title: "Gala de boxe",
    subtitle: "",
    excerpt: "",
    content: "Premier paragraphe",
    image_url: "",
    category: "actualite",
    author: "",
    published_at: day(3),
    ...values,
  };
}

describe("uniquePostSlug", () => {
  it("slugifies the title and suffixes -2, -3… when taken", async () => {
    await clearPosts();
    expect(await uniquePostSlug({ title: "Été à l'Œuvre !" })).toBe("ete-a-l-oeuvre");
    await insertPostRow({ slug: "gala" });
    expect(await uniquePostSlug({ title: "Gala" })).toBe("gala-2");
    await insertPostRow({ slug: "gala-2" });
    await insertPostRow({ slug: "gala-de-boxe" });
    expect(await uniquePostSlug({ title: "Gala" })).toBe("gala-3");
  });

  it("ignores the article's own slug and falls back to « article »", async () => {
    await clearPosts();
    const own = await insertPostRow({ slug: "stage-ete" });
    expect(await uniquePostSlug({ title: "Stage été", exceptId: own.id })).toBe("stage-ete");
    expect(await uniquePostSlug({ title: "?!" })).toBe("article");
  });
});

describe("createPost", () => {
  it("creates a draft with a unique slug from its title", async () => {
    await clearPosts();
    const first = await createPost({ values: input() });
    const second = await createPost({ values: input({ content: "Autre" }) });
    expect(first).toMatchObject({ slug: "gala-de-boxe", is_published: false, is_featured: false });
    expect(second.slug).toBe("gala-de-boxe-2");
    const stored = await getPostForEdit({ id: second.id });
    expect(stored).toMatchObject({ title: "Gala de boxe", content: "Autre", published_at: day(3) });
  });

  it("creates unique slugs even when saves of the same title race", async () => {
    await clearPosts();
    const posts = await Promise.all(
      Array.from({ length: 4 }, () => createPost({ values: input({ title: "Même titre" }) })),
    );
    expect(new Set(posts.map((post) => post.slug))).toEqual(
      new Set(["meme-titre", "meme-titre-2", "meme-titre-3", "meme-titre-4"]),
    );
  });
});

describe("updatePost", () => {
  it("saves the fields, follows a new title with the slug, keeps it otherwise", async () => {
    await clearPosts();
    await insertPostRow({ slug: "nouveau-titre" });
    const post = await createPost({ values: input() });
    const same = await updatePost({
      id: post.id,
      values: input({ subtitle: "Samedi soir" }),
      loadedAt: post.updated_at,
    });
    expect(same).toMatchObject({ slug: "gala-de-boxe", subtitle: "Samedi soir" });
    expect(same.updated_at > post.updated_at).toBe(true);

    const renamed = await updatePost({
      id: post.id,
      values: input({ title: "Nouveau titre", category: "stage" }),
      loadedAt: same.updated_at,
    });
    expect(renamed).toMatchObject({ slug: "nouveau-titre-2", category: "stage" });
  });

  it("refuses a save based on a stale version and changes nothing", async () => {
    await clearPosts();
    const post = await createPost({ values: input() });
    await updatePost({
      id: post.id,
      values: input({ author: "Coach" }),
      loadedAt: post.updated_at,
    });
    await expect(
      updatePost({ id: post.id, values: input({ title: "Écrasé" }), loadedAt: post.updated_at }),
    ).rejects.toBeInstanceOf(StaleSaveError);
    expect(await getPostForEdit({ id: post.id })).toMatchObject({
      title: "Gala de boxe",
      author: "Coach",
    });
  });

  it("says « introuvable » for an unknown article", async () => {
    await expect(updatePost({ id: 999_999, values: input(), loadedAt: day(0) })).rejects.toThrow(
      "Article introuvable",
    );
  });
});

describe("toggles", () => {
  it("publishes and unpublishes: only published articles are public", async () => {
    await clearPosts();
    const post = await createPost({ values: input() });
    expect(await getPublishedPost({ slugOrId: post.slug })).toBeNull();
    const published = await setPostPublished({ id: post.id, published: true });
    expect(published.is_published).toBe(true);
    expect(published.updated_at > post.updated_at).toBe(true);
    expect((await getPublishedPost({ slugOrId: post.slug }))?.id).toBe(post.id);
    // The same request twice leaves it published (the value is explicit, not a flip).
    expect((await setPostPublished({ id: post.id, published: true })).is_published).toBe(true);
    await setPostPublished({ id: post.id, published: false });
    expect(await getPublishedPost({ slugOrId: post.slug })).toBeNull();
  });

  it("features independently of publication", async () => {
    await clearPosts();
    const post = await createPost({ values: input() });
    const featured = await setPostFeatured({ id: post.id, featured: true });
    expect(featured).toMatchObject({ is_featured: true, is_published: false });
    const back = await setPostFeatured({ id: post.id, featured: false });
    expect(back.is_featured).toBe(false);
    await expect(setPostFeatured({ id: 999_999, featured: true })).rejects.toThrow(
      "Article introuvable",
    );
  });
});

const EVERY: PostListQuery = {
  page: 1,
  search: "",
  status: null,
  category: null,
  from: null,
  to: null,
};
const getPostsForAdmin = async (query: Partial<PostListQuery> = {}) =>
  (await listPostsForAdmin({ ...EVERY, ...query })).rows;

describe("listPostsForAdmin and deletePost", () => {
  it("lists drafts and published articles, newest published_at first", async () => {
    await clearPosts();
    await insertPostRow({ slug: "ancien", published_at: day(1) });
    await insertPostRow({ slug: "brouillon", published_at: day(9), is_published: 0 });
    await insertPostRow({ slug: "moyen", published_at: day(5) });
    expect((await getPostsForAdmin()).map((post) => post.slug)).toEqual([
      "brouillon",
      "moyen",
      "ancien",
    ]);
  });

  it("deletes one article", async () => {
    await clearPosts();
    const kept = await insertPostRow();
    const gone = await insertPostRow();
    expect(await deletePost({ id: gone.id })).toBe(true);
    expect(await deletePost({ id: gone.id })).toBe(false);
    expect((await getPostsForAdmin()).map((post) => post.id)).toEqual([kept.id]);
  });
});

describe("listPostsForAdmin: the admin list's page, search, filters and counts", () => {
  it("gives 25 rows a page, the last page for a page past the end, and counts every article", async () => {
    await clearPosts();
    for (let i = 0; i < 30; i += 1) {
      await insertPostRow({
        slug: `article-${i}`,
        published_at: day(i),
        is_published: i % 3 ? 1 : 0,
      });
    }
    const first = await listPostsForAdmin(EVERY);
    expect(first).toMatchObject({ total: 30, allPosts: 30, page: 1, pages: 2 });
    expect(first.rows).toHaveLength(25);
    expect(first.rows[0]!.slug).toBe("article-29");
    expect(first.rows[0]).not.toHaveProperty("content");
    const past = await listPostsForAdmin({ ...EVERY, page: 9 });
    expect(past).toMatchObject({ page: 2, pages: 2 });
    expect(past.rows.map((post) => post.slug)).toEqual([
      "article-4",
      "article-3",
      "article-2",
      "article-1",
      "article-0",
    ]);
    expect(first.counts).toEqual({
      publie: 20,
      brouillon: 10,
      "en-avant": 0,
      programme: 0,
      matching: 30,
    });
    const drafts = await listPostsForAdmin({ ...EVERY, status: "brouillon" });
    // The counter of the spec still counts every article; the statuses keep their counts.
    expect(drafts).toMatchObject({ total: 10, allPosts: 30, pages: 1 });
    expect(drafts.counts.publie).toBe(20);
  });

  it("searches every word in the title, subtitle or author, ignoring case and wildcards", async () => {
    await clearPosts();
    await insertPostRow({ slug: "gala", title: "Le GALA de Noël", author: "Karim" });
    await insertPostRow({ slug: "stage", title: "Stage d'été", subtitle: "Gala de fin" });
    await insertPostRow({ slug: "autre", title: "Autre nouvelle" });
    const slugs = async (search: string) =>
      (await getPostsForAdmin({ search })).map((post) => post.slug).sort();
    expect(await slugs("gala")).toEqual(["gala", "stage"]);
    expect(await slugs("gala karim")).toEqual(["gala"]);
    expect(await slugs("%")).toEqual(["autre", "gala", "stage"]);
    expect(await slugs("introuvable")).toEqual([]);
  });

  it("filters by category and by the Paris dates of publication", async () => {
    await clearPosts();
    await insertPostRow({
      slug: "veille",
      category: "stage",
      published_at: "2025-03-09T22:59:00.000Z",
    });
    await insertPostRow({
      slug: "jour",
      category: "stage",
      published_at: "2025-03-09T23:00:00.000Z",
    });
    await insertPostRow({
      slug: "gala",
      category: "evenement",
      published_at: "2025-03-10T12:00:00.000Z",
    });
    const slugs = async (query: Partial<PostListQuery>) =>
      (await getPostsForAdmin(query)).map((post) => post.slug).sort();
    expect(await slugs({ category: "stage" })).toEqual(["jour", "veille"]);
    // 2025-03-09T23:00Z is midnight of 10 March in Paris.
    expect(await slugs({ from: "2025-03-10" })).toEqual(["gala", "jour"]);
    expect(await slugs({ to: "2025-03-09" })).toEqual(["veille"]);
    expect(await slugs({ from: "2025-03-10", category: "stage" })).toEqual(["jour"]);
  });

  it("lists and counts the scheduled articles (« Programmés »)", async () => {
    await clearPosts();
    await insertPostRow({ slug: "noel", is_published: 0, publish_at: "2026-12-15T07:00:00.000Z" });
    await insertPostRow({ slug: "ete", unpublish_at: "2027-09-01T07:00:00.000Z" });
    await insertPostRow({ slug: "autre" });
    const scheduled = await listPostsForAdmin({ ...EVERY, status: "programme" });
    expect(scheduled.rows.map((post) => post.slug).sort()).toEqual(["ete", "noel"]);
    expect(scheduled.rows.find((post) => post.slug === "noel")).toMatchObject({
      is_published: false,
      publish_at: "2026-12-15T07:00:00.000Z",
      unpublish_at: null,
    });
    expect(scheduled.counts).toMatchObject({ programme: 2, matching: 3 });
  });
});
