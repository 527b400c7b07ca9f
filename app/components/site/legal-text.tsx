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

/**
 * A labelled line of a legal page ("Numéro RNA : W…"), left out while the club has not
 * filled its field in: visitors never see a gap or a placeholder.
 */
export function LegalLine({ label, value }: { label: string; value: string }) {
  const text = value.trim();
  return text ? <p>{`${label} : ${text}`}</p> : null;
}
