import type { ReactNode } from "react";

/** The buttons of a list edited whole (add, save), kept in view at the bottom of the screen. */
export function StickyActions({ children }: { children: ReactNode }) {
  return (
    // At the bottom rather than the top: the toasts show at the top right.
    <div className="sticky bottom-0 z-10 -mx-4 mt-6 flex flex-wrap items-center justify-end gap-2 border-t border-gray-200 bg-white/95 px-4 py-3 shadow-[0_-4px_12px_rgba(0,0,0,0.06)] sm:mx-0 sm:rounded-lg sm:border">
      {children}
    </div>
  );
}
