import * as z from "~/core/zod";
import { isSafeUrlOrEmpty } from "~/core/url";

/*
 * The Media screen's rules, shared by the screen (checked before sending) and its action
 * (checked again): spec §5 "Media".
 */

export const MEDIA_MESSAGES = {
  titleRequired: "Veuillez saisir un titre pour le média",
  sourceRequired: "Veuillez fournir une URL ou sélectionner un fichier",
  badUrl: "L'URL doit commencer par http://, https:// ou /",
  added: "Média ajouté avec succès",
  addFailed: "Erreur lors de l'ajout du média",
  deleted: "Média supprimé avec succès",
  inUse: "Utilisée sur le site",
  saved: "Changements sauvegardés",
  nothingToSave: "Aucune modification à sauvegarder",
  logoUpdated: "Logo mis à jour avec succès",
  videoReplaced: "Vidéo chargée avec succès - L'ancienne vidéo a été supprimée",
  videoLoaded: "Vidéo chargée avec succès",
  videoFailed: "Impossible de charger la vidéo",
  videoPreviewError: "Erreur lors du chargement de la vidéo",
  notFound: "Média introuvable",
} as const;

const mediaTitle = z
  .string()
  .trim()
  .min(1, MEDIA_MESSAGES.titleRequired)
  .max(200, "Le titre ne doit pas dépasser 200 caractères");

const mediaUrl = z
  .string()
  .trim()
  .max(2000, "L'URL est trop longue")
  .refine(isSafeUrlOrEmpty, MEDIA_MESSAGES.badUrl);

/** "Ajouter des médias": a title, and a URL or a file (`hasFile`). */
export const AddMediaSchema = z
  .object({ title: mediaTitle, url: mediaUrl, hasFile: z.boolean() })
  .refine((value) => value.url !== "" || value.hasFile, {
    message: MEDIA_MESSAGES.sourceRequired,
    path: ["url"],
  });

/** A file URL handed back by /admin/upload, saved as the logo or the home video. */
export const UploadedMediaSchema = z.object({
  url: z.string().trim().min(1, MEDIA_MESSAGES.sourceRequired),
  title: z.string().trim().max(200, "Le titre ne doit pas dépasser 200 caractères"),
  loaded_at: z.string(),
});

const stamp = z.string().min(1);

/** The global save: every pending change of the screen, each with the version it was made on. */
export const MediaChangesSchema = z.object({
  logo: z.object({ url: mediaUrl, loadedAt: stamp.nullable() }).optional(),
  videoTitle: z
    .object({
      title: z.string().trim().max(200, "Le titre ne doit pas dépasser 200 caractères"),
      loadedAt: stamp.nullable(),
    })
    .optional(),
  titles: z
    .array(z.object({ id: z.number().int().positive(), title: mediaTitle, loadedAt: stamp }))
    .max(1000)
    .optional(),
});
export type MediaChangesInput = z.input<typeof MediaChangesSchema>;

/** A stored loaded_at field: "" (the settings row did not exist yet) reads as null. */
export function loadedAtOrNull(value: string): string | null {
  return value === "" ? null : value;
}

/** Home video length advised by the spec (§9): under 30 seconds. */
export const VIDEO_WARNING = (seconds: number) =>
  `Cette vidéo dure ${Math.round(seconds)} secondes : moins de 30 secondes sont recommandées pour la page d'accueil.`;

/** The library's filter by use (?utilisation=), by its URL value. */
export const MEDIA_USAGES = ["utilisees", "inutilisees"] as const;
export type MediaUsage = (typeof MEDIA_USAGES)[number];

/** The page of the site's other images (?autres=), beside the library's own (?page=). */
export const SITE_IMAGES_PAGE = "autres";
