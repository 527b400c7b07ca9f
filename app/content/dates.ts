export const FRENCH_WEEKDAYS = [
  "Lundi",
  "Mardi",
  "Mercredi",
  "Jeudi",
  "Vendredi",
  "Samedi",
  "Dimanche",
] as const;
export type FrenchWeekday = (typeof FRENCH_WEEKDAYS)[number];

export const WEEKDAY_KEYS = [
  "monday",
  "tuesday",
  "wednesday",
  "thursday",
  "friday",
  "saturday",
  "sunday",
] as const;
export type WeekdayKey = (typeof WEEKDAY_KEYS)[number];

const FRENCH_DATE = new Intl.DateTimeFormat("fr-FR", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "Europe/Paris",
});

/**
 * `formatter`'s text for `date`, the first of a month written "1er" as French writes it
 * ("lundi 1er décembre"): Intl prints "1". Every French date of the site goes through it.
 */
export function formatWithOrdinal(formatter: Intl.DateTimeFormat, date: Date): string {
  return formatter
    .formatToParts(date)
    .map((part) => (part.type === "day" && part.value === "1" ? "1er" : part.value))
    .join("");
}

/** "21 novembre 2026", "1er décembre 2026" in Europe/Paris time; "" for an invalid date. */
export function formatFrenchDate(iso: string | Date): string {
  const date = iso instanceof Date ? iso : new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : formatWithOrdinal(FRENCH_DATE, date);
}

function normalize(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").trim().toLowerCase();
}

/** Index (0 = Lundi) of a French weekday name, ignoring case and accents; -1 when unknown. */
export function weekdayIndex(day: string): number {
  const wanted = normalize(day);
  return FRENCH_WEEKDAYS.findIndex((name) => normalize(name) === wanted);
}

const FRENCH_DATE_TIME = new Intl.DateTimeFormat("fr-FR", {
  day: "numeric",
  month: "long",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
  timeZone: "Europe/Paris",
});

/** "21 novembre 2026 à 18h30" in Europe/Paris time; "" for an invalid date. */
export function formatFrenchDateTime(iso: string | Date): string {
  const date = iso instanceof Date ? iso : new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  const parts = FRENCH_DATE_TIME.formatToParts(date);
  const part = (type: string) => parts.find((one) => one.type === type)?.value ?? "";
  const day = formatWithOrdinal(FRENCH_DATE, date);
  return `${day} à ${part("hour")}h${part("minute")}`;
}
