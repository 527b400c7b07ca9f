import type { ReactNode } from "react";

/** The title of an admin screen (its one h1), a short description and its actions. */
export function AdminPageHeader({
  title,
  description,
  actions,
  children,
}: {
  title: ReactNode;
  description?: ReactNode;
  /** Buttons or links on the right (below the title on mobile). */
  actions?: ReactNode;
  /** Anything under the header (a banner, tabs). */
  children?: ReactNode;
}) {
  return (
    <header className="mb-6 flex flex-col gap-3">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold text-ink">{title}</h1>
          {description && <p className="mt-1 max-w-2xl text-gray-700">{description}</p>}
        </div>
        {actions && <div className="flex shrink-0 flex-wrap items-center gap-2">{actions}</div>}
      </div>
      {children}
    </header>
  );
}
