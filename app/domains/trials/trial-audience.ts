import type { ActivityCategory } from "~/domains/content";

/*
 * Who a trial is for, as /essai asks it first ("Pour qui ?") and as every call to action
 * may say it in the URL (`/essai?pour=enfant`): each audience matches one category of the
 * timetable. Whether the booking form asks about a child follows from the activity alone
 * (childRuleOf), so a booking never depends on the URL it came from.
 */

export const TRIAL_AUDIENCES = ["enfant", "ado", "adulte"] as const;
export type TrialAudience = (typeof TRIAL_AUDIENCES)[number];

export const AUDIENCE_CATEGORY: Record<TrialAudience, ActivityCategory> = {
  enfant: "kids",
  ado: "junior",
  adulte: "adult",
};

/** "Un enfant" on the choice, "pour les enfants" in the headings. */
export const AUDIENCE_LABELS: Record<TrialAudience, { choice: string; forWhom: string }> = {
  enfant: { choice: "Un enfant", forWhom: "pour les enfants" },
  ado: { choice: "Un ado", forWhom: "pour les ados" },
  adulte: { choice: "Un adulte", forWhom: "pour les adultes" },
};

/** The `?pour=` value of a URL, or null when absent or unknown. */
export function readAudience(value: string | null | undefined): TrialAudience | null {
  return TRIAL_AUDIENCES.find((audience) => audience === value) ?? null;
}

export function audienceOfCategory(category: string): TrialAudience {
  if (category === "kids") return "enfant";
  if (category === "junior") return "ado";
  return "adulte";
}

/** `?pour=enfant` for a URL, or "" without an audience. */
export function audienceQuery(audience: TrialAudience | null): string {
  return audience ? `?pour=${audience}` : "";
}

/**
 * The audience a free text names (a discipline's title and subtitle), or null when it names
 * none or several: "Boxe éducative … pour les enfants dès 6 ans" → enfant. A guess only
 * narrows the list /essai shows first; every activity stays one click away.
 */
export function audienceOfText(text: string): TrialAudience | null {
  const words = text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
  const found = new Set<TrialAudience>();
  if (/\b(enfants?|educative|kids)\b|\b[4-9] ?- ?1[01] ans\b/.test(words)) found.add("enfant");
  if (/\b(ados?|adolescents?|juniors?)\b|\b1[2-5] ?- ?1[6-8] ans\b/.test(words)) found.add("ado");
  if (/\badultes?\b/.test(words)) found.add("adulte");
  return found.size === 1 ? [...found][0]! : null;
}

/** From this minimum age a class is for adults only: no booking for a child. */
export const ADULT_AGE = 18;

/**
 * Whether the booking form has the child's section: required for the children's and
 * teenagers' classes (the booker is then the parent), offered for an adults' class that
 * takes under-18s, absent otherwise.
 */
export type ChildRule = "required" | "optional" | "none";

export function childRuleOf(activity: { category: string; minAge: number }): ChildRule {
  if (activity.category === "kids" || activity.category === "junior") return "required";
  return activity.minAge < ADULT_AGE ? "optional" : "none";
}
