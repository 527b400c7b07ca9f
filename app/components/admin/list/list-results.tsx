import { ChevronLeft, ChevronRight } from "lucide-react";
import type { ReactNode } from "react";
import { Link, useSearchParams } from "react-router";
import { cn } from "~/components/ui/cn";
import { listHref, PAGE_PARAM } from "~/content/list-params";
import { paginationItems } from "~/content/pagination";

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
  children: ReactNode;
}) {
  return (
    <div data-list-pages={pages} className="flex flex-col gap-4">
      <p className="text-sm font-semibold text-gray-700" aria-live="polite">
        {summary}
        {pages > 1 ? ` · page ${page} sur ${pages}` : ""}
      </p>
      {empty ?? children}
      <ListPagination page={page} pages={pages} pageParam={pageParam} />
    </div>
  );
}

const ITEM =
  "inline-flex min-h-11 min-w-11 items-center justify-center gap-1 rounded-full px-3 text-sm font-semibold tabular-nums";

/** Links to the first, last, previous, next and nearby pages; nothing for a single page. */
function ListPagination({
  page,
  pages,
  pageParam,
}: {
  page: number;
  pages: number;
  pageParam: string;
}) {
  const [params] = useSearchParams();
  const items = paginationItems(page, pages);
  if (items.length === 0) return null;
  const href = (n: number) => listHref(params, { [pageParam]: n }, pageParam);
  return (
    <nav aria-label="Pages de la liste" className="flex justify-center">
      <ul className="flex flex-wrap items-center justify-center gap-1.5">
        <li>
          <PageLink to={page > 1 ? href(page - 1) : null} className="ring-1 ring-gray-300">
            <ChevronLeft aria-hidden="true" className="size-4" />
            <span className="max-sm:sr-only">Précédente</span>
          </PageLink>
        </li>
        {items.map((item, i) =>
          item === "ellipsis" ? (
            <li key={`ellipsis-${i}`} aria-hidden="true" className="px-1 text-gray-600">
              …
            </li>
          ) : (
            <li key={item}>
              <Link
                to={href(item)}
                aria-label={`Page ${item}`}
                aria-current={item === page ? "page" : undefined}
                className={cn(
                  ITEM,
                  item === page
                    ? "bg-ink text-white"
                    : "text-ink ring-1 ring-gray-300 hover:bg-teal-light",
                )}
              >
                {item}
              </Link>
            </li>
          ),
        )}
        <li>
          <PageLink to={page < pages ? href(page + 1) : null} className="ring-1 ring-gray-300">
            <span className="max-sm:sr-only">Suivante</span>
            <ChevronRight aria-hidden="true" className="size-4" />
          </PageLink>
        </li>
      </ul>
    </nav>
  );
}

/** Previous or next: a link, or a greyed label at either end. */
function PageLink({
  to,
  className,
  children,
}: {
  to: string | null;
  className: string;
  children: ReactNode;
}) {
  if (to === null) {
    return (
      <span aria-disabled="true" className={cn(ITEM, className, "text-gray-500")}>
        {children}
      </span>
    );
  }
  return (
    <Link to={to} className={cn(ITEM, className, "text-ink hover:bg-teal-light")}>
      {children}
    </Link>
  );
}
