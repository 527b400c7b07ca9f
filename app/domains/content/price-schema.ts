import * as z from "~/core/zod";
import { MAX_EUROS, parseEuros } from "~/core/money";

/*
 * The prices of /tarifs as the Tarifs screen edits them: who each is for, its amount in
 * euros as typed ("180", "180,50"), what it includes and a short note. The browser checks
 * a draft with these rules before posting; the action checks it again.
 */

/** Who a price is for, in the order /tarifs shows its groups. */
export const PRICE_AUDIENCES = {
  enfants: "Enfants",
  juniors: "Juniors",
  adultes: "Adultes",
  tous: "Tous publics",
} as const;
export type PriceAudience = keyof typeof PRICE_AUDIENCES;
export const PRICE_AUDIENCE_KEYS = Object.keys(PRICE_AUDIENCES) as PriceAudience[];

export const PRICE_LIMITS = { label: 100, notes: 300, count: 50 } as const;

export const PRICE_MESSAGES = {
  loadFailed: "Impossible de charger les tarifs",
  saved: "Tarifs sauvegardés avec succès",
  saveFailed: "Erreur lors de la sauvegarde des tarifs",
  invalid: "Vérifiez les champs signalés",
  amountRequired: "Le montant est obligatoire",
  amountInvalid: "Montant invalide : écrivez-le en euros, par exemple 180 ou 180,50",
  amountRange: `Le montant doit être compris entre 0,01 € et ${MAX_EUROS} €`,
} as const;

/** A short text on one line: control characters, tabs and line breaks become one space. */
const oneLine = (text: string) => text.replace(/[\s\p{Cc}]+/gu, " ").trim();

/** One price as the editor posts it: the amount still in euros, as typed. */
export const PriceSchema = z.object({
  label: z
    .string()
    .trim()
    .min(1, "Le libellé est obligatoire")
    .max(PRICE_LIMITS.label, `Le libellé ne doit pas dépasser ${PRICE_LIMITS.label} caractères`)
    .transform(oneLine),
  audience: z.enum(PRICE_AUDIENCE_KEYS as [PriceAudience, ...PriceAudience[]], {
    message: "Choisissez un public",
  }),
  amount: z
    .string()
    .trim()
    .min(1, PRICE_MESSAGES.amountRequired)
    .transform((text, ctx) => {
      const cents = parseEuros(text);
      if (cents === null) {
        ctx.addIssue({ code: "custom", message: PRICE_MESSAGES.amountInvalid });
        return z.NEVER;
      }
      if (cents < 1 || cents > MAX_EUROS * 100) {
        ctx.addIssue({ code: "custom", message: PRICE_MESSAGES.amountRange });
        return z.NEVER;
      }
      return cents;
    }),
  includes_licence: z.boolean(),
  includes_insurance: z.boolean(),
  notes: z
    .string()
    .trim()
    .max(PRICE_LIMITS.notes, `La note ne doit pas dépasser ${PRICE_LIMITS.notes} caractères`)
    .transform(oneLine),
});
export type PriceValues = z.input<typeof PriceSchema>;

export const PriceListSchema = z.object({
  prices: z.array(PriceSchema).max(PRICE_LIMITS.count, `${PRICE_LIMITS.count} tarifs au maximum`),
});
