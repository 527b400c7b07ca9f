import { Link } from "react-router";
import { SelectButton } from "~/components/admin/forms/select-button";
import { ScheduleBadges } from "~/components/admin/schedule/schedule-badges";
import { Badge } from "~/components/ui/badge";
import { cn } from "~/components/ui/cn";
import type { AdminPage } from "./page-editor";
import { contentHrefOf } from "~/domains/content/page-schema";

/*
 * The Pages screen's list: a page of its own opens in the editor; a main page (home,
 * disciplines…) is a read-only line, since it is always public and its texts live in Contenu.
 */

type PageRow = Omit<AdminPage, "content">;

export function PageList({
  pages,
  selectedId,
  onSelect,
  now,
}: {
  pages: PageRow[];
  selectedId: number | null;
  onSelect: (id: number) => void;
  /** The list's load time: the schedule's « en retard » mark. */
  now: Date;
}) {
  return (
    <ul className="flex flex-col gap-2">
      {pages.map((page) => {
        if (page.is_main) return <MainPageLine key={page.id} page={page} />;
        const selected = page.id === selectedId;
        return (
          <li key={page.id}>
            <SelectButton
              selected={selected}
              onSelect={() => onSelect(page.id)}
              className={cn(
                "flex w-full flex-col gap-1 border",
                selected ? "border-teal-dark ring-1 ring-teal-dark" : "border-gray-200 bg-white",
              )}
            >
              <span className="truncate font-semibold text-ink">{page.title}</span>
              <span className="flex flex-wrap items-center gap-2">
                <span className="truncate font-mono text-xs text-gray-700">{page.slug}</span>
                {page.is_published ? (
                  <Badge tone="success">Publié</Badge>
                ) : (
                  // A draft scheduled to go out reads « Programmé pour le … » alone.
                  !page.publish_at && <Badge tone="warning">Brouillon</Badge>
                )}
                <ScheduleBadges schedule={page} now={now} />
              </span>
            </SelectButton>
          </li>
        );
      })}
    </ul>
  );
}

/** A main page: its title, its public address, and where its texts are edited. */
function MainPageLine({ page }: { page: PageRow }) {
  return (
    <li className="flex flex-col gap-1 rounded-md border border-gray-200 bg-gray-50 px-3 py-2">
      <span className="flex flex-wrap items-center gap-2">
        <span className="truncate font-semibold text-ink">{page.title}</span>
        <Badge>Page principale</Badge>
      </span>
      <span className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
        <a
          href={page.slug}
          target="_blank"
          rel="noopener"
          className="inline-flex min-h-6 min-w-6 items-center font-mono text-xs break-all text-gray-700 underline"
        >
          {page.slug}
          <span className="sr-only"> (page publique, nouvel onglet)</span>
        </a>
        <Link
          to={contentHrefOf(page.slug)}
          className="inline-flex min-h-6 items-center font-semibold text-teal-dark underline"
        >
          Modifier dans Contenu
          <span className="sr-only"> : {page.title}</span>
        </Link>
      </span>
    </li>
  );
}
