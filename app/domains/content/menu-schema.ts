import { isSafeUrl } from "~/core/url";
import * as z from "~/core/zod";

/* The menu editor's rules, for the browser and the server alike. */

export const MENU_MESSAGES = {
  saved: "Menu sauvegardé avec succès",
  failed: "Erreur lors de la sauvegarde du menu",
  labelRequired: "Le libellé est obligatoire",
  pathInvalid: "Le lien doit commencer par / (page du site) ou par http:// ou https://",
  invalid: "Certaines entrées sont invalides : corrigez-les puis sauvegardez.",
} as const;

export const MAX_MENU_ITEMS = 30;

export const MenuItemSchema = z.object({
  label: z
    .string()
    .trim()
    .min(1, MENU_MESSAGES.labelRequired)
    .max(60, "Le libellé est trop long (60 caractères au plus)"),
  path: z.string().trim().refine(isSafeUrl, MENU_MESSAGES.pathInvalid),
});

export const MenuSchema = z
  .array(MenuItemSchema)
  .max(MAX_MENU_ITEMS, `Le menu compte au plus ${MAX_MENU_ITEMS} entrées`);
