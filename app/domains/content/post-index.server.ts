import { getDb } from "~/db/client.server";

export interface PostIndexEntry {
  slug: string;
  image_url: string;
  published_at: string;
  updated_at: string;
}

/** Every published article's address, dates and cover, newest first: for the sitemap. */
export async function getPublishedPostIndex(): Promise<PostIndexEntry[]> {
  return getDb()
    .selectFrom("blog_posts")
    .select(["slug", "image_url", "published_at", "updated_at"])
    .where("is_published", "=", 1)
    .orderBy("published_at", "desc")
    .orderBy("id", "desc")
    .execute();
}
