import { describe, it, expect } from "vitest";
import { getDb } from "~/db/client.server";
import { createPost } from "../../../tests/factories";
import {
  getLatestPostsFeaturedFirst,
  getLatestPublishedPosts,
  getPublishedPost,
  getPublishedPostsPage,
} from "./post.server";

async function clearPosts() {
  await getDb().deleteFrom("blog_posts").execute();
}

/** An ISO date `days` days after 1 January 2025. */
const day = (days: number) => new Date(Date.UTC(2025, 0, 1 + days)).toISOString();

describe("getLatestPublishedPosts", () => {
  it("returns at most `limit` published posts, newest published_at first", async () => {
    await clearPosts();
    await createPost({ slug: "ancien", published_at: day(1) });
    await createPost({ slug: "recent", published_at: day(30) });
    await createPost({ slug: "brouillon-recent", published_at: day(60), is_published: 0 });
    await createPost({ slug: "moyen", published_at: day(10) });
    await createPost({ slug: "le-plus-recent", published_at: day(40) });

    const posts = await getLatestPublishedPosts({ limit: 3 });
    expect(posts.map((post) => post.slug)).toEqual(["le-plus-recent", "recent", "moyen"]);
    expect(posts.every((post) => post.is_published === true)).toBe(true);
  });

  it("returns fewer when fewer are published, and never a draft", async () => {
    await clearPosts();
    await createPost({ slug: "seul", published_at: day(2) });
    await createPost({ slug: "brouillon", published_at: day(3), is_published: 0 });
    const posts = await getLatestPublishedPosts({ limit: 3 });
    expect(posts.map((post) => post.slug)).toEqual(["seul"]);
  });
});

describe("getPublishedPostsPage", () => {
  it("returns the right slice and counts only the published posts", async () => {
    await clearPosts();
    for (let i = 1; i <= 12; i++) {
      await createPost({ slug: `publie-${i}`, published_at: day(i) });
    }
    await createPost({ slug: "brouillon-1", published_at: day(100), is_published: 0 });
    await createPost({ slug: "brouillon-2", published_at: day(0), is_published: 0 });

    const first = await getPublishedPostsPage({ page: 1, perPage: 5 });
    expect(first.total).toBe(12);
    expect(first.posts.map((post) => post.slug)).toEqual([
      "publie-12",
      "publie-11",
      "publie-10",
      "publie-9",
      "publie-8",
    ]);

    const second = await getPublishedPostsPage({ page: 2, perPage: 5 });
    expect(second.posts.map((post) => post.slug)).toEqual([
      "publie-7",
      "publie-6",
      "publie-5",
      "publie-4",
      "publie-3",
    ]);

    const third = await getPublishedPostsPage({ page: 3, perPage: 5 });
    expect(third.total).toBe(12);
    expect(third.posts.map((post) => post.slug)).toEqual(["publie-2", "publie-1"]);

    const beyond = await getPublishedPostsPage({ page: 4, perPage: 5 });
    expect(beyond).toEqual({ posts: [], total: 12 });
  });

  it("counts 0 with no published post", async () => {
    await clearPosts();
    await createPost({ is_published: 0 });
    expect(await getPublishedPostsPage({ page: 1, perPage: 9 })).toEqual({ posts: [], total: 0 });
  });
});

