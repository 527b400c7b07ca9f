import * as z from "~/core/zod";
import { emailField, phoneField } from "~/core/fields";
import { ADULT_AGE, type ChildRule } from "./trial-audience";

/*
 * The trial booking form of /essai/:activite/:date: its fields, levels and
 * French messages. The action re-reads every field with this schema, on the activity's child
 * rule; the age the activity asks for is checked against the session by the model
 * (bookTrial's "too-young"), which also refuses a children's class booked without a child.
 */

export const TRIAL_LEVELS = {
  debutant: "Débutant",
  deja_pratique: "Déjà pratiqué",
} as const;
export type TrialLevelKey = keyof typeof TRIAL_LEVELS;

export const TRIAL_MESSAGE_MAX = 1000;

/** The form's text fields (the page orders them by its layout: trialFieldOrder). */
export const TRIAL_FIELDS = [
  "child_first_name",
  "child_last_name",
  "child_birth_year",
  "first_name",
  "last_name",
  "email",
  "phone",
  "for_child",
  "level",
  "message",
  "waitlist",
] as const;
export type TrialField = (typeof TRIAL_FIELDS)[number];
export type TrialFormValues = Record<TrialField, string>;

export const EMPTY_TRIAL_VALUES: TrialFormValues = Object.fromEntries(
  TRIAL_FIELDS.map((name) => [name, ""]),
) as TrialFormValues;

/** The fields in their order on the page: the child's first when the class is a child's. */
export function trialFieldOrder(rule: ChildRule): readonly TrialField[] {
  if (rule === "required") return TRIAL_FIELDS;
  const child = TRIAL_FIELDS.slice(0, 3);
  const rest = TRIAL_FIELDS.slice(3);
  return [...rest.slice(0, 5), ...child, ...rest.slice(5)];
}

/** A child booked for a trial is at least this old, and under 18, in the booking's year. */
export const CHILD_MIN_AGE = 3;
const CHILD_MAX_AGE = ADULT_AGE - 1;

const name = (missing: string, tooLong: string) =>
  z.string().trim().min(1, missing).max(80, tooLong);

/** What is wrong with a child's birth year typed in `year`, or null when it is plausible. */
export function birthYearProblem(typed: string, year: number): string | null {
  if (!/^\d{4}$/.test(typed)) {
    return `Indiquez l'année de naissance de l'enfant (4 chiffres), par exemple ${year - 10}.`;
  }
  const age = year - Number(typed);
  if (age < 0) return "Cette année est dans le futur : vérifiez l'année de naissance.";
  if (age < CHILD_MIN_AGE) {
    return `Né en ${typed}, l'enfant a ${age} an${age > 1 ? "s" : ""} cette année : vérifiez l'année de naissance.`;
  }
  if (age > CHILD_MAX_AGE) {
    return `Né en ${typed}, il ou elle a ${age} ans cette année : une réservation pour un enfant concerne les moins de ${ADULT_AGE} ans.`;
  }
  return null;
}

/**
 * The rules for a booking made in `year` on a class whose child rule is `rule`: the child's
 * section is then required (children's and teenagers' classes: the "pour un enfant" box
 * is ignored), offered (the box decides) or absent (the box and the child are ignored).
 * A checkbox posts "on"; the waitlist button posts waitlist=1.
 */
export function trialBookingSchema(year: number, rule: ChildRule = "optional") {
  const forChild = (ticked: string) =>
    rule === "required" ? true : rule === "none" ? false : ticked === "on";
  return z
    .object({
      child_first_name: z.string().trim().max(80, "Le prénom ne doit pas dépasser 80 caractères."),
      child_last_name: z.string().trim().max(80, "Le nom ne doit pas dépasser 80 caractères."),
      child_birth_year: z.string().trim(),
      first_name: name(
        "Indiquez votre prénom.",
        "Votre prénom ne doit pas dépasser 80 caractères.",
      ),
      last_name: name("Indiquez votre nom.", "Votre nom ne doit pas dépasser 80 caractères."),
      email: emailField,
      phone: phoneField.refine(
        (value) => value !== "",
        "Indiquez un numéro de téléphone, pour vous prévenir en cas d'imprévu.",
      ),
      for_child: z.string().transform(forChild),
      level: z.enum(Object.keys(TRIAL_LEVELS) as [TrialLevelKey, ...TrialLevelKey[]], {
        message: "Choisissez votre niveau : débutant ou déjà pratiqué.",
      }),
      message: z
        .multiline()
        .trim()
        .max(
          TRIAL_MESSAGE_MAX,
          `Votre message ne doit pas dépasser ${TRIAL_MESSAGE_MAX} caractères.`,
        ),
      waitlist: z.string().transform((value) => value === "1"),
    })
    .superRefine(
      (input, ctx) => {
        // Run even when other fields failed (see `when`): every error shows at once, so
        // parsed values may be missing here (for_child then read from the rule).
        const child = typeof input.for_child === "boolean" ? input.for_child : rule === "required";
        if (!child) return;
        if (!input.child_first_name) {
          ctx.addIssue({
            code: "custom",
            path: ["child_first_name"],
            message: "Indiquez le prénom de l'enfant.",
          });
        }
        if (!input.child_last_name) {
          ctx.addIssue({
            code: "custom",
            path: ["child_last_name"],
            message: "Indiquez le nom de l'enfant.",
          });
        }
        const problem = birthYearProblem(input.child_birth_year ?? "", year);
        if (problem) ctx.addIssue({ code: "custom", path: ["child_birth_year"], message: problem });
      },
      { when: () => true },
    )
    .transform((input) => ({
      firstName: input.first_name,
      lastName: input.last_name,
      email: input.email.toLowerCase(),
      phone: input.phone,
      child: input.for_child
        ? {
            firstName: input.child_first_name,
            lastName: input.child_last_name,
            birthYear: Number(input.child_birth_year),
          }
        : null,
      level: input.level,
      message: input.message,
      waitlist: input.waitlist,
    }));
}

export type TrialBookingInput = z.output<ReturnType<typeof trialBookingSchema>>;

/** The Essais list's statuses (?statut=): the active bookings by default, or the cancelled. */
export const TRIAL_STATUS_FILTERS = ["annulees"] as const;

/** The Essais list's periods (?periode=), by their URL value. */
export const TRIAL_PERIODS = ["a-venir", "passees", "toutes"] as const;
export type TrialPeriod = (typeof TRIAL_PERIODS)[number];
