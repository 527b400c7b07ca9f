import { z } from "zod";
import { emailField, phoneField } from "./contact-schema";

/*
 * The trial booking form of /essai/:activite/:date: its fields, levels and
 * French messages. The action re-reads every field with this schema; the age the activity
 * asks for is checked against the session by the model (bookTrial's "too-young").
 */

export const TRIAL_LEVELS = {
  debutant: "Débutant",
  deja_pratique: "Déjà pratiqué",
} as const;
export type TrialLevelKey = keyof typeof TRIAL_LEVELS;

export const TRIAL_MESSAGE_MAX = 1000;

/** The form's text fields, in their order on the page (the first invalid one gets focus). */
export const TRIAL_FIELDS = [
  "first_name",
  "last_name",
  "email",
  "phone",
  "for_child",
  "child_first_name",
  "child_birth_year",
  "guardian_name",
  "level",
  "message",
  "waitlist",
] as const;
export type TrialField = (typeof TRIAL_FIELDS)[number];
export type TrialFormValues = Record<TrialField, string>;

export const EMPTY_TRIAL_VALUES: TrialFormValues = Object.fromEntries(
  TRIAL_FIELDS.map((name) => [name, ""]),
) as TrialFormValues;

const name = (missing: string, tooLong: string) =>
  z.string().trim().min(1, missing).max(80, tooLong);

/**
 * The rules for a booking made in `year` (a child is born this year or in the 99 before).
 * A checkbox posts "on"; the waitlist button posts waitlist=1.
 */
export function trialBookingSchema(year: number) {
  const birthYearMessage = `Indiquez l'année de naissance de l'enfant, par exemple ${year - 10}.`;
  return z
    .object({
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
      for_child: z.string().transform((value) => value === "on"),
      child_first_name: z.string().trim().max(80, "Le prénom ne doit pas dépasser 80 caractères."),
      child_birth_year: z.string().trim(),
      guardian_name: z.string().trim().max(160, "Ce nom ne doit pas dépasser 160 caractères."),
      level: z.enum(Object.keys(TRIAL_LEVELS) as [TrialLevelKey, ...TrialLevelKey[]], {
        message: "Choisissez votre niveau : débutant ou déjà pratiqué.",
      }),
      message: z
        .string()
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
        // parsed values may be missing here.
        if (input.for_child !== true) return;
        if (!input.child_first_name) {
          ctx.addIssue({
            code: "custom",
            path: ["child_first_name"],
            message: "Indiquez le prénom de l'enfant.",
          });
        }
        const typed = input.child_birth_year ?? "";
        const born = Number(typed);
        if (!/^\d{4}$/.test(typed) || born > year || born < year - 99) {
          ctx.addIssue({ code: "custom", path: ["child_birth_year"], message: birthYearMessage });
        }
        if (!input.guardian_name) {
          ctx.addIssue({
            code: "custom",
            path: ["guardian_name"],
            message: "Indiquez le nom du parent ou du responsable légal.",
          });
        }
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
            birthYear: Number(input.child_birth_year),
            guardianName: input.guardian_name,
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