describe("featured articles (Mis en avant)", () => {
  it("the home's news: a featured article first, then the newest; still `limit` articles", async () => {
    await clearPosts();
    await createPost({ slug: "ancien-en-avant", published_at: day(1), is_featured: 1 });
    await createPost({ slug: "recent", published_at: day(30) });
    await createPost({ slug: "moyen", published_at: day(10) });
    await createPost({ slug: "le-plus-recent", published_at: day(40) });
    await createPost({
      slug: "brouillon-en-avant",
      published_at: day(50),
      is_featured: 1,
      is_published: 0,
    });

    const posts = await getLatestPostsFeaturedFirst({ limit: 3 });
    expect(posts.map((post) => post.slug)).toEqual(["ancien-en-avant", "le-plus-recent", "recent"]);
    expect(posts.map((post) => post.is_featured)).toEqual([true, false, false]);
    // The feed stays in date order: a featured article is no newer for a feed reader.
    const feed = await getLatestPublishedPosts({ limit: 3 });
    expect(feed.map((post) => post.slug)).toEqual(["le-plus-recent", "recent", "moyen"]);
  });

  it("several featured articles: all first, newest first among them", async () => {
    await clearPosts();
    await createPost({ slug: "en-avant-ancien", published_at: day(1), is_featured: 1 });
    await createPost({ slug: "normal", published_at: day(40) });
    await createPost({ slug: "en-avant-recent", published_at: day(20), is_featured: 1 });
    const posts = await getLatestPostsFeaturedFirst({ limit: 3 });
    expect(posts.map((post) => post.slug)).toEqual([
      "en-avant-recent",
      "en-avant-ancien",
      "normal",
    ]);
  });

  it("the blog's pages: the featured article pinned on page 1, shown once, counts unchanged", async () => {
    await clearPosts();
    for (let i = 1; i <= 7; i++) {
      await createPost({ slug: `publie-${i}`, published_at: day(i), is_featured: i === 2 ? 1 : 0 });
    }
    await createPost({ slug: "brouillon", published_at: day(100), is_published: 0 });

    const pages = await Promise.all(
      [1, 2, 3].map((page) => getPublishedPostsPage({ page, perPage: 3 })),
    );
    expect(pages.map((p) => p.total)).toEqual([7, 7, 7]);
    expect(pages.map((p) => p.posts.map((post) => post.slug))).toEqual([
      ["publie-2", "publie-7", "publie-6"],
      ["publie-5", "publie-4", "publie-3"],
      ["publie-1"],
    ]);
    // Every published article once across the pages.
    const all = pages.flatMap((p) => p.posts.map((post) => post.slug));
    expect(new Set(all).size).toBe(7);
  });
});

describe("getPublishedPost", () => {
  it("finds a published post by slug, with its fields and booleans mapped", async () => {
    await clearPosts();
    const row = await createPost({
      slug: "gala-de-boxe",
      title: "Gala de boxe",
      category: "evenement",
      is_featured: 1,
      published_at: day(5),
    });
    const post = await getPublishedPost({ slugOrId: "gala-de-boxe" });
    expect(post).toMatchObject({
      id: row.id,
      slug: "gala-de-boxe",
      title: "Gala de boxe",
      category: "evenement",
      is_published: true,
      is_featured: true,
      published_at: day(5),
    });
  });

  it("maps 0 to false and an unknown category to « actualite »", async () => {
    await clearPosts();
    await createPost({ slug: "sans-categorie", category: "inconnue", is_featured: 0 });
    const post = await getPublishedPost({ slugOrId: "sans-categorie" });
    expect(post?.is_featured).toBe(false);
    expect(post?.category).toBe("actualite");
  });

  it("finds a published post by numeric id", async () => {
    await clearPosts();
    const row = await createPost({ slug: "par-identifiant", title: "Par identifiant" });
    const post = await getPublishedPost({ slugOrId: String(row.id) });
    expect(post?.title).toBe("Par identifiant");
    expect(post?.id).toBe(row.id);
  });

  it("tries the slug before the id", async () => {
    await clearPosts();
    const byId = await createPost({ slug: "cible-par-id", title: "Cible par id" });
    await createPost({ slug: String(byId.id), title: "Slug numérique" });
    const post = await getPublishedPost({ slugOrId: String(byId.id) });
    expect(post?.title).toBe("Slug numérique");
  });

  it("returns null for a draft, by slug and by id, and for an unknown slug", async () => {
    await clearPosts();
    const draft = await createPost({ slug: "brouillon", is_published: 0 });
    expect(await getPublishedPost({ slugOrId: "brouillon" })).toBeNull();
    expect(await getPublishedPost({ slugOrId: String(draft.id) })).toBeNull();
    expect(await getPublishedPost({ slugOrId: "article-inexistant" })).toBeNull();
    expect(await getPublishedPost({ slugOrId: String(draft.id + 1000) })).toBeNull();
  });
});
