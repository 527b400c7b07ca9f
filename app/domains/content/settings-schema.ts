import * as z from "~/core/zod";
import { WEEKDAY_KEYS } from "~/core/club-time";
import {
  SETTINGS_DEFAULTS,
  SOCIAL_NETWORKS,
  type Settings,
  type SocialNetwork,
} from "~/domains/content/defaults";
import { FRENCH_PHONE } from "~/core/fields";
import { isHttpUrl, isSafeUrlOrEmpty } from "~/core/url";

/* The Settings screen's rules, for the browser and the server alike. */

export const SETTINGS_MESSAGES = {
  saved: "Paramètres sauvegardés avec succès",
  failed: "Erreur lors de la sauvegarde",
  invalid: "Certains champs sont invalides : corrigez-les puis sauvegardez.",
  nothing: "Aucune modification à sauvegarder",
  networkFirst: "Veuillez d'abord sélectionner un réseau social (autre que 'Autre')",
  iconUploaded: (network: string) => `Icône ${network} uploadée avec succès`,
  iconRemoved: (network: string) => `Icône ${network} supprimée avec succès`,
  hoursOrder: "L'heure de début doit être inférieure à l'heure de fin",
} as const;

export const NETWORK_LABELS: Record<SocialNetwork, string> = {
  facebook: "Facebook",
  instagram: "Instagram",
  whatsapp: "WhatsApp",
  youtube: "YouTube",
  linkedin: "LinkedIn",
  tiktok: "TikTok",
  link: "Autre",
};

/** The networks that can have an uploaded icon (every one but the generic link). */
export const ICON_NETWORKS = SOCIAL_NETWORKS.filter(
  (network): network is Exclude<SocialNetwork, "link"> => network !== "link",
);

export const WEEKDAY_LABELS: Record<(typeof WEEKDAY_KEYS)[number], string> = {
  monday: "Lundi",
  tuesday: "Mardi",
  wednesday: "Mercredi",
  thursday: "Jeudi",
  friday: "Vendredi",
  saturday: "Samedi",
  sunday: "Dimanche",
};

const required = (message: string, max = 200) =>
  z.string().trim().min(1, message).max(max, `${max} caractères au plus`);

export const GeneralSettingsSchema = z.object({
  siteName: required("Le nom du site est obligatoire", 120),
  tagline: z.string().trim().max(300, "300 caractères au plus"),
  phoneNumber: z
    .string()
    .trim()
    .regex(FRENCH_PHONE, "Numéro de téléphone invalide (format français, ex. 06 12 34 56 78)"),
  email: z.string().trim().pipe(z.email("Adresse e-mail invalide")),
  // A screen without the box yet keeps the default rather than refusing the save.
  notifyTrials: z.boolean("Cochez ou décochez la case").default(false),
});

export const AddressSettingsSchema = z.object({
  street: required("La rue est obligatoire"),
  city: required("La ville est obligatoire", 100),
  postalCode: z
    .string()
    .trim()
    .regex(/^\d{5}$/, "Le code postal doit comporter 5 chiffres"),
  googleMapsUrl: z
    .string()
    .trim()
    .refine(
      (value) => value === "" || isHttpUrl(value),
      "Le lien Google Maps doit commencer par http:// ou https://",
    ),
});

export const HoursSettingsSchema = z.object(
  Object.fromEntries(
    WEEKDAY_KEYS.map((day) => [day, required("Indiquez les horaires ou « Fermé »", 60)]),
  ) as Record<(typeof WEEKDAY_KEYS)[number], z.ZodString>,
);

export const SocialLinkSchema = z.object({
  id: z.string().min(1).max(80),
  name: z.enum(SOCIAL_NETWORKS, "Choisissez un réseau social"),
  url: z
    .string()
    .trim()
    .refine(isHttpUrl, "L'adresse du lien doit commencer par http:// ou https://"),
  /** For "Autre": the name shown for the link (the footer reads it). */
  icon: z.string().trim().max(60, "60 caractères au plus"),
});

export const SocialSettingsSchema = z.object({
  links: z.array(SocialLinkSchema).max(20, "20 liens au plus"),
});

export const TarifsPdfSettingsSchema = z.object({
  url: z.string().trim().refine(isSafeUrlOrEmpty, "Adresse du fichier invalide"),
  filename: z.string().trim().max(200),
});

const hour = (message: string, min: number, max: number) =>
  z.number(message).int(message).min(min, message).max(max, message);

export const ScheduleDisplaySettingsSchema = z
  .object({
    visible_days: z.object(
      Object.fromEntries(WEEKDAY_KEYS.map((day) => [day, z.boolean()])) as Record<
        (typeof WEEKDAY_KEYS)[number],
        z.ZodBoolean
      >,
    ),
    start_hour: hour("L'heure de début doit être un nombre entier entre 0 et 23", 0, 23),
    end_hour: hour("L'heure de fin doit être un nombre entier entre 1 et 24", 1, 24),
  })
  .refine((value) => value.start_hour < value.end_hour, {
    message: SETTINGS_MESSAGES.hoursOrder,
    path: ["start_hour"],
  });

