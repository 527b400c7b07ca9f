import {
  CONSENT_KINDS,
  CONSENTS,
  MAX_CHEQUES,
  type ConsentKind,
  type DraftMember,
  type MembershipDraft,
} from "./membership";
import { birthDateProblem, passSportProblem } from "./membership-form";
import { fitsTariff, isMinorOn, type PriceTariff } from "./membership-price";

/*
 * What still stops a draft of /adhesion from being sent, step by step: the
 * summary lists it with a link to the step, and the submit refuses the file while any is
 * left. Pure: the draft, the season's tariffs and days in; French messages out.
 */

export type DraftStep = "coordonnees" | "membres" | "responsables" | "autorisations" | "paiement";

export type DraftProblem = { step: DraftStep; memberKey?: string; message: string };

export type CheckSeason = {
  startsOn: string;
  months: readonly string[];
  /** Card payment through HelloAsso is offered. */
  card: boolean;
};

export function memberName(member: Pick<DraftMember, "firstName" | "lastName">): string {
  return `${member.firstName} ${member.lastName}`.trim() || "Ce membre";
}

/** Whether this member is a minor on the season's first day (guardians, authorisations). */
export function isDraftMinor(member: DraftMember, season: Pick<CheckSeason, "startsOn">) {
  return member.birthDate !== "" && isMinorOn(member.birthDate, season.startsOn);
}

/** The consents asked for this member: minors' ones only for a minor. */
export function consentsFor(minor: boolean): ConsentKind[] {
  return CONSENT_KINDS.filter((kind) => minor || !CONSENTS[kind].minor);
}

export function memberProblems(
  member: DraftMember,
  tariffs: readonly PriceTariff[],
  season: CheckSeason,
  today: string,
): DraftProblem[] {
  const name = memberName(member);
  const problem = (step: DraftStep, message: string): DraftProblem => ({
    step,
    memberKey: member.key,
    message,
  });
  const birth = birthDateProblem(member.birthDate, season.startsOn, today);
  if (!member.firstName || !member.lastName || !member.sex || !member.practice || birth) {
    return [problem("membres", `${name} : ses informations sont à compléter.`)];
  }
  const problems: DraftProblem[] = [];
  const tariff = tariffs.find((one) => one.id === member.tariffId);
  if (!tariff) {
    problems.push(problem("membres", `${name} : choisissez son tarif.`));
  } else if (
    tariff.practice !== member.practice ||
    !fitsTariff(tariff, Number(member.birthDate.slice(0, 4)))
  ) {
    problems.push(problem("membres", `${name} : ce tarif ne correspond pas à son âge.`));
  }
  const minor = isDraftMinor(member, season);
  const missing = consentsFor(minor).filter(
    (kind) => CONSENTS[kind].required && member.consents[kind] !== true,
  );
  if (missing.length > 0) {
    problems.push(
      problem("autorisations", `${name} : les autorisations obligatoires sont à cocher.`),
    );
  }
  if (!member.medicalPromise) {
    problems.push(
      problem("autorisations", `${name} : cochez « Je remettrai le certificat au club ».`),
    );
  }
  if (passSportProblem(member.passSportCode)) {
    problems.push(problem("autorisations", `${name} : le code Pass'Sport n'est pas valide.`));
  }
  return problems;
}

/** Everything that stops the draft from being sent, in the steps' order. */
export function draftProblems(
  draft: MembershipDraft,
  tariffs: readonly PriceTariff[],
  season: CheckSeason,
  today: string,
  { payment = true }: { payment?: boolean } = {},
): DraftProblem[] {
  const problems: DraftProblem[] = [];
  const { household } = draft;
  if (!household.email || !household.phone || !household.city) {
    problems.push({ step: "coordonnees", message: "Vos coordonnées sont à compléter." });
  }
  if (draft.members.length === 0) {
    problems.push({ step: "membres", message: "Ajoutez au moins un membre." });
  }
  for (const member of draft.members) {
    problems.push(...memberProblems(member, tariffs, season, today));
  }
  if (
    draft.members.some((member) => isDraftMinor(member, season)) &&
    draft.guardians.length === 0
  ) {
    problems.push({
      step: "responsables",
      message: "Indiquez au moins un responsable légal pour le ou les mineurs.",
    });
  }
  if (payment) problems.push(...paymentProblems(draft, season));
  return problems.sort((a, b) => STEP_ORDER.indexOf(a.step) - STEP_ORDER.indexOf(b.step));
}

export function paymentProblems(draft: MembershipDraft, season: CheckSeason): DraftProblem[] {
  const { payment } = draft;
  const wrong = (message: string): DraftProblem[] => [{ step: "paiement", message }];
  if (payment.choice === "card") {
    return season.card
      ? []
      : wrong(
          "Le paiement par carte n'est pas proposé pour le moment : choisissez de payer au club.",
        );
  }
  if (payment.choice !== "club") return wrong("Choisissez comment vous payez.");
  if (!payment.method) return wrong("Choisissez un moyen de paiement.");
  if (payment.method !== "cheque") return [];
  if (!Number.isInteger(payment.cheques) || payment.cheques < 1 || payment.cheques > MAX_CHEQUES) {
    return wrong(`Choisissez de 1 à ${MAX_CHEQUES} chèques.`);
  }
  const months = payment.months.slice(0, payment.cheques);
  if (months.length !== payment.cheques || months.some((m) => !season.months.includes(m))) {
    return wrong("Choisissez le mois d'encaissement de chaque chèque parmi ceux de la saison.");
  }
  if (months.some((month, i) => i > 0 && month <= months[i - 1]!)) {
    return wrong("Les chèques s'encaissent chacun un mois différent, dans l'ordre.");
  }
  return [];
}

export const STEP_ORDER: readonly DraftStep[] = [
  "coordonnees",
  "membres",
  "responsables",
  "autorisations",
  "paiement",
];
