/*
 * The schedule editor's form rules, shared by the browser (checks before sending) and the
 * actions (which re-parse everything). Messages are the spec's (§5) where it has one.
 */
import { isSafeUrl } from "~/core/url";
import * as z from "~/core/zod";
import { HexColorSchema } from "../../core/hex-color";
import {
  ACTIVITY_CATEGORIES,
  DEFAULT_ACTIVITY_COLOR,
  type ActivityCategory,
} from "~/domains/content";
import { FRENCH_WEEKDAYS, WEEKDAY_KEYS } from "~/core/club-time";
import { formatTime, parseTime, toMinutes } from "~/core/time-of-day";

export const REQUIRED_FIELDS_MESSAGE = "Veuillez remplir tous les champs obligatoires";
export const TIME_FORMAT_MESSAGE = "Heure invalide : écrivez par exemple 18h30 ou 18:30";
export const END_AFTER_START_MESSAGE = "L'heure de fin doit être après l'heure de début";
export const HOUR_ORDER_MESSAGE = "L'heure de début doit être inférieure à l'heure de fin";
export const IMAGE_URL_MESSAGE = "Adresse d'image invalide";
export const MAX_ACTIVITY_IMAGES = 12;

const CATEGORY_KEYS = Object.keys(ACTIVITY_CATEGORIES) as [ActivityCategory, ...ActivityCategory[]];

/** "18h30", "18:30" or "19H00" → "18h30" / "19h00"; kept as typed when invalid. */
export function normalizeTime(text: string): string {
  const time = parseTime(text);
  return time ? formatTime(time) : text.trim();
}

export const timeField = z
  .string()
  .trim()
  .min(1, REQUIRED_FIELDS_MESSAGE)
  .refine((text) => text === "" || parseTime(text) !== null, TIME_FORMAT_MESSAGE)
  .transform(normalizeTime);

export const TRIAL_PLACES_MESSAGE =
  "Le nombre de places d'essai doit être un nombre entier entre 1 et 50";
export const TRIAL_MIN_AGE_MESSAGE = "L'âge minimum doit être un nombre entier entre 0 et 99";

/** A whole number written in a form field, between min and max ("" gives `empty`). */
function wholeNumberField(min: number, max: number, message: string, empty?: number) {
  return z
    .string()
    .trim()
    .transform((text) => (text === "" && empty !== undefined ? String(empty) : text))
    .refine((text) => /^\d{1,3}$/.test(text), message)
    .transform(Number)
    .pipe(z.number().int().min(min, message).max(max, message));
}

/*
 * The trial settings of an activity. Optional as a group: a form without them
 * (trial_places absent, see activityFormValues) leaves the stored ones unchanged.
 */
const trialFields = {
  trial_enabled: z
    .enum(["0", "1"], { error: "Valeur invalide pour « accepte les essais »" })
    .transform((value) => value === "1")
    .optional(),
  trial_places: wholeNumberField(1, 50, TRIAL_PLACES_MESSAGE).optional(),
  trial_min_age: wholeNumberField(0, 99, TRIAL_MIN_AGE_MESSAGE, 0).optional(),
};

export const ActivitySchema = z
  .object({
    ...trialFields,
    title: z
      .string()
      .trim()
      .min(1, REQUIRED_FIELDS_MESSAGE)
      .max(120, "Le titre ne doit pas dépasser 120 caractères"),
    category: z
      .string()
      .transform((value) => value || "adult")
      .pipe(z.enum(CATEGORY_KEYS, { error: "Catégorie invalide" })),
    day: z
      .string()
      .min(1, REQUIRED_FIELDS_MESSAGE)
      .refine(
        (day) => day === "" || (FRENCH_WEEKDAYS as readonly string[]).includes(day),
        "Jour invalide",
      ),
    start_time: timeField,
    end_time: timeField,
    color: z
      .string()
      .trim()
      .transform((value) => value || DEFAULT_ACTIVITY_COLOR)
      .pipe(HexColorSchema),
    description: z.string().trim().max(300, "La description ne doit pas dépasser 300 caractères"),
    age_range: z.string().trim().max(60, "La tranche d'âge ne doit pas dépasser 60 caractères"),
    long_description: z
      .multiline()
      .trim()
      .max(5000, "La description détaillée ne doit pas dépasser 5000 caractères"),
    images: z
      .array(z.string().trim().refine(isSafeUrl, IMAGE_URL_MESSAGE))
      .max(MAX_ACTIVITY_IMAGES, `${MAX_ACTIVITY_IMAGES} images au maximum`),
  })
  .refine(
    ({ start_time, end_time }) => {
      const from = toMinutes(start_time);
      const to = toMinutes(end_time);
      return from === null || to === null || to > from;
    },
    { message: END_AFTER_START_MESSAGE, path: ["end_time"] },
  );

