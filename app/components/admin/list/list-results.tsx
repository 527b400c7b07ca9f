import type { ReactNode } from "react";
import { useSearchParams } from "react-router";
import { Pagination } from "~/components/site/pagination";
import { listHref, PAGE_PARAM } from "~/utils/list-params";

/*
 * The rows of a back-office list between what they are (a live count, read out when a
 * search or a page changes) and the links to the other pages. `data-list-pages` is read by
 * `npm run bench` (scripts/bench/admin-lists.ts) to find a middle page.
 */

export function ListResults({
  page,
  pages,
  summary,
  empty,
  pageParam = PAGE_PARAM,
  label = "Pages de la liste",
  children,
}: {
  page: number;
  pages: number;
  /** "5 000 articles", "12 résultats sur 5 000 messages". */
  summary: ReactNode;
  /** Shown instead of the rows when there are none. */
  empty?: ReactNode;
  /** The page's parameter, for a second paginated list on one screen. */
  pageParam?: string;
  /** The name of its page links, unique on the screen. */
  label?: string;
  children: ReactNode;
}) {
  const [params] = useSearchParams();
  return (
    <div data-list-pages={pages} className="flex flex-col gap-4">
      <p className="text-sm font-semibold text-gray-700" aria-live="polite">
        {summary}
        {pages > 1 ? ` · page ${page} sur ${pages}` : ""}
      </p>
      {empty ?? children}
      <Pagination
        page={page}
        totalPages={pages}
        href={(n) => listHref(params, { [pageParam]: n }, pageParam)}
        label={label}
        className="mt-2"
      />
    </div>
  );
}
