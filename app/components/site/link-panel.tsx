import type { ReactNode } from "react";
import { buttonClass, ButtonLink } from "./button-link";
import { PageHero } from "./page-hero";
import { Section } from "./section";

/** The frame of a page opened from a link in a mail: its hero, then what the link says. */
export function LinkPage({
  eyebrow,
  title,
  children,
}: {
  eyebrow: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <>
      <PageHero eyebrow={eyebrow} title={title} accent="gold" />
      <Section>{children}</Section>
    </>
  );
}

/**
 * The box of a page opened from a link in a mail (a trial's cancellation, the renewal
 * reminder's unsubscribe): what the link does, or why it no longer works.
 */
export function LinkPanel({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-4 rounded-2xl bg-gray-50 p-6 ring-1 ring-ink/10">
      {children}
    </div>
  );
}

/**
 * What became of the link: done (`status`) or refused (`alert`), a sentence that explains,
 * and where to go next.
 */
export function LinkOutcome({
  role,
  title,
  next,
  children,
}: {
  role: "status" | "alert";
  title: string;
  next: { to: string; label: string };
  children: ReactNode;
}) {
  return (
    <LinkPanel>
      <p role={role} className="text-xl font-bold">
        {title}
      </p>
      <p>{children}</p>
      <ButtonLink to={next.to} variant="dark" className="self-start">
        {next.label}
      </ButtonLink>
    </LinkPanel>
  );
}

/** The question the link asks before it acts: yes posts the page's form, no goes home. */
export function LinkConfirm({ yes, no }: { yes: string; no: string }) {
  return (
    <form method="post" className="flex flex-col gap-3 sm:flex-row">
      <button type="submit" className={buttonClass("dark")}>
        {yes}
      </button>
      <ButtonLink to="/" variant="outline-dark">
        {no}
      </ButtonLink>
    </form>
  );
}
