import type { ReactNode } from "react";
import { ButtonLink } from "~/components/site/button-link";

/** A 404 inside the site's frame (an article, an activity): what was not found, a way back. */
export function NotFoundSection({
  title,
  backTo,
  backLabel,
  children,
}: {
  title: string;
  backTo: string;
  /** The button's content (an icon may come first). */
  backLabel: ReactNode;
  /** The explanation, one paragraph or more. */
  children: ReactNode;
}) {
  return (
    <section className="mx-auto flex min-h-[60vh] max-w-2xl flex-col items-center justify-center gap-4 px-4 py-24 text-center">
      <p className="text-6xl font-extrabold text-gold-dark" aria-hidden="true">
        404
      </p>
      <h1 className="text-4xl text-ink">{title}</h1>
      {children}
      <ButtonLink to={backTo} variant="teal" className="mt-4">
        {backLabel}
      </ButtonLink>
    </section>
  );
}