export type ActivityInput = z.output<typeof ActivitySchema>;
export const ACTIVITY_TEXT_FIELDS = [
  "title",
  "category",
  "day",
  "start_time",
  "end_time",
  "color",
  "description",
  "age_range",
  "long_description",
] as const;
/** The trial fields: sent together, or not at all (the stored ones are then kept). */
export const ACTIVITY_TRIAL_FIELDS = ["trial_enabled", "trial_places", "trial_min_age"] as const;
export type ActivityFormValues = Record<(typeof ACTIVITY_TEXT_FIELDS)[number], string> &
  Partial<Record<(typeof ACTIVITY_TRIAL_FIELDS)[number], string>> & {
    images: string[];
  };

/** A checkbox's value: checked ("on", "1", "true") gives "1", absent or anything else "0". */
function checkboxValue(formData: FormData, name: string): "0" | "1" {
  const value = formData.get(name);
  return value === "on" || value === "1" || value === "true" ? "1" : "0";
}

/**
 * The dialog's fields as the form sends them: texts plus the repeated `images`, and the
 * trial fields when the form has them (`trial_places` is always sent by a number field;
 * `trial_enabled` is a checkbox, absent when unchecked).
 */
export function activityFormValues(formData: FormData): ActivityFormValues {
  const values = {} as ActivityFormValues;
  for (const name of ACTIVITY_TEXT_FIELDS) {
    const value = formData.get(name);
    values[name] = typeof value === "string" ? value : "";
  }
  values.images = formData.getAll("images").filter((v): v is string => typeof v === "string");
  const places = formData.get("trial_places");
  if (typeof places === "string") {
    const minAge = formData.get("trial_min_age");
    values.trial_enabled = checkboxValue(formData, "trial_enabled");
    values.trial_places = places;
    values.trial_min_age = typeof minAge === "string" ? minAge : "";
  }
  return values;
}

/** Empty: /planning's title follows the season (app/domains/schedule/planning-title.ts). */
export const PlanningTitleSchema = z.object({
  title: z.string().trim().max(150, "Le titre ne doit pas dépasser 150 caractères"),
});

/**
 * The timetable's first and last hours shown, as their fields ask for them (the schedule
 * screen's Affichage tab and Paramètres).
 */
export const DISPLAY_HOUR_FIELDS = [
  { name: "start_hour", label: "Heure de début", min: 0, max: 23 },
  { name: "end_hour", label: "Heure de fin", min: 1, max: 24 },
] as const;

function hourField(min: number, max: number, message: string) {
  return z
    .string()
    .trim()
    .min(1, "Veuillez indiquer une heure")
    .refine((text) => text === "" || /^\d{1,2}$/.test(text), message)
    .transform(Number)
    .pipe(z.number().int().min(min, message).max(max, message));
}

export const ScheduleDisplaySchema = z
  .object({
    visible_days: z
      .array(z.enum(WEEKDAY_KEYS, { error: "Jour invalide" }))
      .min(1, "Veuillez afficher au moins un jour"),
    start_hour: hourField(0, 23, "L'heure de début doit être comprise entre 0 et 23"),
    end_hour: hourField(1, 24, "L'heure de fin doit être comprise entre 1 et 24"),
  })
  .refine(({ start_hour, end_hour }) => start_hour < end_hour, {
    message: HOUR_ORDER_MESSAGE,
    path: ["start_hour"],
  });

export const PositionsSchema = z
  .array(
    z.object({
      id: z.number().int().positive(),
      position_x: z.number(),
      position_y: z.number(),
      width: z.number().nullable(),
      // The vertical axis is time: a block moved up or down brings its new hours.
      start_time: timeField.optional(),
      end_time: timeField.optional(),
      updated_at: z.string().min(1),
    }),
  )
  .min(1, "Aucune position à sauvegarder")
  .max(500)
  .refine(
    (changes) =>
      changes.every(({ start_time: from, end_time: to }) =>
        from === undefined && to === undefined
          ? true
          : from !== undefined && to !== undefined && toMinutes(to)! > toMinutes(from)!,
      ),
    END_AFTER_START_MESSAGE,
  );
export type PositionChange = z.output<typeof PositionsSchema>[number];
