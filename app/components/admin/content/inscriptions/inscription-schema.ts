import * as z from "~/core/zod";
import { isSafeUrlOrEmpty } from "~/core/url";

/* The registration forms editor's rules and messages (browser and action alike). */

export const INSCRIPTION_MESSAGES = {
  loadFailed: "Impossible de charger les formulaires d'inscription",
  saved: "Formulaires sauvegardés avec succès",
  saveFailed: "Erreur lors de la sauvegarde des formulaires",
  fileRemoved: "Fichier supprimé",
  fileRemoveFailed: "Erreur lors de la suppression du fichier",
  invalid: "Vérifiez les champs signalés",
  notPdf: "Veuillez sélectionner un fichier PDF",
} as const;

export const INVALID_FILE_URL_MESSAGE =
  "Adresse du fichier invalide : une URL en http(s):// ou un chemin commençant par /";

export const InscriptionFormSchema = z.object({
  /** The saved form's id, null for a new one: a saved form missing from the list goes to the Corbeille. */
  id: z.number().int().positive().nullable().optional(),
  title: z
    .string()
    .trim()
    .min(1, "Le titre est obligatoire")
    .max(150, "Le titre ne doit pas dépasser 150 caractères"),
  description: z
    .multiline()
    .trim()
    .max(2000, "La description ne doit pas dépasser 2000 caractères"),
  file_url: z
    .string()
    .trim()
    .max(2000, INVALID_FILE_URL_MESSAGE)
    .refine(isSafeUrlOrEmpty, INVALID_FILE_URL_MESSAGE)
    .nullable()
    .transform((url) => url || null),
  storage_path: z
    .string()
    .max(2000)
    .nullable()
    .transform((path) => path || null),
  is_active: z.boolean(),
});

export const InscriptionListSchema = z.object({
  forms: z.array(InscriptionFormSchema).max(50, "50 formulaires au maximum"),
});
export type InscriptionFormValues = z.input<typeof InscriptionFormSchema>;
