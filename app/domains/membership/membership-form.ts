import * as z from "~/core/zod";
import { emailField, phoneField } from "~/core/fields";
import { isIsoDate } from "~/core/club-time";
import { ageOn } from "./membership-price";
import { isPractice, MAX_CHEQUES, PAYMENT_METHODS, SEXES, type PaymentMethod } from "./membership";

/*
 * The fields of /adhesion's steps and their French messages: the household who
 * pays, a member, the guardians, the Pass'Sport code, the payment at the club. The actions
 * read every field again with these schemas; limits are the trial form's (80 for a name,
 * 200 for an address or an e-mail, 30 for a phone).
 */

const NAME_MAX = 80;

const text = (max: number, missing: string, tooLong: string) =>
  z.string().trim().min(1, missing).max(max, tooLong);

export const HOUSEHOLD_FIELDS = ["email", "phone", "address", "postal_code", "city"] as const;
export type HouseholdField = (typeof HOUSEHOLD_FIELDS)[number];

export const householdSchema = z.object({
  email: emailField,
  phone: phoneField.refine((value) => value !== "", "Indiquez un numéro de téléphone."),
  address: text(200, "Indiquez votre adresse.", "L'adresse ne doit pas dépasser 200 caractères."),
  postal_code: z
    .string()
    .trim()
    .regex(/^\d{5}$/, "Le code postal s'écrit en 5 chiffres (exemple : 69330)."),
  city: text(NAME_MAX, "Indiquez votre commune.", "La commune ne doit pas dépasser 80 caractères."),
});

export const MEMBER_FIELDS = [
  "first_name",
  "last_name",
  "birth_date",
  "sex",
  "practice",
  "tariff",
] as const;
export type MemberField = (typeof MEMBER_FIELDS)[number];

/** Younger than this on the season's start, nobody boxes at the club. */
export const MEMBER_MIN_AGE = 4;
const MEMBER_MAX_AGE = 100;

/** What is wrong with a typed birth date on the season's first day, or null. */
export function birthDateProblem(typed: string, seasonStart: string, today: string) {
  if (!typed) return "Indiquez la date de naissance.";
  if (!isIsoDate(typed))
    return "Cette date de naissance n'existe pas : vérifiez-la (jour, mois, année).";
  if (typed > today) return "Cette date de naissance est dans le futur : vérifiez l'année.";
  const age = ageOn(typed, seasonStart);
  if (age < MEMBER_MIN_AGE) {
    return `Le club accueille les enfants à partir de ${MEMBER_MIN_AGE} ans : vérifiez la date de naissance.`;
  }
  if (age > MEMBER_MAX_AGE) return "Cette date de naissance est trop ancienne : vérifiez l'année.";
  return null;
}

export const memberSchema = z.object({
  first_name: text(
    NAME_MAX,
    "Indiquez le prénom.",
    "Le prénom ne doit pas dépasser 80 caractères.",
  ),
  last_name: text(NAME_MAX, "Indiquez le nom.", "Le nom ne doit pas dépasser 80 caractères."),
  birth_date: z.string().trim().max(10, "Cette date de naissance n'existe pas."),
  sex: z.enum(Object.keys(SEXES) as ["F", "M"], {
    message: "Indiquez le sexe (la licence de la fédération le demande).",
  }),
  practice: z.string().refine(isPractice, "Choisissez une pratique dans la liste."),
  tariff: z.string().max(12),
});

export const GUARDIAN_FIELDS = ["first_name", "last_name", "relation", "phone", "email"] as const;
export type GuardianField = (typeof GUARDIAN_FIELDS)[number];

export const guardianSchema = z.object({
  first_name: text(
    NAME_MAX,
    "Indiquez son prénom.",
    "Le prénom ne doit pas dépasser 80 caractères.",
  ),
  last_name: text(NAME_MAX, "Indiquez son nom.", "Le nom ne doit pas dépasser 80 caractères."),
  relation: text(
    40,
    "Indiquez le lien avec l'enfant (mère, père, tuteur…).",
    "Le lien ne doit pas dépasser 40 caractères.",
  ),
  phone: phoneField.refine((value) => value !== "", "Indiquez son numéro de téléphone."),
  email: emailField,
});

/** The ministry's Pass'Sport code: letters, digits and dashes, 4 to 20. "" when none. */
export function passSportProblem(code: string): string | null {
  if (code === "") return null;
  if (!/^[A-Za-z0-9-]{4,20}$/.test(code)) {
    return "Le code Pass'Sport s'écrit avec des lettres, des chiffres et des tirets (4 à 20 caractères), comme sur le courrier du ministère.";
  }
  return null;
}

/** How a family pays at the club (the card is paid on HelloAsso's page instead). */
export const CLUB_PAYMENT_METHODS = Object.keys(PAYMENT_METHODS).filter(
  (method) => method !== "card",
) as Exclude<PaymentMethod, "card">[];

export function isClubPaymentMethod(value: unknown): value is Exclude<PaymentMethod, "card"> {
  return typeof value === "string" && (CLUB_PAYMENT_METHODS as string[]).includes(value);
}

/** The months a cheque may be cashed in: the season's, YYYY-MM, in order. */
export function seasonMonths(startsOn: string, endsOn: string): string[] {
  const months: string[] = [];
  let year = Number(startsOn.slice(0, 4));
  let month = Number(startsOn.slice(5, 7));
  const last = endsOn.slice(0, 7);
  for (let guard = 0; guard < 24; guard += 1) {
    const key = `${year}-${String(month).padStart(2, "0")}`;
    months.push(key);
    if (key >= last) break;
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
  return months;
}

/**
 * The months a family may choose for its cheques: the season's, from this month on once
 * the season has begun (a cheque is not cashed in the past).
 */
export function chequeMonths(
  season: { starts_on: string; ends_on: string },
  today: string,
): string[] {
  const from =
    today.slice(0, 7) > season.starts_on.slice(0, 7) ? `${today.slice(0, 7)}-01` : season.starts_on;
  const months = seasonMonths(from, season.ends_on);
  return months.length > 0 && from <= season.ends_on
    ? months
    : seasonMonths(season.starts_on, season.ends_on);
}

const MONTH_NAMES = [
  "janvier",
  "février",
  "mars",
  "avril",
  "mai",
  "juin",
  "juillet",
  "août",
  "septembre",
  "octobre",
  "novembre",
  "décembre",
];

/** "2026-10" → "octobre 2026". */
export function monthLabel(month: string): string {
  return `${MONTH_NAMES[Number(month.slice(5, 7)) - 1] ?? ""} ${month.slice(0, 4)}`;
}

export function isChequeCount(value: number): boolean {
  return Number.isInteger(value) && value >= 1 && value <= MAX_CHEQUES;
}
