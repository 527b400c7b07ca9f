/*
 * The membership season of a fresh install: the season running on the day of
 * the install, registration open, with tariffs built from the example price list
 * (app/domains/content/seed-prices.ts: each amount split into the club's part and an example
 * licence part). NOTE: examples; the club checks them in « Adhésions › Saisons et tarifs »
 * before announcing its online registration. An install already running when migration
 * 024 arrived never receives them.
 */
import type { Practice } from "./membership";

export type SeedTariff = {
  label: string;
  practice: Practice;
  /** Ages at the season's start year: the birth-year band is computed from them. */
  minAge: number | null;
  maxAge: number | null;
  clubCents: number;
  licenceCents: number;
  includes: string;
};

export const SEED_TARIFFS: readonly SeedTariff[] = [
  {
    label: "Boxe éducative 6-11 ans",
    practice: "educative",
    minAge: 6,
    maxAge: 11,
    clubCents: 110_00,
    licenceCents: 40_00,
    includes: "Deux séances par semaine, licence FFBoxe et assurance.",
  },
  {
    label: "Boxe ados 12-17 ans",
    practice: "loisir",
    minAge: 12,
    maxAge: 17,
    clubCents: 125_00,
    licenceCents: 45_00,
    includes: "Toutes les séances ados, licence FFBoxe et assurance.",
  },
  {
    label: "Boxe anglaise loisir adultes",
    practice: "loisir",
    minAge: 18,
    maxAge: null,
    clubCents: 165_00,
    licenceCents: 55_00,
    includes: "Toutes les séances adultes, licence FFBoxe et assurance.",
  },
  {
    label: "Cardio boxing",
    practice: "cardio",
    minAge: 16,
    maxAge: null,
    clubCents: 125_00,
    licenceCents: 55_00,
    includes: "Les séances de cardio boxing, licence FFBoxe et assurance.",
  },
  {
    label: "Boxe anglaise compétition",
    practice: "competition",
    minAge: 12,
    maxAge: null,
    clubCents: 200_00,
    licenceCents: 60_00,
    includes: "Toutes les séances, suivi en compétition, licence FFBoxe et assurance.",
  },
];

export const SEED_HOUSE_RULES = [
  "1. Chaque adhérent respecte les entraîneurs, les autres boxeurs et le matériel du club.",
  "2. Les mineurs sont accompagnés jusqu'à la salle et récupérés à l'heure de fin.",
  "3. Gants, bandes et protège-dents sont personnels ; les chaussures de salle sont obligatoires.",
  "4. Aucun combat (sparring) sans l'accord de l'entraîneur.",
  "5. La cotisation n'est pas remboursable ; la part licence est reversée à la FFBoxe.",
].join("\n");

/** The season running on this Paris day: it starts on 1 September, registration opens 1 June. */
export function seedSeasonDates(today: string) {
  const year = Number(today.slice(0, 4));
  const start = Number(today.slice(5, 7)) >= 6 ? year : year - 1;
  return {
    label: `${start}-${start + 1}`,
    starts_on: `${start}-09-01`,
    ends_on: `${start + 1}-06-30`,
    registration_opens_on: `${start}-06-01`,
    registration_closes_on: `${start + 1}-05-31`,
    renewal_opens_on: `${start}-06-01`,
    grace_until: `${start}-10-31`,
    startYear: start,
  };
}
