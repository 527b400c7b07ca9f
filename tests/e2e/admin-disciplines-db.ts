import type { Page } from "@playwright/test";
import { db } from "./site-helpers";

/*
 * Shared by the admin-disciplines-*, admin-training-*, admin-pages-* and
 * admin-inscriptions-* specs: the toast locator, the hydration wait, the axe check and the
 * rows those specs add and must remove.
 */

export const STALE =
  "Ces données ont été modifiées ailleurs (autre onglet ou autre administrateur) depuis leur chargement. Rechargez la page pour voir la dernière version : vos saisies n'ont pas été enregistrées.";

/** A toast on screen; one leaving (its text shown again, or its time up) is not counted. */
export const toast = (page: Page, text: string | RegExp) =>
  page
    .getByRole("region", { name: /Notifications/ })
    .locator('[data-sonner-toast]:not([data-removed="true"])')
    .getByText(text);

/** Waits until React has hydrated the back office (its buttons then answer). */
export async function hydrated(page: Page): Promise<void> {
  await page.locator("[data-shell-ready]").waitFor();
}

/**
 * axe on the page, toasts left out: one fading in or out reads as low contrast. The
 * toasts are checked fully drawn in admin-shell-layout.spec.ts.
 */
export function unique(prefix: string): string {
  return `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
}

type OrderedTable = "disciplines" | "training_formats";

/** Ids in display order. */
export function orderedIds(table: OrderedTable): number[] {
  return (
    db().prepare(`select id from ${table} order by order_index, id`).all() as { id: number }[]
  ).map((row) => row.id);
}

/** Removes rows a test added (by id or title) and renumbers the list from 0 as the app does. */
export function removeRows(table: OrderedTable, where: { ids?: number[]; title?: string }): void {
  const write = db().transaction(() => {
    for (const id of where.ids ?? []) db().prepare(`delete from ${table} where id = ?`).run(id);
    if (where.title) db().prepare(`delete from ${table} where title = ?`).run(where.title);
    const update = db().prepare(`update ${table} set order_index = ? where id = ?`);
    orderedIds(table).forEach((id, index) => update.run(index, id));
  });
  write();
}

/** A row at the end of the list, as the Ajouter button makes it. */
export function insertRow(table: OrderedTable, title: string): number {
  const stamp = new Date().toISOString();
  const result = db()
    .prepare(
      `insert into ${table} (title, order_index, created_at, updated_at) values (?, ?, ?, ?)`,
    )
    .run(title, orderedIds(table).length, stamp, stamp);
  return Number(result.lastInsertRowid);
}

export function rowOf(table: OrderedTable, id: number): Record<string, unknown> | undefined {
  return db().prepare(`select * from ${table} where id = ?`).get(id) as
    Record<string, unknown> | undefined;
}

/** A small but real PDF (one empty page). */
export function pdfBytes(): Buffer {
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>",
  ];
  let body = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, "0")} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, "latin1");
}

/** Every row of the table, every column, in display order: what `restoreAllRows` puts back. */
export function snapshotRows(table: OrderedTable): Record<string, unknown>[] {
  return db().prepare(`select * from ${table} order by order_index, id`).all() as Record<
    string,
    unknown
  >[];
}

/** Deletes every row but `keepId` (left at order_index 0): the list's last one. */
export function keepOnlyRow(table: OrderedTable, keepId: number): void {
  const write = db().transaction(() => {
    db().prepare(`delete from ${table} where id <> ?`).run(keepId);
    db().prepare(`update ${table} set order_index = 0 where id = ?`).run(keepId);
  });
  write();
}

/** Puts the table back exactly as snapshotted: same rows, ids, order_index and columns. */
export function restoreAllRows(table: OrderedTable, rows: Record<string, unknown>[]): void {
  const write = db().transaction(() => {
    db().prepare(`delete from ${table}`).run();
    for (const row of rows) {
      const columns = Object.keys(row);
      db()
        .prepare(
          `insert into ${table} (${columns.join(", ")}) values (${columns.map(() => "?").join(", ")})`,
        )
        .run(...columns.map((column) => row[column]));
    }
  });
  write();
}
