import type { Kysely } from "kysely";
import { getDb } from "~/db/client.server";
import type { Database } from "~/db/schema";

/*
 * Every address an article ever had (DESIGN.md, departures: "blog slug follows the
 * title"): a shared link to an old slug answers 301 to the current one, the old slug stays
 * reserved for its article, and the oldest slug is the article's stable RSS guid.
 */

/** Notes that `postId` is reachable at `slug`; nothing to do when it already was. */
export async function recordPostSlug(
  db: Kysely<Database>,
  { postId, slug, stamp }: { postId: number; slug: string; stamp: string },
): Promise<void> {
  const known = await db
    .selectFrom("post_slugs")
    .select("post_id")
    .where("slug", "=", slug)
    .executeTakeFirst();
  if (known?.post_id === postId) return;
  // Another article's old slug: the primary key refuses it, and the caller retries.
  await db.insertInto("post_slugs").values({ slug, post_id: postId, created_at: stamp }).execute();
}

/** The slugs other articles hold now or held before, among those starting with `base`. */
export async function slugsTakenByOthers(
  db: Kysely<Database>,
  { base, exceptId }: { base: string; exceptId?: number },
): Promise<Set<string>> {
  const like = `${base}-%`;
  let current = db
    .selectFrom("blog_posts")
    .select("slug")
    .where((eb) => eb.or([eb("slug", "=", base), eb("slug", "like", like)]));
  let former = db
    .selectFrom("post_slugs")
    .select("slug")
    .where((eb) => eb.or([eb("slug", "=", base), eb("slug", "like", like)]));
  if (exceptId !== undefined) {
    current = current.where("id", "!=", exceptId);
    former = former.where("post_id", "!=", exceptId);
  }
  const rows = [...(await current.execute()), ...(await former.execute())];
  return new Set(rows.map((row) => row.slug));
}

/** The current slug of the published article that once had `slug`; null otherwise. */
export async function getPublishedPostNewSlug({ slug }: { slug: string }): Promise<string | null> {
  const row = await getDb()
    .selectFrom("post_slugs")
    .innerJoin("blog_posts", "blog_posts.id", "post_slugs.post_id")
    .select("blog_posts.slug")
    .where("post_slugs.slug", "=", slug)
    .where("blog_posts.is_published", "=", 1)
    .where("blog_posts.slug", "!=", slug)
    .executeTakeFirst();
  return row?.slug ?? null;
}

/** Each article's first slug (its RSS guid), for the given ids; absent when none is known. */
export async function getFirstPostSlugs({ ids }: { ids: number[] }): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await getDb()
    .selectFrom("post_slugs")
    .select(["post_id", "slug", "created_at"])
    .where("post_id", "in", ids)
    .orderBy("created_at")
    .orderBy("slug")
    .execute();
  const first = new Map<number, string>();
  for (const row of rows) if (!first.has(row.post_id)) first.set(row.post_id, row.slug);
  return first;
}
