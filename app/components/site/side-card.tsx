import type { ReactNode } from "react";

/*
 * A page's text with a card beside it from a large screen (under it on a phone): an
 * activity's « En bref », a site page's contact card. The grid gives the card its 20rem.
 */

export const WITH_SIDE_CARD =
  "mx-auto grid max-w-6xl gap-10 px-4 py-14 md:py-20 lg:grid-cols-[1fr_20rem]";

/** The card: an aside named by its title, under a gold rule; the tone is the caller's. */
export function SideCard({
  id,
  title,
  className,
  cardClassName,
  children,
}: {
  id: string;
  title: ReactNode;
  className: string;
  cardClassName: string;
  children: ReactNode;
}) {
  return (
    <aside aria-labelledby={id} className={className}>
      <div className={`rounded-2xl border-t-4 border-gold p-6 ${cardClassName}`}>
        <h2 id={id} className="text-2xl">
          {title}
        </h2>
        {children}
      </div>
    </aside>
  );
}
