import type { Kysely } from "kysely";
import { getDb } from "~/db/client.server";
import { isUniqueViolation } from "~/db/unique-violation";
import { PAGE_FIELDS, PAGE_MESSAGES } from "~/domains/content/page-schema";
import { MAIN_PAGE_SLUGS, PAGE_TEMPLATES } from "~/domains/content/defaults";
import type { Database } from "~/db/schema";
import { sanitizePageHtml } from "~/utils/sanitize-html.server";
import { pageOf, whereSearch, type ListPage } from "../../utils/list-page.server";
import { oneOf } from "~/core/json";
import { assertFresh, nextStamp, NotFoundError } from "../../utils/stale.server";

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

// ---------------------------------------------------------------------------------------
// Back office

/** The built-in pages of spec §5, seeded as unpublished records (never served here). */
export const MAIN_PAGES = [
  { slug: "/", title: "Accueil" },
  { slug: "/disciplines", title: "Disciplines" },
  { slug: "/entrainements", title: "Entraînements" },
  { slug: "/tarifs", title: "Tarifs" },
  { slug: "/contact", title: "Contact" },
] as const;

export const MAIN_PAGE_DELETE_MESSAGE = "Vous ne pouvez pas supprimer cette page principale";
export const DUPLICATE_SLUG_MESSAGE = "Erreur: Les URLs des pages doivent être uniques";

/** Refused: another page already has this slug. */
export class DuplicateSlugError extends Error {
  constructor() {
    super(DUPLICATE_SLUG_MESSAGE);
    this.name = "DuplicateSlugError";
  }
}

/**
 * Refused: a main page (home, disciplines…) is not edited, published or deleted here (its
 * texts live in Contenu); the message says which.
 */
export class MainPageError extends Error {
  constructor(message: string = MAIN_PAGE_DELETE_MESSAGE) {
    super(message);
    this.name = "MainPageError";
  }
}

export interface AdminSitePage {
  id: number;
  title: string;
  slug: string;
  content: string;
  is_published: boolean;
  template: PageTemplate;
  order_index: number;
  /** A built-in page: always public at its own route, its texts edited in Contenu; read-only here. */
  is_main: boolean;
  /** Scheduled publishing (migration 023): the instants due, null when none. */
  publish_at: string | null;
  unpublish_at: string | null;
  updated_at: string;
}

export type SitePageInput = Pick<
  AdminSitePage,
  "title" | "slug" | "content" | "is_published" | "template" | "order_index"
> &
  /** Scheduled publishing (ADR 023); left as stored when absent. */
  Partial<Pick<AdminSitePage, "publish_at" | "unpublish_at">>;

const ADMIN_COLUMNS = ["id", ...PAGE_FIELDS, "updated_at"] as const;

function toAdminPage(row: {
  id: number;
  title: string;
  slug: string;
  content: string;
  is_published: number;
  template: string;
  order_index: number;
  publish_at: string | null;
  unpublish_at: string | null;
  updated_at: string;
}): AdminSitePage {
  const isMain = isMainPageSlug(row.slug);
  return {
    ...row,
    is_published: !isMain && row.is_published === 1,
    template: oneOf(PAGE_TEMPLATES, row.template, "default"),
    is_main: isMain,
  };
}

/** Every page, drafts and main pages included, in the admin's order. */
export async function getSitePagesForAdmin(): Promise<AdminSitePage[]> {
  const rows = await getDb()
    .selectFrom("site_pages")
    .select(ADMIN_COLUMNS)
    .orderBy("order_index")
    .orderBy("id")
    .execute();
  return rows.map(toAdminPage);
}

/** What a row of the admin list shows: no text, which the editor loads alone. */
export type AdminSitePageRow = Omit<AdminSitePage, "content">;

export const ADMIN_PAGES_PER_PAGE = 25;

/** One page of the admin list, in the admin's order, searched by title or address. */
export async function listSitePagesForAdmin({
  page,
  search,
}: {
  page: number;
  search: string;
}): Promise<ListPage<AdminSitePageRow>> {
  const query = whereSearch(getDb().selectFrom("site_pages"), ["title", "slug"], search)
    .select(ADMIN_COLUMNS.filter((column) => column !== "content"))
    .orderBy("order_index")
    .orderBy("id");
  const list = await pageOf(query, { page, perPage: ADMIN_PAGES_PER_PAGE });
  return {
    ...list,
    rows: list.rows.map((row) => {
      const { content: _, ...item } = toAdminPage({ ...row, content: "" });
      return item;
    }),
  };
}

export async function getSitePage({ id }: { id: number }): Promise<AdminSitePage | null> {
  const row = await getDb()
    .selectFrom("site_pages")
    .select(ADMIN_COLUMNS)
    .where("id", "=", id)
    .executeTakeFirst();
  return row ? toAdminPage(row) : null;
}

