import * as z from "~/core/zod";
import { isSafeUrlOrEmpty } from "~/core/url";
import { HexColorSchema } from "../../core/hex-color";
import { COLOR_CHOICES } from "~/domains/content/defaults";
import type { FieldErrors } from "~/core/form";

/*
 * The disciplines editor's rules and messages, shared by the browser (checked before
 * sending) and the action (checked again). Messages are the spec's (§5, §8).
 */

export const DISCIPLINE_MESSAGES = {
  loadFailed: "Impossible de charger les disciplines",
  created: "Discipline créée avec succès",
  createFailed: "Erreur lors de la création de la discipline",
  deleted: "Discipline supprimée",
  deleteFailed: "Erreur lors de la suppression de la discipline",
  saved: "Discipline sauvegardée avec succès",
  saveFailed: "Erreur lors de la sauvegarde de la discipline",
  reordered: "Ordre mis à jour",
  reorderFailed: "Erreur lors de la mise à jour de l'ordre",
  keepOne: "Vous devez conserver au moins une discipline",
  noneSelected: "Aucune discipline sélectionnée",
  notFound: "Cette discipline n'existe plus : la liste a été rechargée.",
  invalid: "Vérifiez les champs signalés",
} as const;

/** The legacy background choices and their French labels. */
export const COLOR_LABELS: Record<(typeof COLOR_CHOICES)[number], string> = {
  light: "Clair",
  dark: "Sombre",
  gold: "Or",
};

export const INVALID_IMAGE_URL_MESSAGE =
  "Adresse d'image invalide : une URL en http(s):// ou un chemin commençant par /";

export const text = (max: number, what: string) =>
  z.string().trim().max(max, `${what} ne doit pas dépasser ${max} caractères`);
const paragraphs = (max: number, what: string) =>
  z.multiline().trim().max(max, `${what} ne doit pas dépasser ${max} caractères`);

/** An image address: empty (the default picture), http(s) or a path of the site. */
export const ImageUrlSchema = z
  .string()
  .trim()
  .max(2000, INVALID_IMAGE_URL_MESSAGE)
  .refine(isSafeUrlOrEmpty, INVALID_IMAGE_URL_MESSAGE);

/** Key points: blank lines dropped. */
export const DetailsSchema = z
  .array(paragraphs(300, "Un point clé"))
  .max(30, "30 points clés au maximum")
  .transform((items) => items.filter((item) => item !== ""));

export const ColorChoiceSchema = z.enum(COLOR_CHOICES, {
  message: "Choisissez un fond : Clair, Sombre ou Or",
});

/** What a discipline and a training format both have: their texts and picture. */
export const RecordTextsSchema = z.object({
  title: text(120, "Le titre"),
  subtitle: text(200, "Le sous-titre"),
  description: paragraphs(5000, "La description"),
  details: DetailsSchema,
  conclusion: paragraphs(2000, "La conclusion"),
  image: ImageUrlSchema,
});
/** RecordTextsSchema's fields sent as one text each (details come as repeated entries). */
export const RECORD_TEXT_FIELDS = [
  "title",
  "subtitle",
  "description",
  "conclusion",
  "image",
] as const;

/** A discipline's colour fields, in the order its editor and its history list them. */
const DISCIPLINE_COLORS = {
  color: ColorChoiceSchema,
  background_color: HexColorSchema,
  text_color: HexColorSchema,
  title_color: HexColorSchema,
  subtitle_color: HexColorSchema,
};

export const DisciplineSchema = RecordTextsSchema.extend(DISCIPLINE_COLORS);
export type DisciplineValues = z.input<typeof DisciplineSchema>;

export const DISCIPLINE_COLOR_FIELDS = Object.keys(DISCIPLINE_COLORS) as Array<
  keyof typeof DISCIPLINE_COLORS
>;

const TEXT_FIELDS = [...RECORD_TEXT_FIELDS, ...DISCIPLINE_COLOR_FIELDS] as const;

/** A form's text fields by name plus the repeated "details" entries. */
export function readEditorForm<K extends string>(
  formData: FormData,
  names: readonly K[],
): Record<K, string> & { details: string[] } {
  const values = {} as Record<K, string> & { details: string[] };
  for (const name of names) {
    const value = formData.get(name);
    (values as Record<string, string>)[name] = typeof value === "string" ? value : "";
  }
  values.details = formData.getAll("details").filter((v): v is string => typeof v === "string");
  return values;
}

export function disciplineFromForm(formData: FormData) {
  return readEditorForm(formData, TEXT_FIELDS);
}

/** Fills a FormData the way the editor posts a record (details repeated). */
export function toFormData(values: Record<string, string | string[] | number | boolean>): FormData {
  const formData = new FormData();
  for (const [name, value] of Object.entries(values)) {
    if (Array.isArray(value)) for (const item of value) formData.append(name, item);
    else formData.set(name, String(value));
  }
  return formData;
}

/** Per-item errors of a list field ("details.2" → { 2: … }), for StringListEditor. */
export function itemErrors(errors: FieldErrors, field: string): Record<number, string> {
  const result: Record<number, string> = {};
  for (const [key, message] of Object.entries(errors)) {
    const match = new RegExp(`^${field}\\.(\\d+)$`).exec(key);
    if (match) result[Number(match[1])] = message;
  }
  return result;
}
