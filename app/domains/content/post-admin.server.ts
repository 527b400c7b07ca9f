import type { Kysely } from "kysely";
import { getDb } from "~/db/client.server";
import { isUniqueViolation } from "~/db/unique-violation";
import { BLOG_CATEGORIES, type BlogCategory } from "~/domains/content/defaults";
import { slugify } from "~/core/slug";
import type { Database, PostRow } from "~/db/schema";
import { addDays, clubLocalToIso } from "~/core/club-time";
import { type PostStatus } from "~/domains/content/post-schema";
import { pageOf, whereSearch } from "../../utils/list-page.server";
import { oneOf } from "~/core/json";
import { POST_COLUMNS, toPost, type Post } from "./post.server";
import { recordPostSlug, slugsTakenByOthers } from "./post-slug.server";
import { assertFresh, NotFoundError, nextStamp } from "../../utils/stale.server";

// Back office (app/routes/admin/content/blog.tsx): every article, drafts included.

/** The fields the editor writes; the slug is derived from the title. */
export type PostInput = Pick<
  Post,
  | "title"
  | "subtitle"
  | "excerpt"
  | "content"
  | "image_url"
  | "category"
  | "author"
  | "published_at"
> &
  /** Scheduled publishing (ADR 023); left as stored when absent. */
  Partial<Pick<Post, "publish_at" | "unpublish_at">>;

const POST_LIST_COLUMNS = [
  "id",
  "slug",
  "title",
  "image_url",
  "category",
  "author",
  "published_at",
  "is_published",
  "is_featured",
  "publish_at",
  "unpublish_at",
] as const;

/** What a row of the admin list shows: no text, which the editor loads alone. */
export type PostListItem = Pick<Post, (typeof POST_LIST_COLUMNS)[number]>;

export interface PostListQuery {
  page: number;
  search: string;
  status: PostStatus | null;
  category: BlogCategory | null;
  /** Published on or after / on or before these Paris dates (YYYY-MM-DD). */
  from: string | null;
  to: string | null;
}

/** The admin list's page size (the spec's articlesPerPage is the public blog's). */
export const ADMIN_POSTS_PER_PAGE = 25;

/**
 * One page of every article, drafts too, newest published_at first (spec §7, admin list),
 * searched and filtered; with the count of every article (the spec's counter) and of each
 * status under the other filters. Ordered by the index of migration 012, which holds every
 * column the filters read.
 */
export async function listPostsForAdmin(query: PostListQuery) {
  const db = getDb();
  let filtered = whereSearch(
    db.selectFrom("blog_posts"),
    ["title", "subtitle", "author", "slug"],
    query.search,
  );
  if (query.category) filtered = filtered.where("category", "=", query.category);
  const dayStart = (date: string) => clubLocalToIso(`${date}T00:00`) ?? date;
  if (query.from) filtered = filtered.where("published_at", ">=", dayStart(query.from));
  if (query.to) filtered = filtered.where("published_at", "<", dayStart(addDays(query.to, 1)));
  const withStatus =
    query.status === "publie"
      ? filtered.where("is_published", "=", 1)
      : query.status === "brouillon"
        ? filtered.where("is_published", "=", 0)
        : query.status === "en-avant"
          ? filtered.where("is_featured", "=", 1)
          : query.status === "programme"
            ? filtered.where((eb) =>
                eb.or([eb("publish_at", "is not", null), eb("unpublish_at", "is not", null)]),
              )
            : filtered;
  const [list, counted, all] = await Promise.all([
    pageOf(
      withStatus.select(POST_LIST_COLUMNS).orderBy("published_at", "desc").orderBy("id", "desc"),
      { page: query.page, perPage: ADMIN_POSTS_PER_PAGE },
    ),
    // One pass over the list's covering index (migration 012) for the three counts.
    filtered
      .select((eb) => [
        eb.fn.countAll<number | string>().as("matching"),
        eb.fn.sum<number | string | null>("is_published").as("published"),
        eb.fn.sum<number | string | null>("is_featured").as("featured"),
        eb.fn
          .count<number | string>(
            eb
              .case()
              .when(eb.or([eb("publish_at", "is not", null), eb("unpublish_at", "is not", null)]))
              .then(1)
              .end(),
          )
          .as("scheduled"),
      ])
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("blog_posts")
      .select((eb) => eb.fn.countAll<number | string>().as("count"))
      .executeTakeFirstOrThrow(),
  ]);
  const matching = Number(counted.matching);
  const published = Number(counted.published ?? 0);
  return {
    ...list,
    rows: list.rows.map((row) => toPostListItem(row)),
    counts: {
      publie: published,
      brouillon: matching - published,
      "en-avant": Number(counted.featured ?? 0),
      programme: Number(counted.scheduled),
      matching,
    },
    allPosts: Number(all.count),
  };
}

function toPostListItem(row: Pick<PostRow, (typeof POST_LIST_COLUMNS)[number]>): PostListItem {
  return {
    ...row,
    category: oneOf(BLOG_CATEGORIES, row.category, "actualite"),
    is_published: row.is_published === 1,
    is_featured: row.is_featured === 1,
  };
}

