import type { ReactNode } from "react";

export type SectionTone = "light" | "dark" | "gold";

const TONES: Record<SectionTone, { box: string; subtitle: string }> = {
  light: { box: "bg-white text-ink", subtitle: "text-teal-dark" },
  dark: { box: "bg-ink text-white", subtitle: "text-teal" },
  gold: { box: "bg-gold text-ink", subtitle: "text-ink/80" },
};

/** A page section in the spec's light, dark or gold colours, with an optional title and subtitle. */
export function Section({
  tone = "light",
  title,
  subtitle,
  id,
  className = "",
  children,
}: {
  tone?: SectionTone;
  title?: string;
  subtitle?: string;
  id?: string;
  className?: string;
  children: ReactNode;
}) {
  const colours = TONES[tone];
  return (
    <section id={id} className={`${colours.box} py-16 md:py-20 ${className}`}>
      <div className="mx-auto max-w-6xl px-4">
        {(title || subtitle) && (
          <header className="mx-auto mb-10 max-w-3xl text-center">
            {title && (
              <h2 className="text-3xl font-extrabold tracking-tight md:text-4xl">{title}</h2>
            )}
            {subtitle && <p className={`mt-3 text-lg ${colours.subtitle}`}>{subtitle}</p>}
          </header>
        )}
        {children}
      </div>
    </section>
  );
}
