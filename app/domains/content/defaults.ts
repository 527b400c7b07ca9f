/*
 * Every built-in French default and business constant of spec §3 and §9, in one place
 * (the club's identity and its site address come from app/core).
 * A read merges the stored row over these, so a missing field always shows its default.
 */
import { CLUB_ADDRESS_DEFAULTS, CLUB_GENERAL_DEFAULTS } from "~/core/club";
import { SITE_ADDRESS_DEFAULTS } from "~/core/site-address";
import { PAGE_TEXTS } from "./page-texts";

export { PAGE_TEXTS };

export const SETTINGS_DEFAULTS = {
  general: CLUB_GENERAL_DEFAULTS,
  // « Adresse du site » (admin only, app/core/site-address.server.ts); "": not set yet.
  site_address: SITE_ADDRESS_DEFAULTS,
  address: CLUB_ADDRESS_DEFAULTS,
  hours: {
    monday: "17h00-21h00",
    tuesday: "12h00-21h00",
    wednesday: "13h30-21h00",
    thursday: "12h00-21h00",
    friday: "17h00-21h00",
    saturday: "10h00-13h00",
    sunday: "Fermé",
  },
  social: { links: [] as SocialLink[] },
  social_icons: {
    facebook: "",
    instagram: "",
    whatsapp: "",
    youtube: "",
    linkedin: "",
    tiktok: "",
  },
  tarifs_pdf: { url: "", filename: "" },
  planning_title: { title: "PLANNING - SEPTEMBRE 2024 - JUIN 2025" },
  schedule_display: {
    visible_days: {
      monday: true,
      tuesday: true,
      wednesday: true,
      thursday: true,
      friday: true,
      saturday: true,
      sunday: true,
    } as Record<string, boolean>,
    start_hour: 6,
    end_hour: 22,
  },
  // The season's first and last day ("YYYY-MM-DD"), set in the schedule's "Changements"
  // tab; empty: 1 September to 30 June (app/domains/schedule/dated-sessions.ts, defaultSeason).
  season: { start: "", end: "" },
  blog: { articlesPerPage: 9 },
  logo: { url: "" },
  home_video: { url: "", title: "", storage_path: "" },
  // "Informations légales": /mentions-legales (LCEN) and /confidentialite (RGPD).
  legal: {
    associationName: "Boxing Club de Meyzieu",
    seat: "Rue de la République, 69330 Meyzieu",
    rnaNumber: "",
    // The payment attestations: 14 digits, or "" (not printed).
    siret: "",
    president: "",
    // Who signs the payment attestations ("": the president, as « Président »).
    signatoryName: "",
    signatoryRole: "",
    // The signature printed on them (an uploaded PNG or JPEG, /uploads/…), or "".
    signatureUrl: "",
    hostName: "",
    hostAddress: "",
    federation: "Fédération Française de Boxe",
    messageRetentionMonths: 12,
    // Trial bookings are deleted this many months after their session.
    trialRetentionMonths: 12,
  },
};

export type SettingsCategory = keyof typeof SETTINGS_DEFAULTS;
export type Settings<C extends SettingsCategory> = (typeof SETTINGS_DEFAULTS)[C];
export const SETTINGS_CATEGORIES = Object.keys(SETTINGS_DEFAULTS) as SettingsCategory[];

export interface SocialLink {
  id: string;
  name: SocialNetwork;
  url: string;
  icon: string;
}

/**
 * The spec's default menu plus Planning after Entraînements (DESIGN.md: parents look for
 * the timetable first). Migration 018 brings it to installs still on the spec's list.
 */
export const DEFAULT_MENU = [
  { label: "Accueil", path: "/" },
  { label: "Disciplines", path: "/disciplines" },
  { label: "Entraînements", path: "/entrainements" },
  { label: "Planning", path: "/planning" },
  { label: "Tarifs", path: "/tarifs" },
  { label: "Infos Pratiques", path: "/infos-pratiques" },
  { label: "Contact", path: "/contact" },
];

export const COLOR_CHOICES = ["light", "dark", "gold"] as const;
export type ColorChoice = (typeof COLOR_CHOICES)[number];

export const FORMAT_ICONS = ["Users", "Target", "Heart"] as const;
export type FormatIcon = (typeof FORMAT_ICONS)[number];

export const PLACEHOLDER_IMAGE = "/images/placeholder.webp";

export const DISCIPLINE_DEFAULTS = {
  title: "Sans titre",
  image: PLACEHOLDER_IMAGE,
  color: "light" as ColorChoice,
  background_color: "#f8f9fa",
  text_color: "#000000",
  title_color: "#000000",
  subtitle_color: "#000000",
};

export const TRAINING_FORMAT_DEFAULTS = {
  title: "Sans titre",
  image: PLACEHOLDER_IMAGE,
  icon_name: "Users" as FormatIcon,
  color: "light" as ColorChoice,
};

export const ACTIVITY_CATEGORIES = {
  adult: "Adultes",
  junior: "Juniors",
  kids: "Enfants",
} as const;
export type ActivityCategory = keyof typeof ACTIVITY_CATEGORIES;
export const DEFAULT_ACTIVITY_COLOR = "#5ECFCB";

export const BLOG_CATEGORIES = ["actualite", "evenement", "competition", "stage"] as const;
export type BlogCategory = (typeof BLOG_CATEGORIES)[number];

export const SOCIAL_NETWORKS = [
  "facebook",
  "instagram",
  "whatsapp",
  "youtube",
  "linkedin",
  "tiktok",
  "link",
] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

export const PAGE_TEMPLATES = ["default", "full-width", "sidebar"] as const;
export const MAIN_PAGE_SLUGS = ["home", "disciplines", "entrainements", "tarifs", "contact"];

export const UPLOAD_CACHE_SECONDS = 3600;
export const LOGIN_DELAY_MS = 800;
export const NAV_DELAYS_MS = { hover: 200, skip: 300, close: 150 };
export const HOME_LATEST_POSTS = 3;
export const PASSWORD_MIN_LENGTH = 6;
export const VIDEO_FORMATS = ["mp4", "webm", "ogg"] as const;
export const VIDEO_RECOMMENDED_MAX_SECONDS = 30;
export const TIMETABLE_COLUMN_MIN_HEIGHT_PX = 600;
export const ADMIN_GRID = {
  startHour: 6,
  endHour: 23,
  hourHeightPx: 70,
  maxX: 70,
  maxY: 90,
  maxWidth: 85,
  defaultWidth: 100,
};
