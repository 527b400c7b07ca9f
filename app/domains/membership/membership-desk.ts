import { PAYMENT_METHODS, type PaymentMethod } from "./membership";

/*
 * The words of the club's membership desk shared by its screens and its server: the
 * files list's filters (?etat), a payment method's label, and the buttons that confirm
 * what the desk first refused.
 */

export const FILE_FILTERS = [
  "a-payer",
  "incomplet",
  "complet",
  "certificat-manquant",
  "sans-autorisation",
  "licence-non-prise",
  "liste-attente",
  "brouillons",
] as const;
export type FileFilter = (typeof FILE_FILTERS)[number];

export const FILE_FILTER_LABELS: Record<FileFilter | "tous", string> = {
  tous: "Tous",
  "a-payer": "À payer",
  incomplet: "Dossier incomplet",
  complet: "Complet",
  "certificat-manquant": "Certificat manquant",
  "sans-autorisation": "Mineur sans autorisation",
  "licence-non-prise": "Licence non prise",
  "liste-attente": "Liste d'attente",
  brouillons: "Brouillons",
};

/** What a file lacks or is (the list's filters and badges). */
export type FileFlags = {
  draft: boolean;
  toPay: boolean;
  certificateMissing: boolean;
  withoutAuthorisation: boolean;
  licenceNotTaken: boolean;
  waiting: boolean;
  complete: boolean;
};

export function methodLabel(method: string): string {
  return PAYMENT_METHODS[method as PaymentMethod] ?? method;
}

/**
 * The second submit of a form the desk refused until confirmed: the field it sends as "1"
 * and its button's words (the refusal's message names them).
 */
export const DESK_CONFIRMATIONS = {
  confirmDuplicate: "C'est un autre chèque : l'enregistrer",
  confirmLater: "Déposer aussi les chèques promis pour plus tard",
} as const;
export type DeskConfirmationField = keyof typeof DESK_CONFIRMATIONS;

/** « Chèques à déposer »: ?mois=2026-10 shows one month, ?mois=tous all (else the current one). */
export const CHEQUE_MONTH_PARAM = "mois";
export const ALL_MONTHS = "tous";
