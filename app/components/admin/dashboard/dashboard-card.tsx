import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";

/** A card of the dashboard, named by its heading (with its icon, in the card's colour). */
export function DashboardCard({
  id,
  title,
  icon,
  className,
  children,
}: {
  /** The heading's id, which names the section. */
  id: string;
  title: string;
  icon?: { Icon: LucideIcon; color: "text-gold-dark" | "text-teal-dark" };
  /** Its place on the page, such as "mt-8" below the card before it. */
  className?: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={id}
      className={`${className ? `${className} ` : ""}rounded-lg border border-gray-200 bg-white p-5 shadow-sm`}
    >
      <h2
        id={id}
        className={icon ? "flex items-center gap-2 text-lg text-ink" : "text-lg text-ink"}
      >
        {icon ? <icon.Icon aria-hidden="true" className={`size-5 ${icon.color}`} /> : null}
        {title}
      </h2>
      {children}
    </section>
  );
}
