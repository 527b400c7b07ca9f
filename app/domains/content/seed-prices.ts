import type { PriceAudience } from "./price-schema";

/*
 * The prices of a fresh install. NOTE: the amounts are examples, plausible for a club of
 * this size; the club must check and correct them in the back office (Tarifs) before
 * opening its site. An install already running never receives them (migration 016).
 */

export interface SeedPrice {
  label: string;
  audience: PriceAudience;
  amountCents: number;
  includesLicence: boolean;
  includesInsurance: boolean;
  notes: string;
}

export const SEED_PRICES: readonly SeedPrice[] = [
  {
    label: "Boxe éducative 6-11 ans",
    audience: "enfants",
    amountCents: 150_00,
    includesLicence: true,
    includesInsurance: true,
    notes: "Réduction famille : 20 € de moins par enfant supplémentaire.",
  },
  {
    label: "Boxe ados 12-17 ans",
    audience: "juniors",
    amountCents: 170_00,
    includesLicence: true,
    includesInsurance: true,
    notes: "Pass'Sport : 70 € déduits sur présentation du code.",
  },
  {
    label: "Boxe anglaise loisir",
    audience: "adultes",
    amountCents: 220_00,
    includesLicence: true,
    includesInsurance: true,
    notes: "Paiement possible en 3 chèques.",
  },
  {
    label: "Cardio boxing",
    audience: "adultes",
    amountCents: 180_00,
    includesLicence: true,
    includesInsurance: true,
    notes: "Sans opposition, pour garder la forme.",
  },
  {
    label: "Boxe anglaise compétition",
    audience: "tous",
    amountCents: 260_00,
    includesLicence: true,
    includesInsurance: true,
    notes: "Juniors et adultes. Certificat médical de non contre-indication à la compétition.",
  },
];
