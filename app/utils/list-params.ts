import { isIsoDate } from "~/core/club-time";

/*
 * The state of a back-office list in its URL (the one list pattern: blog, media, messages,
 * trial bookings, pages): the page, the search and the filters, read the same way by the
 * loader and by the screen, so that back, reload and a shared link keep them.
 */

/** The page's parameter; a list with a second paginated part names its own. */
export const PAGE_PARAM = "page";
export const SEARCH_PARAM = "q";

/** Longer searches are cut: nobody types more, and a long LIKE pattern is work for nothing. */
const SEARCH_MAX = 100;

/** "?page=": a positive integer, else 1 (the server clamps it to the last page). */
export function readPage(params: URLSearchParams, name = PAGE_PARAM): number {
  const text = params.get(name)?.trim() ?? "";
  if (!/^\d{1,9}$/.test(text)) return 1;
  return Math.max(Number(text), 1);
}

/** "?q=": trimmed, spaces folded, at most 100 characters. */
export function readSearch(params: URLSearchParams): string {
  return (params.get(SEARCH_PARAM) ?? "").replace(/\s+/g, " ").trim().slice(0, SEARCH_MAX);
}

/** A filter's value when it is one of `choices`, else `fallback`. */
export function readChoice<T extends string, F extends T | null>(
  params: URLSearchParams,
  name: string,
  choices: readonly T[],
  fallback: F,
): T | F {
  const value = params.get(name);
  return choices.includes(value as T) ? (value as T) : fallback;
}

/** A date filter ("?du=2026-09-01"): a real calendar date, else null. */
export function readDate(params: URLSearchParams, name: string): string | null {
  const value = params.get(name) ?? "";
  return isIsoDate(value) ? value : null;
}

/**
 * The address of the same list with some parameters changed (null removes one). Any change
 * other than the page's own goes back to the first page: page 40 of another filter is
 * rarely there.
 */
export function listHref(
  params: URLSearchParams,
  changes: Record<string, string | number | null>,
  pageParam = PAGE_PARAM,
): string {
  const next = new URLSearchParams(params);
  if (!(pageParam in changes)) next.delete(pageParam);
  for (const [name, value] of Object.entries(changes)) {
    if (value === null || value === "" || (name === pageParam && value === 1)) next.delete(name);
    else next.set(name, String(value));
  }
  const query = next.toString();
  return query ? `?${query}` : "?";
}

/** "1 article", "12 articles" (French: 0 and 1 are singular). */
export function countLabel(count: number, singular: string, plural = `${singular}s`): string {
  return `${count.toLocaleString("fr-FR")} ${count > 1 ? plural : singular}`;
}
