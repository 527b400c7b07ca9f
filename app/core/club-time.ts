/*
 * Club time: the club's calendar dates and wall-clock times are Europe/Paris's, whatever
 * the server's or the browser's zone. Dates are "YYYY-MM-DD" (IsoDate), their maths done
 * in UTC so that daylight saving never shifts a day. Its French words: date-format.ts.
 */

export const CLUB_TIMEZONE = "Europe/Paris";

/** A calendar date in Europe/Paris, "YYYY-MM-DD". */
export type IsoDate = string;

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

function normalize(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").trim().toLowerCase();
}

/** Index (0 = Lundi) of a French weekday name, ignoring case and accents; -1 when unknown. */
export function weekdayIndex(day: string): number {
  const wanted = normalize(day);
  return FRENCH_WEEKDAYS.findIndex((name) => normalize(name) === wanted);
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real calendar date written "YYYY-MM-DD". */
export function isIsoDate(value: string): boolean {
  const match = DATE.exec(value);
  if (!match) return false;
  const [, year, month, day] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1;
}

function toUtcDate(date: IsoDate): Date {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day));
}

function fromUtcDate(date: Date): IsoDate {
  return date.toISOString().slice(0, 10);
}

/** The date `days` after (or before) `date`. */
export function addDays(date: IsoDate, days: number): IsoDate {
  const utc = toUtcDate(date);
  utc.setUTCDate(utc.getUTCDate() + days);
  return fromUtcDate(utc);
}

/** 0 for a Monday … 6 for a Sunday. */
export function weekdayOfDate(date: IsoDate): number {
  return (toUtcDate(date).getUTCDay() + 6) % 7;
}

/** The Monday of the week holding `date`. */
export function mondayOf(date: IsoDate): IsoDate {
  return addDays(date, -weekdayOfDate(date));
}

const PARIS_DATE = new Intl.DateTimeFormat("en-CA", {
  timeZone: CLUB_TIMEZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** Today's date in Paris (the club's day changes at its midnight, not UTC's). */
export function parisToday(now: Date = new Date()): IsoDate {
  return PARIS_DATE.format(now);
}

const PARIS_TIME = new Intl.DateTimeFormat("en-GB", {
  timeZone: CLUB_TIMEZONE,
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** Minutes since Paris midnight (a session of today has started when its start is below). */
export function parisMinutes(now: Date = new Date()): number {
  const [hours, minutes] = PARIS_TIME.format(now).split(":").map(Number) as [number, number];
  return hours * 60 + minutes;
}

/**
 * parisToday for hot paths (the page cache asks on every request): the date is read again
 * once a second at most, so the day turns within a second of Paris midnight.
 */
export function parisDayClock(clock: () => number = Date.now): () => IsoDate {
  let day = parisToday(new Date(clock()));
  let readAt = clock();
  return () => {
    const now = clock();
    if (now - readAt >= 1000 || now < readAt) {
      day = parisToday(new Date(now));
      readAt = now;
    }
    return day;
  };
}

const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/** Minutes to add to UTC to get the club's wall-clock time at this instant. */
function parisOffsetMinutes(instant: number): number {
  const parts = new Intl.DateTimeFormat("en-GB", {
    timeZone: CLUB_TIMEZONE,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value);
  const asUtc = Date.UTC(
    get("year"),
    get("month") - 1,
    get("day"),
    get("hour"),
    get("minute"),
    get("second"),
  );
  return Math.round((asUtc - Math.floor(instant / 1000) * 1000) / 60_000);
}

/** The instant of a Paris wall-clock time written as if it were UTC (Date.UTC of its parts). */
function parisWallToInstant(wall: number): number {
  // The offset at the guessed instant, then again at the corrected one (DST changes).
  const instant = wall - parisOffsetMinutes(wall) * 60_000;
  return wall - parisOffsetMinutes(instant) * 60_000;
}

/** The instant of a Paris midnight, as the journal's created_at stores it (UTC ISO). */
export function parisMidnight(date: IsoDate): string {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  return new Date(parisWallToInstant(Date.UTC(year, month - 1, day))).toISOString();
}

/**
 * "2025-03-08T18:30" read as the club's wall-clock time (Europe/Paris, whatever the
 * browser's or the server's zone) → ISO-8601 UTC; null when it is not such a date.
 */
export function clubLocalToIso(value: string): string | null {
  const match = LOCAL_DATE_TIME.exec(value.trim());
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match
    .slice(1)
    .map((part) => Number(part ?? 0)) as [number, number, number, number, number, number];
  const wall = Date.UTC(year, month - 1, day, hour, minute, second);
  const check = new Date(wall);
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day || hour > 23) {
    return null;
  }
  return new Date(parisWallToInstant(wall)).toISOString();
}

/** An ISO instant as the value of a datetime-local input, in the club's time. */
export function isoToClubLocal(iso: string): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return "";
  const local = new Date(time + parisOffsetMinutes(time) * 60_000);
  return local.toISOString().slice(0, 16);
}
