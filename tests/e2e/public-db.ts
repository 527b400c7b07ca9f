import { seedPosts } from "../../app/domains/content/seed-data";
import { slugify } from "../../app/core/slug";
import { db, withLock } from "./e2e-data";

/*
 * Rows of the e2e server's database (e2e-data.ts) for the public-* specs. Tests that
 * change what every visitor sees (published articles, articlesPerPage, inscription forms)
 * run one at a time across workers and projects under withDbLock, and undo their changes
 * before releasing it.
 */

export { db } from "./e2e-data";

/** Runs `fn` while holding the cross-process lock of the public specs. */
export const withDbLock = <T>(fn: () => Promise<T>): Promise<T> => withLock("public-e2e", fn);

const now = () => new Date().toISOString();

export function unique(prefix: string): string {
  return `${prefix}-${process.pid}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
}

export function insertPost(values: {
  slug: string;
  title: string;
  content?: string;
  excerpt?: string;
  is_published?: number;
  published_at?: string;
  image_url?: string;
  author?: string;
  category?: string;
}): number {
  const row = {
    content: `Contenu de ${values.title}`,
    excerpt: "",
    is_published: 1,
    published_at: "2001-01-01T10:00:00.000Z",
    image_url: "",
    author: "",
    category: "actualite",
    ...values,
  };
  const result = db()
    .prepare(
      `insert into blog_posts (slug, title, content, excerpt, is_published, published_at, image_url, author, category, created_at, updated_at)
       values (@slug, @title, @content, @excerpt, @is_published, @published_at, @image_url, @author, @category, @stamp, @stamp)`,
    )
    .run({ ...row, stamp: now() });
  return Number(result.lastInsertRowid);
}

export function deletePosts(ids: number[]): void {
  const remove = db().prepare("delete from blog_posts where id = ?");
  for (const id of ids) remove.run(id);
}

export function getSetting<T>(category: string): T {
  const row = db()
    .prepare("select settings from site_settings where category = ?")
    .get(category) as { settings: string } | undefined;
  return JSON.parse(row?.settings ?? "{}") as T;
}

export function setSetting(category: string, settings: unknown): void {
  db()
    .prepare("update site_settings set settings = ?, updated_at = ? where category = ?")
    .run(JSON.stringify(settings), now(), category);
}

export function insertSitePage(values: {
  title: string;
  slug: string;
  content: string;
  is_published: number;
  template: string;
}): number {
  const result = db()
    .prepare(
      `insert into site_pages (title, slug, content, is_published, template, order_index, created_at, updated_at)
       values (@title, @slug, @content, @is_published, @template, 0, @stamp, @stamp)`,
    )
    .run({ ...values, stamp: now() });
  return Number(result.lastInsertRowid);
}

export function deleteSitePages(ids: number[]): void {
  const remove = db().prepare("delete from site_pages where id = ?");
  for (const id of ids) remove.run(id);
}

export function insertInscriptionForm(values: {
  title: string;
  description: string;
  file_url: string | null;
  order_index: number;
  is_active?: number;
}): number {
  const result = db()
    .prepare(
      `insert into inscription_forms (title, description, file_url, order_index, is_active, created_at, updated_at)
       values (@title, @description, @file_url, @order_index, @is_active, @stamp, @stamp)`,
    )
    .run({ is_active: 1, ...values, stamp: now() });
  return Number(result.lastInsertRowid);
}

export function deleteInscriptionForms(ids: number[]): void {
  const remove = db().prepare("delete from inscription_forms where id = ?");
  for (const id of ids) remove.run(id);
}

/** The id of a seeded activity by its day and title. */
export function activityId(day: string, title: string): number {
  const row = db()
    .prepare("select id from schedule_activities where day = ? and title = ?")
    .get(day, title) as { id: number } | undefined;
  if (!row) throw new Error(`No activity ${title} on ${day}`);
  return row.id;
}

export function seededPost(): { id: number; slug: string; title: string; image_url: string } {
  return db()
    .prepare(
      "select id, slug, title, image_url from blog_posts where is_published = 1 order by published_at desc, id desc limit 1",
    )
    .get() as { id: number; slug: string; title: string; image_url: string };
}

/**
 * Sets the dated timetable's season to `start`–`end` (so the weeks a test reads have
 * sessions whatever the month it runs in); the function returned puts the former back.
 */
export function swapSeason(start: string, end: string): () => void {
  const former = db()
    .prepare("select settings from site_settings where category = 'season'")
    .get() as { settings: string } | undefined;
  db()
    .prepare(
      `insert into site_settings (category, settings, updated_at) values ('season', ?, ?)
       on conflict (category) do update set settings = excluded.settings, updated_at = excluded.updated_at`,
    )
    .run(JSON.stringify({ start, end }), now());
  return () => {
    if (former) {
      db()
        .prepare("update site_settings set settings = ? where category = 'season'")
        .run(former.settings);
    } else {
      db().prepare("delete from site_settings where category = 'season'").run();
    }
  };
}

/**
 * The seed's articles as the e2e server's first start wrote them today (their words and
 * dates follow the install date), in the blog's order: the one put forward first, then
 * newest first; with their slugs.
 */
export function seededPostsInBlogOrder() {
  return seedPosts(new Date())
    .map((post) => ({ ...post, slug: slugify(post.title) }))
    .sort(
      (a, b) =>
        Number(b.isFeatured) - Number(a.isFeatured) || b.publishedAt.localeCompare(a.publishedAt),
    );
}
