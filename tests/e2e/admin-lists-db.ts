import { randomBytes } from "node:crypto";
import { expect, type Locator, type Page } from "@playwright/test";
import { hydrated } from "./admin-disciplines-db";
import { db } from "./e2e-data";

/*
 * Rows for admin-lists.spec.ts, written straight into the e2e database, many at a time
 * (a list of several pages), all carrying the test's unique word, and removed by id.
 * They are dated long ago, so that on the lists without a search (newest first) they sit
 * after the rows the other specs look for on the first page.
 */

/** An instant `minutes` after 2000-01-01 00:00 UTC: distinct, ordered and old. */
export const oldStamp = (minutes: number) =>
  new Date(Date.UTC(2000, 0, 1) + minutes * 60_000).toISOString();

/** Runs `write` in one transaction (60 inserts in one go). */
export function inOneGo<T>(write: () => T): T {
  return db().transaction(write)();
}

export function deleteRows(
  table: "blog_posts" | "contact_messages" | "media_items" | "site_pages",
  ids: number[],
): void {
  const remove = db().prepare(`delete from ${table} where id = ?`);
  inOneGo(() => ids.forEach((id) => remove.run(id)));
}

export function insertMessage(values: {
  name: string;
  email: string;
  subject: string;
  message: string;
  folder: "inbox" | "archive" | "spam";
  createdAt: string;
  read: boolean;
}): number {
  const result = db()
    .prepare(
      `insert into contact_messages (name, email, phone, subject, message, folder, spam_reason, read_at, created_at, updated_at)
       values (@name, @email, '', @subject, @message, @folder, @reason, @readAt, @createdAt, @createdAt)`,
    )
    .run({
      ...values,
      reason: values.folder === "spam" ? "Trop de liens" : "",
      readAt: values.read ? values.createdAt : null,
    });
  return Number(result.lastInsertRowid);
}

/** A library item (an address, no file of its own: nothing to remove on disk). */
export function insertMediaItem(title: string, url: string, createdAt: string): number {
  const result = db()
    .prepare(
      `insert into media_items (title, url, type, storage_path, created_at, updated_at)
       values (?, ?, 'image', null, ?, ?)`,
    )
    .run(title, url, createdAt, createdAt);
  return Number(result.lastInsertRowid);
}

/** An unpublished page, placed after the others (the list is in the site's page order). */
export function insertDraftPage(values: { title: string; slug: string; content: string }): number {
  const stamp = new Date().toISOString();
  const result = db()
    .prepare(
      `insert into site_pages (title, slug, content, is_published, template, order_index, created_at, updated_at)
       values (@title, @slug, @content, 0, 'default', 1000, @stamp, @stamp)`,
    )
    .run({ ...values, stamp });
  return Number(result.lastInsertRowid);
}

/** A booked trial place of a named person (the activity's removal takes it along). */
export function insertNamedBooking(
  activityId: number,
  date: string,
  person: { firstName: string; lastName: string; email: string },
): void {
  const stamp = new Date().toISOString();
  db()
    .prepare(
      `insert into trial_bookings (activity_id, session_date, status, first_name, last_name, email,
         phone, level, message, cancel_token_hash, attendance, created_at, updated_at)
       values (?, ?, 'booked', ?, ?, ?, '0600000000', 'debutant', '', ?, '', ?, ?)`,
    )
    .run(
      activityId,
      date,
      person.firstName,
      person.lastName,
      person.email,
      randomBytes(32).toString("hex"),
      stamp,
      stamp,
    );
}

/**
 * The list's parameters in the address bar, as an object (waits until they are these).
 * Empty ones are left out: a search form sends its empty fields too ("categorie=&du="),
 * which mean no filter.
 */
export async function expectParams(page: Page, expected: Record<string, string>): Promise<void> {
  await expect
    .poll(() =>
      Object.fromEntries([...new URL(page.url()).searchParams].filter(([, value]) => value)),
    )
    .toEqual(expected);
}

/**
 * Opens a list and searches `word` as a volunteer does (the field, then "Rechercher"),
 * until the address holds it (with `params`, the list's own); gives the search field.
 */
export async function openAndSearch(
  page: Page,
  {
    url,
    field,
    word,
    within = page,
    params = {},
  }: {
    url: string;
    /** The search field's label. */
    field: string;
    word: string;
    /** Where the list is, when the screen has more than one region. */
    within?: Page | Locator;
    params?: Record<string, string>;
  },
): Promise<Locator> {
  await page.goto(url);
  await hydrated(page);
  const searchbox = within.getByRole("searchbox", { name: field });
  await searchbox.fill(word);
  await within.getByRole("search").getByRole("button", { name: "Rechercher" }).click();
  await expectParams(page, { ...params, q: word });
  return searchbox;
}

/** The live line above a list's rows ("60 articles trouvés sur 75 articles · page 2 sur 3"). */
export const listSummary = (page: Page, pattern: RegExp): Locator =>
  page.getByRole("main").getByText(pattern);

/** The links to the list's other pages. */
export const pagination = (scope: Page | Locator): Locator =>
  scope.getByRole("navigation", { name: "Pages de la liste" });

/** Matches `text` literally inside a RegExp. */
export const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
