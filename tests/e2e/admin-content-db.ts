import type { Page } from "@playwright/test";
import { db } from "./site-helpers";

/*
 * Shared by the admin-content-*, admin-menu-* and admin-settings-* specs: snapshots of
 * the rows a test changes, put back exactly afterwards (updated_at included), the toast
 * locator, the hydration wait and the axe check.
 */

type ContentRow = { category: string; section: string; content: string; updated_at: string };

/** Snapshot of one content block's row (undefined when only the defaults exist). */
export function snapshotContent(category: string, section: string) {
  const row = db()
    .prepare(
      "select category, section, content, updated_at from site_content where category = ? and section = ?",
    )
    .get(category, section) as ContentRow | undefined;
  return { category, section, row };
}

export function restoreContent(snapshot: ReturnType<typeof snapshotContent>): void {
  const { category, section, row } = snapshot;
  if (!row) {
    db()
      .prepare("delete from site_content where category = ? and section = ?")
      .run(category, section);
    return;
  }
  db()
    .prepare(
      `insert into site_content (category, section, content, updated_at) values (?, ?, ?, ?)
       on conflict (category, section) do update set content = excluded.content, updated_at = excluded.updated_at`,
    )
    .run(row.category, row.section, row.content, row.updated_at);
}

export function storedContent(category: string, section: string): Record<string, unknown> | null {
  const row = db()
    .prepare("select content from site_content where category = ? and section = ?")
    .get(category, section) as { content: string } | undefined;
  return row ? (JSON.parse(row.content) as Record<string, unknown>) : null;
}

type MenuRow = { id: number; label: string; path: string; order_index: number; updated_at: string };

export function snapshotMenu(): MenuRow[] {
  return db()
    .prepare(
      "select id, label, path, order_index, updated_at from menu_items order by order_index, id",
    )
    .all() as MenuRow[];
}

export function restoreMenu(rows: MenuRow[]): void {
  const write = db().transaction(() => {
    db().prepare("delete from menu_items").run();
    const insert = db().prepare(
      "insert into menu_items (id, label, path, order_index, updated_at) values (?, ?, ?, ?, ?)",
    );
    for (const row of rows)
      insert.run(row.id, row.label, row.path, row.order_index, row.updated_at);
  });
  write();
}

type SettingsRow = { category: string; settings: string; updated_at: string };

export function snapshotSetting(category: string) {
  const row = db()
    .prepare("select category, settings, updated_at from site_settings where category = ?")
    .get(category) as SettingsRow | undefined;
  return { category, row };
}

export function restoreSetting(snapshot: ReturnType<typeof snapshotSetting>): void {
  const { category, row } = snapshot;
  if (!row) {
    db().prepare("delete from site_settings where category = ?").run(category);
    return;
  }
  db()
    .prepare(
      `insert into site_settings (category, settings, updated_at) values (?, ?, ?)
       on conflict (category) do update set settings = excluded.settings, updated_at = excluded.updated_at`,
    )
    .run(row.category, row.settings, row.updated_at);
}

export function storedSetting<T>(category: string): T | null {
  const row = db()
    .prepare("select settings from site_settings where category = ?")
    .get(category) as { settings: string } | undefined;
  return row ? (JSON.parse(row.settings) as T) : null;
}

export { hydrated, toast } from "./admin-disciplines-db";
export { expectNoAxeViolations } from "./axe";

/** Delays this page's POSTs to `pathname` so that a busy state can be seen. */
export async function slowPosts(page: Page, pathname: string, ms = 800): Promise<void> {
  await page.route(
    (url) => url.pathname.startsWith(pathname),
    async (route) => {
      if (route.request().method() === "POST") await new Promise((r) => setTimeout(r, ms));
      await route.continue();
    },
  );
}
