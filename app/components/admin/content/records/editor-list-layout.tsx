import type { ReactNode } from "react";
import { cn } from "~/components/ui/cn";

/**
 * The two panes of Disciplines, Formats and Pages: the list on the left (a fixed column
 * from 1024 px, stacked above the editor below), the editor on the right.
 * NOTE: lg, not md: from 768 px the admin sidebar takes 256 px, and two columns at md
 * would leave the editor about 170 px wide (tests/e2e/admin-editor-list-layout.spec.ts).
 *
 *   <EditorListLayout listLabel="Liste des disciplines" list={<ul>…</ul>} listActions={<Button>…</Button>}>
 *     <Editor />
 *   </EditorListLayout>
 */
export function EditorListLayout({
  list,
  listTitle,
  listLabel,
  listActions,
  children,
  className,
}: {
  list: ReactNode;
  /** A visible heading above the list. */
  listTitle?: ReactNode;
  /** The list region's accessible name (default: the title's text, when a string). */
  listLabel?: string;
  /** Buttons above the list (Ajouter…). */
  listActions?: ReactNode;
  /** The editor. */
  children: ReactNode;
  className?: string;
}) {
  const label = listLabel ?? (typeof listTitle === "string" ? listTitle : "Liste");
  return (
    <div className={cn("grid gap-6 lg:grid-cols-[18rem_minmax(0,1fr)] lg:items-start", className)}>
      <section
        aria-label={label}
        className="flex flex-col gap-3 rounded-lg border border-gray-200 bg-white p-4 shadow-sm lg:sticky lg:top-4"
      >
        {(listTitle || listActions) && (
          <div className="flex flex-wrap items-center justify-between gap-2">
            {listTitle && <h2 className="text-base font-bold text-ink">{listTitle}</h2>}
            {listActions && <div className="flex flex-wrap gap-2">{listActions}</div>}
          </div>
        )}
        {list}
      </section>
      <div className="min-w-0">{children}</div>
    </div>
  );
}
