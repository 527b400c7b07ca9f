import type { ReactNode } from "react";
import { ResponsiveImage } from "~/components/ui/responsive-image";
import type { ImageVariant } from "~/storage/variants.server";

/** The light behind a banner without a picture: each page picks its own. */
const ACCENTS = {
  teal: "bg-[radial-gradient(ellipse_at_top_left,rgba(94,207,203,0.4),transparent_60%)]",
  gold: "bg-[radial-gradient(ellipse_at_top_right,rgba(212,175,55,0.35),transparent_60%)]",
  mixed:
    "bg-[radial-gradient(ellipse_at_top_left,rgba(94,207,203,0.35),transparent_55%),radial-gradient(ellipse_at_bottom_right,rgba(212,175,55,0.22),transparent_50%)]",
} as const;

export type PageHeroAccent = keyof typeof ACCENTS;

/**
 * The banner at the top of an inner page: title and subtitle, well under 60vh (the home
 * page has its own full-screen hero). Behind them, the page's own picture from its content
 * (a discipline's, the latest article's…) under a dark veil, or, without one, the page's
 * accent colour: no two sections open on the same banner.
 */
export function PageHero({
  title,
  subtitle,
  eyebrow,
  image,
  variants,
  accent = "mixed",
  children,
}: {
  title: string;
  subtitle?: string;
  eyebrow?: string;
  image?: string;
  variants?: ImageVariant[];
  accent?: PageHeroAccent;
  children?: ReactNode;
}) {
  return (
    <section className="relative isolate overflow-hidden bg-ink pb-16 pt-16 text-white md:pb-24 md:pt-24">
      {image ? (
        <>
          <ResponsiveImage
            src={image}
            variants={variants}
            alt=""
            priority
            className="absolute inset-0 -z-20 size-full object-cover"
          />
          <div
            aria-hidden="true"
            className="absolute inset-0 -z-10 bg-gradient-to-b from-ink/85 via-ink/75 to-ink/90"
          />
        </>
      ) : (
        <div aria-hidden="true" className={`absolute inset-0 -z-10 ${ACCENTS[accent]}`} />
      )}
      <div className="mx-auto max-w-4xl px-4 text-center sm:px-6">
        {eyebrow && (
          <p className="mb-3 text-sm font-semibold uppercase tracking-[0.25em] text-teal">
            {eyebrow}
          </p>
        )}
        <h1 className="text-4xl uppercase leading-tight tracking-wide drop-shadow-lg sm:text-5xl md:text-6xl">
          {title}
        </h1>
        <span aria-hidden="true" className="mx-auto mt-5 block h-1 w-16 rounded-full bg-gold" />
        {subtitle && (
          <p className="mx-auto mt-5 max-w-2xl text-lg leading-relaxed text-gray-100 md:text-xl">
            {subtitle}
          </p>
        )}
        {children}
      </div>
      <div
        aria-hidden="true"
        className="absolute inset-x-0 bottom-0 h-1 bg-gradient-to-r from-teal via-gold to-teal"
      />
    </section>
  );
}
