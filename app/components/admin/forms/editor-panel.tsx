import type { ReactNode } from "react";
import { UnsavedBanner } from "./unsaved-changes";

/**
 * The editor of the selected record or page: its title beside its actions (a preview, the
 * save button), the unsaved-changes banner, then its form.
 */
export function EditorPanel({
  titleId,
  title,
  actions,
  dirty,
  children,
}: {
  titleId: string;
  title: string;
  actions: ReactNode;
  dirty: boolean;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={titleId}
      className="flex flex-col gap-4 rounded-lg border border-gray-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <h2 id={titleId} className="min-w-0 text-xl font-bold break-words text-ink">
          {title}
        </h2>
        <div className="flex shrink-0 flex-wrap gap-2">{actions}</div>
      </div>
      <UnsavedBanner dirty={dirty} />
      {children}
    </section>
  );
}
