/*
 * iCalendar (RFC 5545) feed of the timetable. Class times are wall-clock times of the
 * club, so every DTSTART/DTEND carries TZID=Europe/Paris and a VTIMEZONE block; never
 * UTC instants, or the classes would move by an hour at each daylight-saving change.
 * Each activity is one weekly VEVENT bounded by the season (UNTIL); a cancelled session,
 * or one inside a closure, is an EXDATE; a moved one is an override VEVENT with its
 * RECURRENCE-ID (app/domains/schedule/dated-sessions.ts decides which is which).
 */
import {
  addDays,
  CLUB_TIMEZONE,
  clubLocalToIso,
  weekdayIndex,
  weekdayOfDate,
  type IsoDate,
} from "~/core/club-time";
import { sessionOn, type ScheduleChange, type Season } from "~/domains/schedule/dated-sessions";
import { toMinutes } from "~/core/time-of-day";

export const CALENDAR_TIMEZONE = CLUB_TIMEZONE;
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
  /** The weekly events run from the season's first day to its last. */
  season: Season;
  /** Cancellations, moves and closures (the admin's "Changements"). */
  changes: ScheduleChange[];
  /** The moment the feed is built (DTSTAMP). */
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

/** Local date-time "YYYYMMDDTHHMMSS" of a club date at `minutes` after its midnight. */
function localDateTime(date: IsoDate, minutes: number): string {
  const day = addDays(date, Math.floor(minutes / 1440));
  const rest = minutes % 1440;
  return `${day.replaceAll("-", "")}T${pad(Math.floor(rest / 60))}${pad(rest % 60)}00`;
}

/** The UTC instant of the last second of `date` in Paris, for UNTIL (which must be UTC). */
function endOfParisDay(date: IsoDate): string {
  return utcStamp(new Date(clubLocalToIso(`${date}T23:59:59`)!));
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

/** The minutes of a class's start and end; an end before the start gives one hour. */
function classMinutes(start: string, end: string): { start: number; end: number } | null {
  const from = toMinutes(start);
  let to = toMinutes(end);
  if (from === null) return null;
  // NOTE: an end before the start is a typo in the admin; one hour keeps the class visible.
  if (to === null || to <= from) to = from + 60;
  return { start: from, end: to };
}

function eventLines(activity: CalendarActivity, options: CalendarOptions, stamp: string): string[] {
  const weekday = weekdayIndex(activity.day);
  const times = classMinutes(activity.start_time, activity.end_time);
  if (weekday < 0 || !times) return [];
  const { season, changes } = options;
  const first = addDays(season.start, (weekday - weekdayOfDate(season.start) + 7) % 7);
  if (first > season.end) return [];
  const details = [
    activity.description,
    [activity.categoryLabel, activity.ageRange].filter(Boolean).join(" · "),
    activity.url,
  ].filter((line): line is string => Boolean(line?.trim()));
  const uid = `UID:activite-${activity.id}@${options.uidDomain}`;
  const texts = [
    ...(options.location ? [`LOCATION:${escapeText(options.location)}`] : []),
    ...(activity.url ? [`URL:${activity.url}`] : []),
  ];
  const exdates: string[] = [];
  const overrides: string[][] = [];
  for (let date = first; date <= season.end; date = addDays(date, 7)) {
    const session = sessionOn(activity, date, changes);
    const original = localDateTime(date, times.start);
    if (session.state === "cancelled") exdates.push(original);
    if (session.state !== "moved") continue;
    const moved = classMinutes(session.onStart, session.onEnd) ?? times;
    overrides.push([
      "BEGIN:VEVENT",
      uid,
      `RECURRENCE-ID;TZID=${CALENDAR_TIMEZONE}:${original}`,
      `DTSTAMP:${stamp}`,
      `DTSTART;TZID=${CALENDAR_TIMEZONE}:${localDateTime(session.onDate, moved.start)}`,
      `DTEND;TZID=${CALENDAR_TIMEZONE}:${localDateTime(session.onDate, moved.end)}`,
      `SUMMARY:${escapeText(`${activity.title} (déplacé)`)}`,
      `DESCRIPTION:${escapeText([session.note, ...details].filter(Boolean).join("\n"))}`,
      ...texts,
      "END:VEVENT",
    ]);
  }
  return [
    "BEGIN:VEVENT",
    uid,
    `DTSTAMP:${stamp}`,
    `DTSTART;TZID=${CALENDAR_TIMEZONE}:${localDateTime(first, times.start)}`,
    `DTEND;TZID=${CALENDAR_TIMEZONE}:${localDateTime(first, times.end)}`,
    `RRULE:FREQ=WEEKLY;BYDAY=${BYDAY[weekday]};UNTIL=${endOfParisDay(season.end)}`,
    ...(exdates.length > 0 ? [`EXDATE;TZID=${CALENDAR_TIMEZONE}:${exdates.join(",")}`] : []),
    `SUMMARY:${escapeText(activity.title)}`,
    ...(details.length > 0 ? [`DESCRIPTION:${escapeText(details.join("\n"))}`] : []),
    ...texts,
    "END:VEVENT",
    ...overrides.flat(),
  ];
}

/**
 * The whole VCALENDAR text, CRLF line endings: one weekly VEVENT per activity over the
 * season, and one override per moved session.
 */
export function buildCalendar(activities: CalendarActivity[], options: CalendarOptions): string {
  const stamp = utcStamp(options.now ?? new Date());
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
    ...activities.flatMap((activity) => eventLines(activity, options, stamp)),
    "END:VCALENDAR",
  ];
  return lines.map(foldLine).join("\r\n") + "\r\n";
}

/** One dated session as its own event (a trial booking's invitation). */
export interface SessionEvent {
  /** Stable across updates of the same booking, so a calendar replaces the event. */
  uid: string;
  /** Raised by each update (a moved session): a calendar keeps the highest. */
  sequence: number;
  title: string;
  date: IsoDate;
  start: string;
  end: string;
  description?: string;
  location?: string;
  url?: string;
}

/** A VCALENDAR holding one session at its Paris wall-clock times, CRLF line endings. */
export function buildSessionCalendar(
  event: SessionEvent,
  { name, now = new Date() }: { name: string; now?: Date },
): string {
  const times = classMinutes(event.start, event.end);
  if (!times) throw new Error(`Horaire invalide : ${event.start}`);
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:-//${escapeText(name)}//Essai//FR`,
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    ...VTIMEZONE,
    "BEGIN:VEVENT",
    `UID:${event.uid}`,
    `SEQUENCE:${event.sequence}`,
    `DTSTAMP:${utcStamp(now)}`,
    `DTSTART;TZID=${CALENDAR_TIMEZONE}:${localDateTime(event.date, times.start)}`,
    `DTEND;TZID=${CALENDAR_TIMEZONE}:${localDateTime(event.date, times.end)}`,
    `SUMMARY:${escapeText(event.title)}`,
    ...(event.description ? [`DESCRIPTION:${escapeText(event.description)}`] : []),
    ...(event.location ? [`LOCATION:${escapeText(event.location)}`] : []),
    ...(event.url ? [`URL:${event.url}`] : []),
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return lines.map(foldLine).join("\r\n") + "\r\n";
}
