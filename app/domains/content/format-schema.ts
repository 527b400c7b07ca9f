import * as z from "~/core/zod";
import { FORMAT_ICONS } from "~/domains/content/defaults";
import {
  ColorChoiceSchema,
  readEditorForm,
  RECORD_TEXT_FIELDS,
  RecordTextsSchema,
} from "./discipline-schema";

/* The training formats editor's rules and messages (browser and action alike). */

export const FORMAT_MESSAGES = {
  loadFailed: "Impossible de charger les formats d'entraînement",
  created: "Format créé",
  createFailed: "Erreur lors de la création du format",
  deleted: "Format supprimé",
  deleteFailed: "Erreur lors de la suppression du format",
  saved: "Format sauvegardé",
  saveFailed: "Erreur lors de la sauvegarde du format",
  reordered: "Ordre mis à jour",
  reorderFailed: "Erreur lors de la mise à jour de l'ordre",
  keepOne: "Vous devez conserver au moins un format",
  noneSelected: "Aucun format sélectionné",
  notFound: "Ce format n'existe plus : la liste a été rechargée.",
  invalid: "Vérifiez les champs signalés",
} as const;

/** How the editors name each icon of format-icon.tsx: French first, the icon's own name after. */
export const ICON_NAME_LABELS: Record<string, string> = {
  Users: "Groupe (Users)",
  Target: "Cible (Target)",
  Heart: "Cœur (Heart)",
  Briefcase: "Mallette (Briefcase)",
  CalendarDays: "Calendrier (CalendarDays)",
  Dumbbell: "Haltère (Dumbbell)",
  HeartPulse: "Cœur et pouls (HeartPulse)",
  Shield: "Bouclier (Shield)",
  Trophy: "Trophée (Trophy)",
};

/** The three icons of spec §9 and how the editor names them. */
export const ICON_LABELS: Record<(typeof FORMAT_ICONS)[number], string> = {
  Users: ICON_NAME_LABELS.Users!,
  Target: ICON_NAME_LABELS.Target!,
  Heart: ICON_NAME_LABELS.Heart!,
};

export const TrainingFormatSchema = RecordTextsSchema.extend({
  icon_name: z.enum(FORMAT_ICONS, { message: "Choisissez une icône : Users, Target ou Heart" }),
  color: ColorChoiceSchema,
});
export type TrainingFormatValues = z.input<typeof TrainingFormatSchema>;

const TEXT_FIELDS = [...RECORD_TEXT_FIELDS, "icon_name", "color"] as const;

export function formatFromForm(formData: FormData) {
  return readEditorForm(formData, TEXT_FIELDS);
}
