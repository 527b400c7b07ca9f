import type { ReactNode } from "react";
import { UnsavedBanner } from "~/components/admin/forms/unsaved-changes";

/**
 * The unsaved-changes banner and the screen's save buttons, kept in view while a long
 * form scrolls (under the mobile bar, at the top on desktop). Used by the content, menu
 * and settings screens.
 */
export function SaveBar({ dirty, children }: { dirty: boolean; children: ReactNode }) {
  return (
    <div className="sticky top-14 z-30 -mx-4 mb-6 flex flex-col gap-2 border-y border-gray-200 bg-gray-50/95 px-4 py-2.5 backdrop-blur sm:flex-row sm:items-center md:top-0 md:-mx-8 md:px-8">
      <UnsavedBanner dirty={dirty} className="min-w-0 sm:flex-1" />
      <div className="flex flex-wrap items-center gap-2 sm:ml-auto">{children}</div>
    </div>
  );
}