/** An image uploaded or picked in the media library (its format decided from its bytes). */
const SIGNATURE_IMAGE = /^\/uploads\/[a-z-]+\/[^?#]+\.(?:png|jpe?g|webp|avif)$/i;

const optionalText = (max: number) => z.string().trim().max(max, `${max} caractères au plus`);

/** "Informations légales": the legal pages' facts and the contact messages' retention. */
export const LegalSettingsSchema = z.object({
  associationName: required("Le nom de l'association est obligatoire", 160),
  seat: required("L'adresse du siège est obligatoire", 300),
  rnaNumber: z
    .string()
    .trim()
    .refine(
      (value) => value === "" || /^W\d{9}$/i.test(value),
      "Le numéro RNA commence par W suivi de 9 chiffres (ex. W691234567)",
    ),
  // A screen without these fields yet keeps their defaults rather than refusing the save.
  siret: z
    .string()
    .trim()
    .refine(
      (value) => value === "" || /^\d{14}$/.test(value.replace(/\s/g, "")),
      "Le numéro SIRET comporte 14 chiffres (ex. 123 456 789 00012)",
    )
    .default(""),
  president: optionalText(160),
  signatoryName: optionalText(160).default(""),
  signatoryRole: optionalText(80).default(""),
  signatureUrl: z
    .string()
    .trim()
    .refine(
      (value) => value === "" || SIGNATURE_IMAGE.test(value),
      "Envoyez l'image de la signature (PNG ou JPEG)",
    )
    .default(""),
  hostName: optionalText(160),
  hostAddress: optionalText(300),
  federation: optionalText(160),
  messageRetentionMonths: z
    .number("La durée de conservation doit être un nombre de mois entre 1 et 36")
    .int("La durée de conservation doit être un nombre de mois entre 1 et 36")
    .min(1, "La durée de conservation doit être un nombre de mois entre 1 et 36")
    .max(36, "La durée de conservation doit être un nombre de mois entre 1 et 36"),
  trialRetentionMonths: z
    .number("La durée de conservation des essais doit être un nombre de mois entre 1 et 36")
    .int("La durée de conservation des essais doit être un nombre de mois entre 1 et 36")
    .min(1, "La durée de conservation des essais doit être un nombre de mois entre 1 et 36")
    .max(36, "La durée de conservation des essais doit être un nombre de mois entre 1 et 36")
    // A screen without the field yet keeps the default rather than refusing the save.
    .default(SETTINGS_DEFAULTS.legal.trialRetentionMonths),
});

/** The categories the global save writes (social icons are saved on upload). */
export const EDITABLE_SETTINGS = {
  general: GeneralSettingsSchema,
  address: AddressSettingsSchema,
  hours: HoursSettingsSchema,
  social: SocialSettingsSchema,
  tarifs_pdf: TarifsPdfSettingsSchema,
  schedule_display: ScheduleDisplaySettingsSchema,
  legal: LegalSettingsSchema,
} as const;
export type EditableCategory = keyof typeof EDITABLE_SETTINGS;
export const EDITABLE_CATEGORIES = Object.keys(EDITABLE_SETTINGS) as EditableCategory[];

export type EditableSettings = { [C in EditableCategory]: Settings<C> };

export const SettingsChangesSchema = z
  .array(
    z.object({
      category: z.enum(EDITABLE_CATEGORIES as [EditableCategory, ...EditableCategory[]]),
      settings: z.unknown(),
      loadedAt: z.string().nullable(),
    }),
  )
  .max(EDITABLE_CATEGORIES.length);

/** Errors by "category.field" ("social.links.0.url"). */
export type SettingsErrors = Record<string, string>;

/** Checks each changed category with its schema: the parsed values, or every error. */
export function validateSettingsChanges(changes: z.infer<typeof SettingsChangesSchema>):
  | {
      success: true;
      changes: { category: EditableCategory; settings: unknown; loadedAt: string | null }[];
    }
  | { success: false; errors: SettingsErrors } {
  const errors: SettingsErrors = {};
  const parsed: { category: EditableCategory; settings: unknown; loadedAt: string | null }[] = [];
  for (const change of changes) {
    const result = EDITABLE_SETTINGS[change.category].safeParse(change.settings);
    if (result.success) {
      parsed.push({ ...change, settings: result.data });
      continue;
    }
    for (const issue of result.error.issues) {
      errors[[change.category, ...issue.path.map(String)].join(".")] ??= issue.message;
    }
  }
  return Object.keys(errors).length > 0
    ? { success: false, errors }
    : { success: true, changes: parsed };
}
