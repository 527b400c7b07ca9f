/*
 * The club's dates in French words, one family of named formats (Europe/Paris time for
 * instants; a club date, "YYYY-MM-DD", is its own day). Each says the string it gives.
 */
import { CLUB_TIMEZONE, isIsoDate, type IsoDate } from "./club-time";

const FRENCH_DATE = new Intl.DateTimeFormat("fr-FR", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: CLUB_TIMEZONE,
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

const FRENCH_DATE_TIME = new Intl.DateTimeFormat("fr-FR", {
  day: "numeric",
  month: "long",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
  timeZone: CLUB_TIMEZONE,
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

const FRENCH_DAY = new Intl.DateTimeFormat("fr-FR", {
  weekday: "long",
  day: "numeric",
  month: "long",
  timeZone: "UTC",
});

/** "mardi 8 décembre", "mardi 1er décembre" for a club date. */
export function frenchDay(date: IsoDate): string {
  return isIsoDate(date) ? formatWithOrdinal(FRENCH_DAY, new Date(`${date}T00:00:00Z`)) : date;
}

const NUMERIC_DATE = new Intl.DateTimeFormat("fr-FR", {
  timeZone: CLUB_TIMEZONE,
  dateStyle: "short",
});

/** A stamp (ISO UTC) or a club date (YYYY-MM-DD) as the club reads it: « 14/09/2026 ». */
export function formatNumericDate(value: string): string {
  const date = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T12:00:00Z`) : new Date(value);
  return NUMERIC_DATE.format(date);
}

const PLAIN_DATE = new Intl.DateTimeFormat("fr-FR", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});

/** A club date as the membership attestation writes it: « 27 novembre 2026 », « 1 décembre 2026 ». */
export function formatPlainDate(date: IsoDate): string {
  return PLAIN_DATE.format(new Date(`${date}T00:00:00Z`));
}

const WEEKDAY_DATE_TIME = new Intl.DateTimeFormat("fr-FR", {
  weekday: "short",
  day: "numeric",
  month: "long",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: CLUB_TIMEZONE,
});

/** « jeu. 26 novembre 2026 à 21:15 » (Paris time: Intl writes the « à »): the journal's. */
export function formatWeekdayDateTime(iso: string): string {
  return WEEKDAY_DATE_TIME.format(new Date(iso));
}

const MEDIUM_DATE_TIME = new Intl.DateTimeFormat("fr-FR", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: CLUB_TIMEZONE,
});

/** « 23 nov. 2026, 11:00 » (Paris time): messages, mails, sessions. */
export function formatMediumDateTime(iso: string): string {
  return MEDIUM_DATE_TIME.format(new Date(iso));
}

const LONG_DATE_TIME = new Intl.DateTimeFormat("fr-FR", {
  dateStyle: "long",
  timeStyle: "short",
  timeZone: CLUB_TIMEZONE,
});

/** « 23 novembre 2026 à 11:00 » (Paris time): a quoted message's date. */
export function formatLongDateTime(iso: string): string {
  return LONG_DATE_TIME.format(new Date(iso));
}

const DAY_MONTH = new Intl.DateTimeFormat("fr-FR", {
  day: "numeric",
  month: "long",
  timeZone: CLUB_TIMEZONE,
});
const YEAR = new Intl.DateTimeFormat("fr-FR", { year: "numeric", timeZone: CLUB_TIMEZONE });
const TIME = new Intl.DateTimeFormat("fr-FR", {
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
  timeZone: CLUB_TIMEZONE,
});

/** « 15 décembre à 08:00 » in Paris time; the year is added when it is not `now`'s. */
export function formatDayMonthTime(iso: string, now: Date): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  const year = YEAR.format(date);
  const day = formatWithOrdinal(DAY_MONTH, date) + (year === YEAR.format(now) ? "" : ` ${year}`);
  return `${day} à ${TIME.format(date)}`;
}
