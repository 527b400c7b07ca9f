import type { ReactNode } from "react";

/**
 * The banner at the top of an inner page: title and subtitle on the teal-to-dark gradient,
 * 60vh or less (the home page has its own full-screen hero).
 */
export function PageHero({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: string;
  children?: ReactNode;
}) {
  return (
    <section className="bg-gradient-to-br from-teal-dark via-ink to-ink pb-14 pt-16 text-white md:pb-20 md:pt-24">
      <div className="mx-auto max-w-4xl px-4 text-center">
        <h1 className="text-4xl font-extrabold tracking-tight md:text-5xl">{title}</h1>
        {subtitle && (
          <p className="mx-auto mt-4 max-w-2xl text-lg text-gray-200 md:text-xl">{subtitle}</p>
        )}
        {children}
      </div>
    </section>
  );
}
