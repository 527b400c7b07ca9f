/*
 * The back office's season, tariff and reduction forms (« Saisons et tarifs »):
 * what each field is called, how what was typed is read and checked, with French messages.
 * Pure: the server validates with it and sends the typed text back untouched on an error.
 * Days are YYYY-MM-DD; money is typed in euros (at most 2 decimals) and kept in cents.
 */
import { isMedicalRule, isPractice, type MedicalRule, type Practice } from "./membership";
import { formatEuros, MAX_EUROS, parseEuros } from "~/core/money";
import type { Selectable } from "kysely";
import type { MembershipSeasonsTable } from "~/db/schema";

export const SEASON_FIELDS = [
  "label",
  "starts_on",
  "ends_on",
  "registration_opens_on",
  "registration_closes_on",
  "renewal_opens_on",
  "grace_until",
  "pass_sport",
  "house_rules",
] as const;
export type SeasonField = (typeof SEASON_FIELDS)[number];
export type SeasonInput = Record<SeasonField, string>;

export const TARIFF_FIELDS = [
  "label",
  "practice",
  "birth_year_min",
  "birth_year_max",
  "club",
  "licence",
  "includes",
  "places",
  "medical_rule",
  "medical_text",
  "position",
] as const;
export type TariffField = (typeof TARIFF_FIELDS)[number];
export type TariffInput = Record<TariffField, string>;

export const DISCOUNT_FIELDS = ["nth_member", "amount", "label"] as const;
export type DiscountField = (typeof DISCOUNT_FIELDS)[number];
export type DiscountInput = Record<DiscountField, string>;

export type Errors<K extends string> = Partial<Record<K | "form", string>>;

export const SEASON_MESSAGES = {
  labelRequired: "Indiquez le nom de la saison (par exemple 2026-2027).",
  labelTaken: "Une autre saison porte déjà ce nom.",
  date: "Indiquez une date valide.",
  dateOptional: "Indiquez une date valide, ou laissez vide.",
  seasonOrder: "La fin de la saison doit venir après son début.",
  registrationOrder: "La clôture des inscriptions doit venir après leur ouverture.",
  graceOrder: "La fin du délai de réinscription doit venir après le début de la saison.",
  amount:
    "Indiquez un montant en euros, positif, avec au plus 2 décimales (par exemple 70 ou 70,50).",
  tooLong: "Ce texte est trop long.",
  invalid: "Vérifiez les champs en rouge : rien n'a été enregistré.",
  saved: "Saison enregistrée.",
  created: "Saison créée, avec les tarifs et réductions de la précédente.",
  notFound: "Cette saison n'existe plus.",
} as const;

export const TARIFF_MESSAGES = {
  labelRequired: "Indiquez le nom du tarif.",
  labelTaken: "Un autre tarif de cette saison porte déjà ce nom.",
  practice: "Choisissez une pratique.",
  birthYear: "Indiquez une année de naissance plausible (par exemple 2012), ou laissez vide.",
  birthYearOrder: "L'année « de » doit être inférieure ou égale à l'année « à ».",
  places: "Indiquez un nombre de places entier (1 ou plus), ou laissez vide pour ne pas limiter.",
  medicalRule: "Choisissez la règle médicale.",
  medicalText: "Expliquez la règle médicale en quelques mots.",
  position: "Indiquez l'ordre par un nombre entier.",
  saved: "Tarif enregistré.",
  created: "Tarif ajouté.",
  deleted: "Tarif supprimé.",
  hasRegistrations: (count: number) =>
    `Ce tarif a ${count} inscription${count > 1 ? "s" : ""} : il ne peut pas être supprimé. Changez-en le nom ou les places plutôt.`,
  notFound: "Ce tarif n'existe plus.",
} as const;

export const DISCOUNT_MESSAGES = {
  nth: "Indiquez le rang du membre (2 pour « à partir du 2e membre »), entre 2 et 10.",
  nthTaken: "Une réduction existe déjà pour ce rang.",
  saved: "Réduction enregistrée.",
  created: "Réduction ajoutée.",
  deleted: "Réduction supprimée.",
  notFound: "Cette réduction n'existe plus.",
} as const;

