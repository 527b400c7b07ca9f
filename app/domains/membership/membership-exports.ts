/*
 * The membership's CSV exports as the back office names them and files them:
 * app/domains/membership/exports.server.ts writes them, « Bilan et chiffres » links to them.
 */

import { keyGuard } from "~/core/keys";
export const EXPORT_KINDS = {
  figures: { label: "Bilan et chiffres", file: "bilan" },
  federation: { label: "Adhérents pour la fédération", file: "federation" },
  insurer: { label: "Adhérents pour l'assureur", file: "assureur" },
  payments: { label: "Paiements pour la comptabilité", file: "paiements" },
} as const;
export type ExportKind = keyof typeof EXPORT_KINDS;
export const EXPORT_KIND_KEYS = Object.keys(EXPORT_KINDS) as ExportKind[];

export const isExportKind = keyGuard(EXPORT_KINDS);
