/*
 * iCalendar (RFC 5545) feed of the weekly timetable. Class times are wall-clock times of
 * the club, so every DTSTART/DTEND carries TZID=Europe/Paris and a VTIMEZONE block; never
 * UTC instants, or the classes would move by an hour at each daylight-saving change.
 */
import { weekdayIndex } from "~/content/dates";
import { toMinutes } from "~/content/time";

export const CALENDAR_TIMEZONE = "Europe/Paris";
const BYDAY = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"] as const;
const MAX_LINE_OCTETS = 75;
const utf8 = new TextEncoder();

export interface CalendarActivity {
  id: number;
  title: string;
  /** French weekday name, "Lundi" to "Dimanche". */
  day: string;
  start_time: string;
  end_time: string;
  description?: string;
  categoryLabel?: string;
  ageRange?: string;
  url?: string;
}

export interface CalendarOptions {
  name: string;
  /** Host name used to make UIDs globally unique (e.g. "boxing-meyzieu.fr"). */
  uidDomain: string;
  location?: string;
  /** The moment the feed is built: its Paris date picks each class's first occurrence. */
  now?: Date;
}

/** Escapes a TEXT value: backslash, semicolon, comma and newlines (RFC 5545 §3.3.11). */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n");
}

/**
 * Folds a content line at 75 octets (RFC 5545 §3.1): continuation lines start with one
 * space, and a multi-byte UTF-8 character is never split.
 */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = "";
  let octets = 0;
  for (const char of line) {
    const size = utf8.encode(char).length;
    const limit = parts.length === 0 ? MAX_LINE_OCTETS : MAX_LINE_OCTETS - 1;
    if (octets + size > limit) {
      parts.push(current);
      current = "";
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** The calendar date (year, month, day) and weekday (0 = Monday) of an instant in Paris. */
function parisDate(now: Date): { year: number; month: number; day: number; weekday: number } {
  const parts = new Intl.DateTimeFormat("en-GB", {
    timeZone: CALENDAR_TIMEZONE,
    year: "numeric",
    month: "numeric",
    day: "numeric",
  }).formatToParts(now);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const year = get("year");
  const month = get("month");
  const day = get("day");
  const weekday = (new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7;
  return { year, month, day, weekday };
}

/** Local date-time "YYYYMMDDTHHMMSS" of a day offset from a date, at minutes after midnight. */
function localDateTime(
  date: { year: number; month: number; day: number },
  offsetDays: number,
  minutes: number,
): string {
  const d = new Date(Date.UTC(date.year, date.month - 1, date.day + offsetDays, 0, minutes));
  return (
    `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}` +
    `T${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}00`
  );
}

function utcStamp(now: Date): string {
  return now
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
}

const VTIMEZONE = [
  "BEGIN:VTIMEZONE",
  `TZID:${CALENDAR_TIMEZONE}`,
  "BEGIN:DAYLIGHT",
  "TZOFFSETFROM:+0100",
  "TZOFFSETTO:+0200",
  "TZNAME:CEST",
  "DTSTART:19700329T020000",
  "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU",
  "END:DAYLIGHT",
  "BEGIN:STANDARD",
  "TZOFFSETFROM:+0200",
  "TZOFFSETTO:+0100",
  "TZNAME:CET",
  "DTSTART:19701025T030000",
  "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU",
  "END:STANDARD",
  "END:VTIMEZONE",
];

function eventLines(
  activity: CalendarActivity,
  options: CalendarOptions,
  today: ReturnType<typeof parisDate>,
  stamp: string,
): string[] | null {
  const weekday = weekdayIndex(activity.day);
  const start = toMinutes(activity.start_time);
  let end = toMinutes(activity.end_time);
  if (weekday < 0 || start === null) return null;
  // NOTE: an end before the start is a typo in the admin; one hour keeps the class visible.
  if (end === null || end <= start) end = start + 60;
  const offset = (weekday - today.weekday + 7) % 7;
  const details = [
    activity.description,
    [activity.categoryLabel, activity.ageRange].filter(Boolean).join(" · "),
    activity.url,
  ].filter((line): line is string => Boolean(line?.trim()));
  return [
    "BEGIN:VEVENT",
    `UID:activite-${activity.id}@${options.uidDomain}`,
    `DTSTAMP:${stamp}`,
    `DTSTART;TZID=${CALENDAR_TIMEZONE}:${localDateTime(today, offset, start)}`,
    `DTEND;TZID=${CALENDAR_TIMEZONE}:${localDateTime(today, offset, end)}`,
    `RRULE:FREQ=WEEKLY;BYDAY=${BYDAY[weekday]}`,
    `SUMMARY:${escapeText(activity.title)}`,
    ...(details.length > 0 ? [`DESCRIPTION:${escapeText(details.join("\n"))}`] : []),
    ...(options.location ? [`LOCATION:${escapeText(options.location)}`] : []),
    ...(activity.url ? [`URL:${activity.url}`] : []),
    "END:VEVENT",
  ];
}

/** The whole VCALENDAR text: one weekly recurring VEVENT per activity, CRLF line endings. */
export function buildCalendar(activities: CalendarActivity[], options: CalendarOptions): string {
  const now = options.now ?? new Date();
  const today = parisDate(now);
  const stamp = utcStamp(now);
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:-//${escapeText(options.name)}//Planning//FR`,
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    `X-WR-CALNAME:${escapeText(options.name)}`,
    `X-WR-TIMEZONE:${CALENDAR_TIMEZONE}`,
    "REFRESH-INTERVAL;VALUE=DURATION:P1D",
    ...VTIMEZONE,
    ...activities.flatMap((activity) => eventLines(activity, options, today, stamp) ?? []),
    "END:VCALENDAR",
  ];
  return lines.map(foldLine).join("\r\n") + "\r\n";
}
