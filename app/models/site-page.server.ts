import { getDb } from "~/db/client.server";
import { MAIN_PAGE_SLUGS, PAGE_TEMPLATES } from "~/content/defaults";
import { oneOf } from "./parse";

export type PageTemplate = (typeof PAGE_TEMPLATES)[number];

export interface PublicSitePage {
  id: number;
  title: string;
  slug: string;
  content: string;
  template: PageTemplate;
  updated_at: string;
}

/**
 * The main pages (home, disciplines…) have their own routes: a site page under one of
 * those slugs is content for the admin, never served in place of the real page.
 */
export function isMainPageSlug(slug: string): boolean {
  const bare = slug.replace(/^\/+|\/+$/g, "").toLowerCase();
  return bare === "" || MAIN_PAGE_SLUGS.includes(bare);
}

/** The slug a request path asks for: decoded, without a trailing slash. */
export function slugFromPath(pathname: string): string {
  let path = pathname;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    // A malformed escape is looked up as written.
  }
  return path.length > 1 ? path.replace(/\/+$/, "") : path;
}

function published() {
  return getDb()
    .selectFrom("site_pages")
    .select(["id", "title", "slug", "content", "template", "updated_at"])
    .where("is_published", "=", 1);
}

/** A published page at this slug (e.g. "/mentions-legales"); null for drafts and unknowns. */
export async function getPublishedSitePage({
  slug,
}: {
  slug: string;
}): Promise<PublicSitePage | null> {
  if (!slug.startsWith("/") || isMainPageSlug(slug)) return null;
  const row = await published().where("slug", "=", slug).executeTakeFirst();
  return row ? { ...row, template: oneOf(PAGE_TEMPLATES, row.template, "default") } : null;
}

/** Every published page served at its own slug, in the admin's order: for the sitemap. */
export async function getPublishedSitePages(): Promise<{ slug: string; updated_at: string }[]> {
  const rows = await getDb()
    .selectFrom("site_pages")
    .select(["slug", "updated_at"])
    .where("is_published", "=", 1)
    .orderBy("order_index")
    .orderBy("id")
    .execute();
  return rows.filter((row) => row.slug.startsWith("/") && !isMainPageSlug(row.slug));
}