const LABEL_MAX = 100;
const TEXT_MAX = 20_000;
const SHORT_TEXT_MAX = 1_000;

/** A real calendar day written YYYY-MM-DD. */
export function isDay(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

/** Cents from a typed amount in euros (≥ 0, at most 2 decimals, at most MAX_EUROS). */
export function centsOf(text: string): number | null {
  const cents = parseEuros(text);
  return cents === null || cents > MAX_EUROS * 100 ? null : cents;
}

/** The euros as an editor's field shows them ("70", "70,50"). */
export function eurosField(cents: number): string {
  return formatEuros(cents, { sign: false }).replace(/\u202f/g, "");
}

/** A season's stored columns the form sets, typed as the table holds them. */
export type SeasonValues = Pick<
  Selectable<MembershipSeasonsTable>,
  | "label"
  | "starts_on"
  | "ends_on"
  | "registration_opens_on"
  | "registration_closes_on"
  | "renewal_opens_on"
  | "grace_until"
  | "pass_sport_cents"
  | "house_rules"
>;

export function readSeason(
  input: SeasonInput,
): { values: SeasonValues; errors: null } | { values: null; errors: Errors<SeasonField> } {
  const errors: Errors<SeasonField> = {};
  const label = input.label.trim();
  if (!label) errors.label = SEASON_MESSAGES.labelRequired;
  else if (label.length > LABEL_MAX) errors.label = SEASON_MESSAGES.tooLong;
  for (const field of [
    "starts_on",
    "ends_on",
    "registration_opens_on",
    "registration_closes_on",
  ] as const) {
    if (!isDay(input[field].trim())) errors[field] = SEASON_MESSAGES.date;
  }
  for (const field of ["renewal_opens_on", "grace_until"] as const) {
    const day = input[field].trim();
    if (day && !isDay(day)) errors[field] = SEASON_MESSAGES.dateOptional;
  }
  const day = (field: SeasonField) => input[field].trim();
  if (!errors.starts_on && !errors.ends_on && day("starts_on") > day("ends_on")) {
    errors.ends_on = SEASON_MESSAGES.seasonOrder;
  }
  if (
    !errors.registration_opens_on &&
    !errors.registration_closes_on &&
    day("registration_opens_on") > day("registration_closes_on")
  ) {
    errors.registration_closes_on = SEASON_MESSAGES.registrationOrder;
  }
  // The grace is counted from the season's start: a few weeks for last season's members.
  if (day("grace_until") && !errors.grace_until && !errors.starts_on) {
    if (day("grace_until") < day("starts_on")) errors.grace_until = SEASON_MESSAGES.graceOrder;
  }
  const passSport = centsOf(input.pass_sport.trim() || "0");
  if (passSport === null) errors.pass_sport = SEASON_MESSAGES.amount;
  if (input.house_rules.length > TEXT_MAX) errors.house_rules = SEASON_MESSAGES.tooLong;
  if (Object.keys(errors).length > 0) return { values: null, errors };
  return {
    values: {
      label,
      starts_on: day("starts_on"),
      ends_on: day("ends_on"),
      registration_opens_on: day("registration_opens_on"),
      registration_closes_on: day("registration_closes_on"),
      renewal_opens_on: day("renewal_opens_on") || null,
      grace_until: day("grace_until") || null,
      pass_sport_cents: passSport!,
      house_rules: input.house_rules.replace(/\r\n/g, "\n").trim(),
    },
    errors: null,
  };
}

export type TariffValues = {
  label: string;
  practice: Practice;
  birth_year_min: number | null;
  birth_year_max: number | null;
  club_cents: number;
  licence_cents: number;
  includes: string;
  places: number | null;
  medical_rule: MedicalRule;
  medical_text: string;
  position: number;
};

const OLDEST_BIRTH_YEAR = 1900;

function birthYear(text: string, thisYear: number): number | null | undefined {
  const trimmed = text.trim();
  if (!trimmed) return null;
  if (!/^\d{4}$/.test(trimmed)) return undefined;
  const year = Number(trimmed);
  return year >= OLDEST_BIRTH_YEAR && year <= thisYear ? year : undefined;
}

/** `thisYear`: the current year; a birth year after it is not plausible. */
export function readTariff(
  input: TariffInput,
  thisYear: number,
): { values: TariffValues; errors: null } | { values: null; errors: Errors<TariffField> } {
  const errors: Errors<TariffField> = {};
  const label = input.label.trim();
  if (!label) errors.label = TARIFF_MESSAGES.labelRequired;
  else if (label.length > LABEL_MAX) errors.label = SEASON_MESSAGES.tooLong;
  if (!isPractice(input.practice)) errors.practice = TARIFF_MESSAGES.practice;
  const min = birthYear(input.birth_year_min, thisYear);
  const max = birthYear(input.birth_year_max, thisYear);
  if (min === undefined) errors.birth_year_min = TARIFF_MESSAGES.birthYear;
  if (max === undefined) errors.birth_year_max = TARIFF_MESSAGES.birthYear;
  if (typeof min === "number" && typeof max === "number" && min > max) {
    errors.birth_year_max = TARIFF_MESSAGES.birthYearOrder;
  }
  const club = centsOf(input.club.trim());
  const licence = centsOf(input.licence.trim() || "0");
  if (club === null) errors.club = SEASON_MESSAGES.amount;
  if (licence === null) errors.licence = SEASON_MESSAGES.amount;
  if (input.includes.length > SHORT_TEXT_MAX) errors.includes = SEASON_MESSAGES.tooLong;
  let places: number | null = null;
  if (input.places.trim()) {
    places = /^\d{1,5}$/.test(input.places.trim()) ? Number(input.places.trim()) : 0;
    if (places < 1) errors.places = TARIFF_MESSAGES.places;
  }
  if (!isMedicalRule(input.medical_rule)) errors.medical_rule = TARIFF_MESSAGES.medicalRule;
  const medicalText = input.medical_text.replace(/\r\n/g, "\n").trim();
  if (!medicalText) errors.medical_text = TARIFF_MESSAGES.medicalText;
  else if (medicalText.length > SHORT_TEXT_MAX) errors.medical_text = SEASON_MESSAGES.tooLong;
  const position = input.position.trim() || "0";
  if (!/^\d{1,4}$/.test(position)) errors.position = TARIFF_MESSAGES.position;
  if (Object.keys(errors).length > 0) return { values: null, errors };
  return {
    values: {
      label,
      practice: input.practice as Practice,
      birth_year_min: min ?? null,
      birth_year_max: max ?? null,
      club_cents: club!,
      licence_cents: licence!,
      includes: input.includes.trim(),
      places,
      medical_rule: input.medical_rule as MedicalRule,
      medical_text: medicalText,
      position: Number(position),
    },
    errors: null,
  };
}

export type DiscountValues = { nth_member: number; amount_cents: number; label: string };

export function readDiscount(
  input: DiscountInput,
): { values: DiscountValues; errors: null } | { values: null; errors: Errors<DiscountField> } {
  const errors: Errors<DiscountField> = {};
  const nth = /^\d{1,2}$/.test(input.nth_member.trim()) ? Number(input.nth_member.trim()) : 0;
  if (nth < 2 || nth > 10) errors.nth_member = DISCOUNT_MESSAGES.nth;
  const amount = centsOf(input.amount.trim());
  if (amount === null) errors.amount = SEASON_MESSAGES.amount;
  const label = input.label.trim();
  if (label.length > LABEL_MAX) errors.label = SEASON_MESSAGES.tooLong;
  if (Object.keys(errors).length > 0) return { values: null, errors };
  return { values: { nth_member: nth, amount_cents: amount!, label }, errors: null };
}

/** The day one year later (29 February becomes 28 February). */
export function nextYearDay(day: string): string {
  const year = Number(day.slice(0, 4)) + 1;
  const rest = day.slice(4) === "-02-29" ? "-02-28" : day.slice(4);
  return `${year}${rest}`;
}

/** "2026-2027" → "2027-2028"; any other label gets its years moved on, or " (suite)". */
export function nextSeasonLabel(label: string): string {
  const moved = label.replace(/\b(19|20)\d{2}\b/g, (year) => String(Number(year) + 1));
  return moved === label ? `${label} (suite)` : moved;
}
