import type { ReactNode } from "react";
import { PageHero } from "./page-hero";
import { Section } from "./section";

/** A legal page: its hero, then its parts in one readable column. */
export function LegalPage({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle: string;
  children: ReactNode;
}) {
  return (
    <>
      <PageHero title={title} subtitle={subtitle} />
      <Section>
        <div className="mx-auto max-w-3xl">{children}</div>
      </Section>
    </>
  );
}

/** A titled part of a legal page. */
export function LegalPart({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mt-10 first:mt-0">
      <h2 className="text-2xl uppercase">{title}</h2>
      <div className="mt-3 space-y-3 text-lg leading-relaxed text-gray-800">{children}</div>
    </section>
  );
}

/** A value typed in settings, or a visible gap while the club has not filled it in. */
export function Filled({ value }: { value: string }) {
  return value.trim() ? <>{value}</> : <em className="text-gray-700">(à compléter)</em>;
}
