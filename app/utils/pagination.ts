export type PageItem = number | "ellipsis";

const SHOW_ALL_MAX = 7;

/** Page links to render: first, last and current±1, with "ellipsis" for gaps. */
export function paginationItems(current: number, total: number): PageItem[] {
  const last = Number.isFinite(total) ? Math.floor(total) : 0;
  if (last <= 1) return [];
  if (last <= SHOW_ALL_MAX) return Array.from({ length: last }, (_, i) => i + 1);

  const page = Math.min(Math.max(Math.trunc(current) || 1, 1), last);
  const pages = [...new Set([1, page - 1, page, page + 1, last])]
    .filter((p) => p >= 1 && p <= last)
    .sort((a, b) => a - b);

  const items: PageItem[] = [];
  let previous = 0;
  for (const p of pages) {
    if (p - previous > 1) items.push("ellipsis");
    items.push(p);
    previous = p;
  }
  return items;
}

/** Parses a "?page=" value: positive integer, defaults to 1, clamped to 1..max(total, 1). */
export function clampPage(raw: string | null, total: number): number {
  const max = Number.isFinite(total) ? Math.max(Math.floor(total), 1) : 1;
  const text = raw?.trim() ?? "";
  if (!/^\d+$/.test(text)) return 1;
  const page = Number(text);
  return Math.min(Math.max(page, 1), max);
}
