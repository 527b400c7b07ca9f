import { describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { createPost, setPostPublished, updatePost, type PostInput } from "./post-admin.server";
import { getFirstPostSlugs, getPublishedPostNewSlug } from "./post-slug.server";

const values = (title: string): PostInput => ({
  title,
  subtitle: "",
  excerpt: "",
  content: "Texte",
  image_url: "",
  category: "evenement",
  author: "",
  published_at: "2026-12-01T10:00:00.000Z",
});

async function rename(id: number, title: string) {
  const { updated_at } = (await getDb()
    .selectFrom("blog_posts")
    .select("updated_at")
    .where("id", "=", id)
    .executeTakeFirstOrThrow())!;
  return updatePost({ id, values: values(title), loadedAt: updated_at });
}

describe("slug history", () => {
  it("redirects every old slug of a published article to the current one", async () => {
    await getDb().deleteFrom("blog_posts").execute();
    const post = await createPost({ values: values("Gala de Noël"), is_published: true });
    await rename(post.id, "Gala de Noël 2026");
    const renamed = await rename(post.id, "Grand gala de Noël");
    expect(renamed.slug).toBe("grand-gala-de-noel");
    expect(await getPublishedPostNewSlug({ slug: "gala-de-noel" })).toBe("grand-gala-de-noel");
    expect(await getPublishedPostNewSlug({ slug: "gala-de-noel-2026" })).toBe("grand-gala-de-noel");
    expect(await getPublishedPostNewSlug({ slug: "grand-gala-de-noel" })).toBeNull();
    expect(await getPublishedPostNewSlug({ slug: "inconnu" })).toBeNull();
    await setPostPublished({ id: post.id, published: false });
    expect(await getPublishedPostNewSlug({ slug: "gala-de-noel" })).toBeNull();
  });

  it("keeps a freed slug for its article: another one gets -2", async () => {
    await getDb().deleteFrom("blog_posts").execute();
    const first = await createPost({ values: values("Stage d'été"), is_published: true });
    await rename(first.id, "Stage d'été des jeunes");
    const second = await createPost({ values: values("Stage d'été") });
    expect(second.slug).toBe("stage-d-ete-2");
    // Its own old slug comes back to the article that had it.
    const back = await rename(first.id, "Stage d'été");
    expect(back.slug).toBe("stage-d-ete");
  });

  it("gives the first slug as the stable guid, and forgets the slugs of a deleted article", async () => {
    await getDb().deleteFrom("blog_posts").execute();
    const post = await createPost({ values: values("Interclubs"), is_published: true });
    await rename(post.id, "Interclubs de mars");
    expect((await getFirstPostSlugs({ ids: [post.id] })).get(post.id)).toBe("interclubs");
    await getDb().deleteFrom("blog_posts").execute();
    const rows = await getDb().selectFrom("post_slugs").selectAll().execute();
    expect(rows).toEqual([]);
  });
});
