import type { ReactNode } from "react";

/**
 * The banner at the top of an inner page: title and subtitle on the teal-to-dark gradient,
 * well under 60vh (the home page has its own full-screen hero).
 */
export function PageHero({
  title,
  subtitle,
  eyebrow,
  children,
}: {
  title: string;
  subtitle?: string;
  eyebrow?: string;
  children?: ReactNode;
}) {
  return (
    <section className="relative isolate overflow-hidden bg-ink pb-16 pt-16 text-white md:pb-24 md:pt-24">
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_at_top_left,rgba(94,207,203,0.35),transparent_55%),radial-gradient(ellipse_at_bottom_right,rgba(212,175,55,0.22),transparent_50%)]"
      />
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[repeating-linear-gradient(135deg,rgba(255,255,255,0.035)_0_2px,transparent_2px_22px)]"
      />
      <div className="mx-auto max-w-4xl px-4 text-center sm:px-6">
        {eyebrow && (
          <p className="mb-3 text-sm font-semibold uppercase tracking-[0.25em] text-teal">
            {eyebrow}
          </p>
        )}
        <h1 className="text-4xl uppercase leading-tight tracking-wide sm:text-5xl md:text-6xl">
          {title}
        </h1>
        <span aria-hidden="true" className="mx-auto mt-5 block h-1 w-16 rounded-full bg-gold" />
        {subtitle && (
          <p className="mx-auto mt-5 max-w-2xl text-lg leading-relaxed text-gray-200 md:text-xl">
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
