import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";

/** A request the dashboard makes to whoever signs in, above everything else, until it is met. */
export function DashboardNotice({
  id,
  icon: Icon,
  title,
  spacing,
  children,
}: {
  /** The heading's id, which names the section. */
  id: string;
  icon: LucideIcon;
  title: string;
  /** The space between its paragraphs. */
  spacing: "gap-2" | "gap-3";
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={id}
      className={`mb-6 flex flex-col ${spacing} rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900`}
    >
      <h2 id={id} className="flex items-center gap-2 text-base font-semibold text-ink">
        <Icon aria-hidden="true" className="size-5 shrink-0" />
        {title}
      </h2>
      {children}
    </section>
  );
}
