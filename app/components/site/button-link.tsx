import type { ReactNode } from "react";
import { Link } from "react-router";

export type ButtonVariant = "gold" | "teal" | "dark" | "outline-light" | "outline-dark";

const VARIANTS: Record<ButtonVariant, string> = {
  gold: "bg-gold text-ink shadow-lg shadow-gold/20 hover:bg-[#e2c25a]",
  teal: "bg-teal text-ink shadow-lg shadow-teal/20 hover:bg-[#86dcd9]",
  dark: "bg-ink text-white hover:bg-ink-soft",
  "outline-light": "border-2 border-white/80 text-white hover:bg-white hover:text-ink focus-light",
  "outline-dark": "border-2 border-ink text-ink hover:bg-ink hover:text-white",
};

/** The classes of the site's pill buttons, for links and buttons alike. */
export function buttonClass(variant: ButtonVariant = "gold", extra = ""): string {
  return [
    "inline-flex min-h-12 items-center justify-center gap-2 rounded-full px-6 py-3 text-center",
    "font-semibold transition-colors duration-200 disabled:cursor-not-allowed disabled:opacity-60",
    VARIANTS[variant],
    extra,
  ].join(" ");
}

/** A button-looking link: a client-side Link for site paths, a plain anchor otherwise. */
export function ButtonLink({
  to,
  variant = "gold",
  className = "",
  children,
}: {
  to: string;
  variant?: ButtonVariant;
  className?: string;
  children: ReactNode;
}) {
  const classes = buttonClass(variant, className);
  if (to.startsWith("/") && !to.startsWith("//")) {
    return (
      <Link to={to} className={classes}>
        {children}
      </Link>
    );
  }
  return (
    <a href={to} className={classes}>
      {children}
    </a>
  );
}
