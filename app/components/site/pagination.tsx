import { ChevronLeft, ChevronRight } from "lucide-react";
import { Link } from "react-router";
import { paginationItems } from "~/utils/pagination";

const ITEM =
  "inline-flex min-h-11 min-w-11 items-center justify-center rounded-full px-3 font-semibold tabular-nums transition-colors";

/**
 * Page links of a list (spec §5, §9): nothing for a single page, every page up to 7,
 * otherwise the first, the last and the current page ±1 with ellipses. The public blog's
 * and the back office's lists (which keep their search and filters in `href`).
 */
export function Pagination({
  page,
  totalPages,
  href = (n) => `?page=${n}`,
  label = "Pagination",
  className = "mt-12",
}: {
  page: number;
  totalPages: number;
  href?: (page: number) => string;
  /** The navigation's name, unique on its screen. */
  label?: string;
  className?: string;
}) {
  const items = paginationItems(page, totalPages);
  if (items.length === 0) return null;
  return (
    <nav aria-label={label} className={`${className} flex justify-center`}>
      <ul className="flex flex-wrap items-center justify-center gap-1.5">
        {page > 1 && (
          <li>
            <Link
              to={href(page - 1)}
              aria-label="Page précédente"
              className={`${ITEM} text-ink hover:bg-gray-100`}
            >
              <ChevronLeft aria-hidden="true" className="size-5" />
            </Link>
          </li>
        )}
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
                className={`${ITEM} ${
                  item === page
                    ? "bg-ink text-white"
                    : "text-ink ring-1 ring-gray-300 hover:bg-teal-light"
                }`}
              >
                {item}
              </Link>
            </li>
          ),
        )}
        {page < totalPages && (
          <li>
            <Link
              to={href(page + 1)}
              aria-label="Page suivante"
              className={`${ITEM} text-ink hover:bg-gray-100`}
            >
              <ChevronRight aria-hidden="true" className="size-5" />
            </Link>
          </li>
        )}
      </ul>
    </nav>
  );
}
