import { PAYMENT_METHODS, type PaymentMethod } from "./membership";

/*
 * The words of the club's membership desk shared by its screens and its server: the
 * files list's filters (?etat) and a payment method's label.
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
