import type { CSSProperties, ReactNode } from "react";

export type SectionTone = "light" | "dark" | "gold";

export const TONES: Record<
  SectionTone,
  { box: string; subtitle: string; accent: string; mark: string; card: string }
> = {
  light: {
    box: "bg-white text-ink",
    subtitle: "text-teal-dark",
    accent: "bg-gold",
    mark: "text-teal-dark",
    card: "bg-gray-50 ring-1 ring-ink/5",
  },
  dark: {
    box: "bg-ink text-white",
    subtitle: "text-teal",
    accent: "bg-teal",
    mark: "text-teal",
    card: "bg-white/5 ring-1 ring-white/10",
  },
  gold: {
    box: "bg-gold text-ink",
    subtitle: "text-ink/85",
    accent: "bg-ink",
    mark: "text-ink",
    card: "bg-white/35 ring-1 ring-ink/10",
  },
};

/** A page section in the spec's light, dark or gold colours, with an optional title and subtitle. */
export function Section({
  tone = "light",
  title,
  subtitle,
  id,
  className = "",
  style,
  titleStyle,
  subtitleStyle,
  headingLevel = 2,
  subtitleFromTablet = false,
  children,
}: {
  tone?: SectionTone;
  title?: string;
  subtitle?: string;
  id?: string;
  className?: string;
  /** Custom colours (a discipline's own background and text colours) over the tone's. */
  style?: CSSProperties;
  titleStyle?: CSSProperties;
  subtitleStyle?: CSSProperties;
  headingLevel?: 2 | 3;
  /** The subtitle only from a tablet up: the home keeps a phone to a few screens. */
  subtitleFromTablet?: boolean;
  children: ReactNode;
}) {
  const colours = TONES[tone];
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const headingId = id && title ? `${id}-titre` : undefined;
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      style={style}
      className={`${style ? "" : colours.box} py-10 md:py-24 ${className}`}
    >
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        {(title || subtitle) && (
          <header className="mx-auto mb-6 max-w-3xl text-center md:mb-12">
            {title && (
              <Heading
                id={headingId}
                style={titleStyle}
                className="text-3xl uppercase leading-tight tracking-wide md:text-5xl"
              >
                {title}
              </Heading>
            )}
            <span
              aria-hidden="true"
              className={`mx-auto mt-4 block h-1 w-14 rounded-full ${colours.accent}`}
            />
            {subtitle && (
              <p
                style={subtitleStyle}
                className={`mt-4 text-lg leading-relaxed ${subtitleStyle ? "" : colours.subtitle} ${subtitleFromTablet ? "hidden md:block" : ""}`}
              >
                {subtitle}
              </p>
            )}
          </header>
        )}
        {children}
      </div>
    </section>
  );
}
