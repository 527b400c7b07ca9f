import { getDb } from "~/db/client.server";
import { POST_FIELDS } from "~/domains/content/post-schema";
import { BLOG_CATEGORIES, type BlogCategory } from "~/domains/content/defaults";
import type { PostRow } from "~/db/schema";
import { oneOf } from "~/core/json";

export interface Post {
  id: number;
  slug: string;
  title: string;
  subtitle: string;
  excerpt: string;
  content: string;
  image_url: string;
  category: BlogCategory;
  author: string;
  published_at: string;
  is_published: boolean;
  is_featured: boolean;
  /** Scheduled publishing (migration 023): the instants due, null when none. */
  publish_at: string | null;
  unpublish_at: string | null;
  updated_at: string;
}

/** The columns read (STYLE: never selectAll): created_at is the database's alone. */
export const POST_COLUMNS = [
  "id",
  "slug",
  ...POST_FIELDS,
  "is_published",
  "is_featured",
  "publish_at",
  "unpublish_at",
  "updated_at",
] as const;
type Selected = Pick<PostRow, (typeof POST_COLUMNS)[number]>;

export function toPost(row: Selected): Post {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    subtitle: row.subtitle,
    excerpt: row.excerpt,
    content: row.content,
    image_url: row.image_url,
    category: oneOf(BLOG_CATEGORIES, row.category, "actualite"),
    author: row.author,
    published_at: row.published_at,
    is_published: row.is_published === 1,
    is_featured: row.is_featured === 1,
    publish_at: row.publish_at,
    unpublish_at: row.unpublish_at,
    updated_at: row.updated_at,
  };
}

function published() {
  return getDb().selectFrom("blog_posts").select(POST_COLUMNS).where("is_published", "=", 1);
}

/**
 * The public order: articles put forward (Mis en avant) pinned first, then newest first.
 * One total order, so the blog's pages never show an article twice nor skip one.
 */
function publicOrder() {
  return published()
    .orderBy("is_featured", "desc")
    .orderBy("published_at", "desc")
    .orderBy("id", "desc");
}

/** The latest published articles, newest first whatever their flags (the RSS feed). */
export async function getLatestPublishedPosts({ limit }: { limit: number }): Promise<Post[]> {
  const rows = await published()
    .orderBy("published_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  return rows.map(toPost);
}

/** The home page's news: the latest published articles, featured ones first. */
export async function getLatestPostsFeaturedFirst({ limit }: { limit: number }): Promise<Post[]> {
  const rows = await publicOrder().limit(limit).execute();
  return rows.map(toPost);
}

/** One page of published articles, featured ones first, and how many there are in all. */
export async function getPublishedPostsPage({
  page,
  perPage,
}: {
  page: number;
  perPage: number;
}): Promise<{ posts: Post[]; total: number }> {
  const db = getDb();
  const { total } = await db
    .selectFrom("blog_posts")
    .select((eb) => eb.fn.countAll<number>().as("total"))
    .where("is_published", "=", 1)
    .executeTakeFirstOrThrow();
  // The page's ids first, from the index alone (migration 019), then only their rows:
  // skipping whole articles to reach a deep page costs more than the rest.
  const ids = await publicOrder()
    .clearSelect()
    .select("id")
    .limit(perPage)
    .offset(Math.max(0, page - 1) * perPage)
    .execute();
  if (ids.length === 0) return { posts: [], total: Number(total) };
  const rows = await publicOrder()
    .where(
      "id",
      "in",
      ids.map((row) => row.id),
    )
    .execute();
  return { posts: rows.map(toPost), total: Number(total) };
}

/** A published article by slug, else by numeric id (spec §7); null for drafts and unknowns. */
export async function getPublishedPost({ slugOrId }: { slugOrId: string }): Promise<Post | null> {
  const bySlug = await published().where("slug", "=", slugOrId).executeTakeFirst();
  if (bySlug) return toPost(bySlug);
  if (!/^\d+$/.test(slugOrId)) return null;
  const byId = await published().where("id", "=", Number(slugOrId)).executeTakeFirst();
  return byId ? toPost(byId) : null;
}
