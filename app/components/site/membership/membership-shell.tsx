import type { ReactNode } from "react";
import { FORM_BOX } from "~/components/site/form-controls";
import { PageHero } from "~/components/site/page-hero";
import { ProgressStep } from "~/components/site/progress-step";
import { Section } from "~/components/site/section";

/*
 * The frame of every /adhesion page: the hero, the steps (links once the file
 * exists: the family may go back to any step, nothing typed is lost), a title and the
 * page's content. Plain HTML (ADR 006).
 */

export const MEMBERSHIP_STEPS = [
  { step: "coordonnees", label: "Coordonnées" },
  { step: "membres", label: "Membres" },
  { step: "responsables", label: "Responsables" },
  { step: "autorisations", label: "Autorisations" },
  { step: "recapitulatif", label: "Récapitulatif" },
  { step: "paiement", label: "Paiement" },
] as const;
export type MembershipStep = (typeof MEMBERSHIP_STEPS)[number]["step"];

export { FORM_BOX as BOX } from "~/components/site/form-controls";
const LEGEND = "font-display text-xl uppercase text-ink float-left w-full";
export { FORM_NOTE as NOTE } from "~/components/site/form-controls";
export const LINK = "font-semibold text-teal-dark underline";

function Steps({ current, token }: { current: MembershipStep; token?: string }) {
  return (
    <nav aria-label="Étapes de l'inscription">
      <ol className="flex flex-wrap gap-2 text-sm">
        {MEMBERSHIP_STEPS.map(({ step, label }, index) => (
          <ProgressStep
            key={step}
            number={index + 1}
            here={step === current}
            href={token ? `/adhesion/dossier/${token}/${step}` : undefined}
          >
            {label}
          </ProgressStep>
        ))}
      </ol>
    </nav>
  );
}

export function MembershipShell({
  current,
  token,
  season,
  title,
  children,
}: {
  current?: MembershipStep;
  token?: string;
  season: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <>
      <PageHero eyebrow={`Adhésion ${season}`} title="Inscription en ligne" accent="gold" />
      <Section tone="light" className="bg-gray-50!">
        <div className="mx-auto max-w-3xl">
          {current ? <Steps current={current} token={token} /> : null}
          <h2 className="mt-8 text-3xl uppercase md:text-4xl">{title}</h2>
          <span aria-hidden="true" className="mt-4 mb-8 block h-1 w-14 rounded-full bg-gold" />
          {children}
        </div>
      </Section>
    </>
  );
}

/** A box of a step's form under its title: a fieldset and its legend. */
export function StepFieldset({
  legend,
  describedBy,
  children,
}: {
  legend: ReactNode;
  describedBy?: string;
  children: ReactNode;
}) {
  return (
    <fieldset className={FORM_BOX} aria-describedby={describedBy}>
      <legend className={LEGEND}>{legend}</legend>
      {children}
    </fieldset>
  );
}

/** The step's submit and, before it, a link back. */
export function StepActions({
  back,
  label,
}: {
  back?: { href: string; label: string };
  label: string;
}) {
  return (
    <div className="flex flex-col-reverse gap-4 sm:flex-row sm:items-center sm:justify-between">
      {back ? (
        <a href={back.href} className={LINK}>
          {back.label}
        </a>
      ) : (
        <span />
      )}
      <button
        type="submit"
        className="inline-flex min-h-12 items-center justify-center gap-2 rounded-full bg-ink px-6 py-3 font-semibold text-white hover:bg-ink-soft"
      >
        {label}
      </button>
    </div>
  );
}