/** A new draft at the end of the list, at a free "/nouvelle-page…" slug. */
export async function createSitePage(): Promise<AdminSitePage> {
  const db = getDb();
  const stamp = nextStamp();
  const id = await db.transaction().execute(async (trx) => {
    const rows = await trx.selectFrom("site_pages").select(["slug", "order_index"]).execute();
    const taken = new Set(rows.map((row) => row.slug));
    let slug = "/nouvelle-page";
    for (let n = 2; taken.has(slug); n += 1) slug = `/nouvelle-page-${n}`;
    const order = rows.reduce((max, row) => Math.max(max, row.order_index + 1), 0);
    const row = await trx
      .insertInto("site_pages")
      .values({
        title: "Nouvelle page",
        slug,
        content: "",
        is_published: 0,
        template: "default",
        order_index: order,
        created_at: stamp,
        updated_at: stamp,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return row.id;
  });
  return (await getSitePage({ id }))!;
}

/**
 * Saves an edit made on the version stamped `loadedAt`. The HTML is sanitised before it
 * is stored. A main page is refused: its address is fixed, its route is always public and
 * its texts live in Contenu.
 * @throws MainPageError, DuplicateSlugError, StaleSaveError, NotFoundError
 */
export async function updateSitePage({
  id,
  values,
  loadedAt,
}: {
  id: number;
  values: SitePageInput;
  loadedAt: string;
}): Promise<AdminSitePage> {
  const db = getDb();
  const current = await getSitePage({ id });
  if (!current) throw new NotFoundError("Page");
  if (current.is_main) throw new MainPageError(PAGE_MESSAGES.mainPageEdit);
  const slug = values.slug;
  const clash = await db
    .selectFrom("site_pages")
    .select("id")
    .where("slug", "=", slug)
    .where("id", "!=", id)
    .executeTakeFirst();
  if (clash) throw new DuplicateSlugError();
  let result;
  try {
    result = await db
      .updateTable("site_pages")
      .set({
        title: values.title,
        slug,
        content: sanitizePageHtml(values.content),
        is_published: values.is_published ? 1 : 0,
        template: values.template,
        order_index: values.order_index,
        ...(values.publish_at !== undefined ? { publish_at: values.publish_at } : {}),
        ...(values.unpublish_at !== undefined ? { unpublish_at: values.unpublish_at } : {}),
        updated_at: nextStamp(loadedAt),
      })
      .where("id", "=", id)
      .where("updated_at", "=", loadedAt)
      .executeTakeFirst();
  } catch (error) {
    if (isUniqueViolation(error)) throw new DuplicateSlugError();
    throw error;
  }
  assertFresh(result, (await getSitePage({ id })) !== null, "Page");
  return (await getSitePage({ id }))!;
}

/**
 * Publishes or unpublishes a page as its editor's « Publiée » switch does (the due-job of
 * scheduled publishing calls it); publishing cancels a scheduled publication, unpublishing
 * a scheduled unpublication. A main page is refused.
 * @throws MainPageError, NotFoundError
 */
export async function setSitePagePublished({
  id,
  published,
}: {
  id: number;
  published: boolean;
}): Promise<AdminSitePage> {
  const current = await getSitePage({ id });
  if (!current) throw new NotFoundError("Page");
  if (current.is_main) throw new MainPageError(PAGE_MESSAGES.mainPageEdit);
  await getDb()
    .updateTable("site_pages")
    .set({
      ...(published
        ? { is_published: 1, publish_at: null }
        : { is_published: 0, unpublish_at: null }),
      updated_at: nextStamp(current.updated_at),
    })
    .where("id", "=", id)
    .execute();
  return (await getSitePage({ id }))!;
}

/** @throws MainPageError for a main page, NotFoundError when already gone */
export async function deleteSitePage({ id }: { id: number }): Promise<void> {
  const current = await getSitePage({ id });
  if (!current) throw new NotFoundError("Page");
  if (current.is_main) throw new MainPageError();
  await getDb().deleteFrom("site_pages").where("id", "=", id).execute();
}

/**
 * Writes the records of the main pages that are missing (a slug already used is left as
 * it is): the seed step "site-pages" (app/startup/seed.server.ts).
 */
export async function seedMainPages(trx: Kysely<Database>, stamp: string): Promise<void> {
  for (const [order_index, page] of MAIN_PAGES.entries()) {
    await trx
      .insertInto("site_pages")
      .values({
        title: page.title,
        slug: page.slug,
        content: "",
        is_published: 0,
        template: "default",
        order_index,
        created_at: stamp,
        updated_at: stamp,
      })
      .onConflict((oc) => oc.column("slug").doNothing())
      .execute();
  }
}
