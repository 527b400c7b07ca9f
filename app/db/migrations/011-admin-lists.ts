import type { Kysely } from "kysely";

/*
 * Indexes of the back office's lists (app/utils/list-page.server.ts): each list pages
 * through its rows in the order of an index, and each filter's count reads one.
 * - blog_posts (published_at, id): the admin list, newest first, drafts included (the
 *   public list keeps blog_posts_published: is_published, published_at); and
 *   (is_featured, published_at): the count of "Mis en avant".
 * - media_items (created_at, id): the library, newest first; it replaces media_items_created.
 * - contact_messages (folder, read_at, created_at): a folder, unread first, and its counts.
 * - site_pages (order_index, id): the pages' list.
 * - trial_bookings (status, session_date): the Essais list's bookings by period and status.
 */

const INDEXES: [name: string, table: string, columns: string[]][] = [
  ["blog_posts_admin_order", "blog_posts", ["published_at", "id"]],
  ["blog_posts_featured", "blog_posts", ["is_featured", "published_at"]],
  ["media_items_order", "media_items", ["created_at", "id"]],
  ["contact_messages_folder_read", "contact_messages", ["folder", "read_at", "created_at"]],
  ["site_pages_order", "site_pages", ["order_index", "id"]],
  ["trial_bookings_status_date", "trial_bookings", ["status", "session_date"]],
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
export async function up(db: Kysely<any>): Promise<void> {
  for (const [name, table, columns] of INDEXES) {
    await db.schema.createIndex(name).on(table).columns(columns).execute();
  }
  await db.schema.dropIndex("media_items_created").execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex("media_items_created")
    .on("media_items")
    .column("created_at")
    .execute();
  for (const [name] of INDEXES) await db.schema.dropIndex(name).execute();
}