/** One article whatever its status, for the editor and the admin's preview. */
export async function getPostForEdit({ id }: { id: number }): Promise<Post | null> {
  const row = await getDb()
    .selectFrom("blog_posts")
    .select(POST_COLUMNS)
    .where("id", "=", id)
    .executeTakeFirst();
  return row ? toPost(row) : null;
}

/**
 * The title's slug (spec §5), made unique with -2, -3… against the other articles' current
 * and former slugs. An article keeps its own slugs; a title without letters or digits gives
 * "article".
 */
export async function uniquePostSlug({
  title,
  exceptId,
  db = getDb(),
}: {
  title: string;
  exceptId?: number;
  db?: Kysely<Database>;
}): Promise<string> {
  const base = slugify(title) || "article";
  // Old slugs of other articles stay theirs while they redirect (post-slug.server.ts).
  const taken = await slugsTakenByOthers(db, { base, exceptId });
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) {
    const candidate = `${base}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/**
 * Runs a write that takes a fresh unique slug; another save taking the same slug at the
 * same moment makes the UNIQUE constraint refuse it, and the write is tried again.
 */
async function withUniqueSlug<T>(write: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await write();
    } catch (error) {
      if (attempt >= 5 || !isUniqueViolation(error)) throw error;
    }
  }
}

/** A new article, a draft unless `is_published` says otherwise. */
export async function createPost({
  values,
  is_published = false,
}: {
  values: PostInput;
  is_published?: boolean;
}): Promise<Post> {
  const db = getDb();
  const row = await withUniqueSlug(() =>
    db.transaction().execute(async (trx) => {
      const stamp = nextStamp();
      const inserted = await trx
        .insertInto("blog_posts")
        .values({
          ...values,
          slug: await uniquePostSlug({ title: values.title, db: trx }),
          is_published: is_published ? 1 : 0,
          is_featured: 0,
          created_at: stamp,
          updated_at: stamp,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await recordPostSlug(trx, { postId: inserted.id, slug: inserted.slug, stamp });
      return inserted;
    }),
  );
  return toPost(row);
}

/**
 * Saves an edit made on the version stamped `loadedAt`; refuses a stale one
 * (StaleSaveError). The slug follows the title when the title changes; the old one is kept
 * in the slug history and redirects (post-slug.server.ts).
 */
export async function updatePost({
  id,
  values,
  loadedAt,
}: {
  id: number;
  values: PostInput;
  loadedAt: string;
}): Promise<Post> {
  const db = getDb();
  const current = await getPostForEdit({ id });
  if (!current) throw new NotFoundError("Article");
  const result = await withUniqueSlug(() =>
    db.transaction().execute(async (trx) => {
      const slug =
        current.title === values.title && current.slug
          ? current.slug
          : await uniquePostSlug({ title: values.title, exceptId: id, db: trx });
      const stamp = nextStamp(loadedAt);
      const updated = await trx
        .updateTable("blog_posts")
        .set({ ...values, slug, updated_at: stamp })
        .where("id", "=", id)
        .where("updated_at", "=", loadedAt)
        .executeTakeFirst();
      if (updated.numUpdatedRows > 0n) {
        // The slug it had before too, for articles older than the history (migration 006).
        if (current.slug) {
          await recordPostSlug(trx, { postId: id, slug: current.slug, stamp: current.updated_at });
        }
        await recordPostSlug(trx, { postId: id, slug, stamp });
      }
      return updated;
    }),
  );
  assertFresh(result, true, "Article");
  return (await getPostForEdit({ id }))!;
}

/**
 * Publishes or unpublishes (spec §4); the value is explicit, so a repeated click is harmless.
 * Publishing cancels a scheduled publication, unpublishing a scheduled unpublication: what
 * was asked for is done. The due-job (scheduled-publishing.server.ts) publishes through this
 * too, with `publishedAt` the scheduled instant (the article's date: ADR 023).
 */
export async function setPostPublished({
  id,
  published,
  publishedAt,
}: {
  id: number;
  published: boolean;
  publishedAt?: string;
}): Promise<Post> {
  return setPostFlag(
    id,
    published
      ? { is_published: 1, publish_at: null, ...(publishedAt ? { published_at: publishedAt } : {}) }
      : { is_published: 0, unpublish_at: null },
  );
}

/** Puts an article forward (Mis en avant) or takes it back, independently of publication. */
export async function setPostFeatured({
  id,
  featured,
}: {
  id: number;
  featured: boolean;
}): Promise<Post> {
  return setPostFlag(id, { is_featured: featured ? 1 : 0 });
}

async function setPostFlag(
  id: number,
  flag:
    | { is_published: number; publish_at?: null; unpublish_at?: null; published_at?: string }
    | { is_featured: number },
): Promise<Post> {
  const current = await getPostForEdit({ id });
  if (!current) throw new NotFoundError("Article");
  await getDb()
    .updateTable("blog_posts")
    .set({ ...flag, updated_at: nextStamp(current.updated_at) })
    .where("id", "=", id)
    .execute();
  return (await getPostForEdit({ id }))!;
}

/** Deletes an article; false when it was already gone. */
export async function deletePost({ id }: { id: number }): Promise<boolean> {
  const result = await getDb().deleteFrom("blog_posts").where("id", "=", id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}
