/*
 * The "Changements" tab's rules, shared by the browser and the action: a
 * cancelled or moved session, a closure, and the season. The action checks again what
 * only the database knows: the activity, and that it has a session that day.
 */
import * as z from "~/core/zod";
import { isIsoDate } from "~/core/club-time";
import { END_AFTER_START_MESSAGE, timeField } from "./schedule-schemas";
import { toMinutes } from "~/core/time-of-day";

export const CHANGE_MESSAGES = {
  created: "Changement enregistré",
  saved: "Changement modifié",
  deleted: "Changement supprimé",
  saveFailed: "Erreur lors de l'enregistrement du changement",
  deleteFailed: "Erreur lors de la suppression du changement",
  seasonSaved: "Saison enregistrée",
  invalid: "Vérifiez les champs signalés",
  notFound: "Ce changement n'existe plus : la liste a été rechargée.",
  noSession: "Ce cours n'a pas lieu ce jour-là (jour de la semaine ou hors saison)",
  taken: "Cette séance a déjà un changement : modifiez-le ou supprimez-le",
  activityGone: "Cette activité n'existe plus",
} as const;

export const CHANGE_KINDS = {
  cancel: "Annuler une séance",
  move: "Déplacer une séance",
  closure: "Fermeture (vacances, gymnase fermé)",
} as const;
export type ChangeKind = keyof typeof CHANGE_KINDS;

const day = (what: string) =>
  z
    .string()
    .trim()
    .min(1, `${what} est obligatoire`)
    .refine((value) => value === "" || isIsoDate(value), "Date invalide");

const note = (max: number) => z.string().trim().max(max, `${max} caractères au plus`);

const activityId = z.coerce
  .number({ error: "Choisissez l'activité" })
  .int("Choisissez l'activité")
  .positive("Choisissez l'activité");

export const ScheduleChangeSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("cancel"),
    activityId,
    date: day("La date de la séance"),
    reason: note(300),
  }),
  z
    .object({
      kind: z.literal("move"),
      activityId,
      date: day("La date de la séance"),
      newDate: day("La nouvelle date"),
      newStart: timeField,
      newEnd: timeField,
      reason: note(300),
    })
    .refine((value) => (toMinutes(value.newStart) ?? 0) < (toMinutes(value.newEnd) ?? 0), {
      message: END_AFTER_START_MESSAGE,
      path: ["newEnd"],
    }),
  z
    .object({
      kind: z.literal("closure"),
      from: day("Le premier jour"),
      to: day("Le dernier jour"),
      label: z
        .string()
        .trim()
        .min(1, "Le motif est obligatoire")
        .max(120, "120 caractères au plus"),
    })
    .refine((value) => value.from <= value.to, {
      message: "Le dernier jour doit suivre le premier",
      path: ["to"],
    }),
]);
export type ScheduleChangeValues = z.output<typeof ScheduleChangeSchema>;

export const SeasonSchema = z
  .object({ start: day("Le premier jour"), end: day("Le dernier jour") })
  .refine((value) => value.start < value.end, {
    message: "La saison doit finir après son début",
    path: ["end"],
  });

/**
 * The activity dialog's answer when its weekday changes while it has coming dated changes:
 * "shift" them to the new day of the same week, or "delete" them.
 */
export const DATED_CHANGES_FIELD = "dated_changes";
