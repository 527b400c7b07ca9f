import type { ReactNode } from "react";

// Whole class names, so that Tailwind finds them in the source.
const HEADING = { lg: "text-lg font-bold text-ink", xl: "text-xl font-bold text-ink" };

/**
 * A part of a membership screen, named by its heading: "xl" for the parts of a page (a
 * season, the figures), "lg" for those of one file or one member.
 */
export function MembershipSection({
  id,
  title,
  size,
  className,
  children,
}: {
  /** The heading's id, which names the section. */
  id: string;
  title: ReactNode;
  size: "lg" | "xl";
  className: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={className}>
      <h2 id={id} className={HEADING[size]}>
        {title}
      </h2>
      {children}
    </section>
  );
}
