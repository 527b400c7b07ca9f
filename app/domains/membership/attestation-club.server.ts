/*
 * The club as its payment attestations name it, from Paramètres › Informations légales
 * (the association's name, RNA, SIRET, signatory and signature) and › Adresse. An empty
 * field is not printed.
 */
import { getAllSettings } from "~/domains/content/index.server";

export interface AttestationClub {
  name: string;
  address: string;
  city: string;
  /** « W691234567 », or "". */
  rna: string;
  /** 14 digits, or "". */
  siret: string;
  /** Who signs: the signatory set in the settings, else the president. */
  signatory: { name: string; role: string };
  /** The uploaded signature image (/uploads/…), or "". */
  signatureUrl: string;
}

/** "MEYZIEU" → "Meyzieu", "saint-priest" → "Saint-Priest". */
export function cityName(city: string): string {
  return city
    .trim()
    .toLowerCase()
    .replace(
      /(^|[\s-])(\p{L})/gu,
      (_, before: string, letter: string) => before + letter.toUpperCase(),
    );
}

export async function attestationClub(): Promise<AttestationClub> {
  const { general, address, legal } = await getAllSettings();
  const signatoryName = legal.signatoryName.trim();
  const president = legal.president.trim();
  return {
    name: legal.associationName.trim() || general.siteName,
    address: [address.street, `${address.postalCode} ${cityName(address.city)}`.trim()]
      .filter(Boolean)
      .join(", "),
    city: cityName(address.city),
    rna: legal.rnaNumber.trim().toUpperCase(),
    siret: legal.siret.replace(/\s/g, ""),
    // Before a signatory was set, the president signed: existing installs keep printing them.
    signatory: signatoryName
      ? { name: signatoryName, role: legal.signatoryRole.trim() }
      : { name: president, role: president ? legal.signatoryRole.trim() || "Président" : "" },
    signatureUrl: legal.signatureUrl.trim(),
  };
}
