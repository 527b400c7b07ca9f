import type { ReactNode } from "react";

/**
 * The box of a page opened from a link in a mail (a trial's cancellation, the renewal
 * reminder's unsubscribe): what the link does, or why it no longer works.
 */
export function LinkPanel({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-4 rounded-2xl bg-gray-50 p-6 ring-1 ring-ink/10">
      {children}
    </div>
  );
}
