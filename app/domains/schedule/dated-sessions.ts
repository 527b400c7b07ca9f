/*
 * The weekly timetable turned into dated sessions: the template week repeated
 * over the season, minus the sessions a change cancels or a closure covers, with moved
 * sessions at their new date and time. Pure: the public views, the activity pages, the
 * home banner and /planning.ics all read it, so they cannot disagree.
 *
 * Dates are calendar dates of the club, in Europe/Paris ("YYYY-MM-DD"), and times are its
 * wall-clock times ("18:00"): a class at 18:00 stays at 18:00 across daylight saving.
 */
import { addDays, isIsoDate, weekdayIndex, weekdayOfDate, type IsoDate } from "~/core/club-time";
import { toMinutes } from "~/core/time-of-day";

/** The season's first and last day: outside it the template week is not repeated. */
export interface Season {
  start: IsoDate;
  end: IsoDate;
}

/** One change to the dated timetable, as the admin's "Changements" tab records it. */
export type ScheduleChange =
  | { id: number; kind: "cancel"; activityId: number; date: IsoDate; reason: string }
  | {
      id: number;
      kind: "move";
      activityId: number;
      /** The date the template gives the session (it keeps its identity). */
      date: IsoDate;
      newDate: IsoDate;
      newStart: string;
      newEnd: string;
      reason: string;
    }
  | { id: number; kind: "closure"; from: IsoDate; to: IsoDate; label: string };

/** What the expansion needs of an activity of the template week. */
export interface WeeklyClass {
  id: number;
  title: string;
  /** French weekday name, "Lundi" to "Dimanche". */
  day: string;
  start_time: string;
  end_time: string;
}

export type SessionState = "scheduled" | "cancelled" | "moved";

export interface DatedSession {
  activityId: number;
  title: string;
  /** The date the template gives it: with the activity, the session's identity. */
  date: IsoDate;
  /** The template's times. */
  start: string;
  end: string;
  state: SessionState;
  /** Where it takes place: its own date and times, or the new ones of a move. */
  onDate: IsoDate;
  onStart: string;
  onEnd: string;
  /** Said to visitors: a cancellation's or move's reason, a closure's label. */
  note: string;
}

/**
 * The season holding `today` by default: 1 September to 30 June. In July and August the
 * coming season is the current one (the club prepares its rentrée).
 */
export function defaultSeason(today: IsoDate): Season {
  const [year, month] = today.split("-").map(Number) as [number, number];
  const first = month >= 7 ? year : year - 1;
  return { start: `${first}-09-01`, end: `${first + 1}-06-30` };
}

/**
 * The season in force: the one set in the "Changements" tab when both its days are
 * dates, else the default season around `today`.
 */
export function seasonOf(stored: { start: string; end: string }, today: IsoDate): Season {
  return isIsoDate(stored.start) && isIsoDate(stored.end)
    ? { start: stored.start, end: stored.end }
    : defaultSeason(today);
}

/** The closure covering `date`, if any. */
function closureOn(changes: ScheduleChange[], date: IsoDate) {
  return changes.find(
    (change): change is Extract<ScheduleChange, { kind: "closure" }> =>
      change.kind === "closure" && change.from <= date && date <= change.to,
  );
}

/** The template's session of `activity` on `date`, with the changes that apply to it. */
export function sessionOn(
  activity: WeeklyClass,
  date: IsoDate,
  changes: ScheduleChange[],
): DatedSession {
  const base: DatedSession = {
    activityId: activity.id,
    title: activity.title,
    date,
    start: activity.start_time,
    end: activity.end_time,
    state: "scheduled",
    onDate: date,
    onStart: activity.start_time,
    onEnd: activity.end_time,
    note: "",
  };
  const own = changes.find(
    (change) =>
      change.kind !== "closure" && change.activityId === activity.id && change.date === date,
  );
  if (own?.kind === "cancel") return { ...base, state: "cancelled", note: own.reason };
  if (own?.kind === "move") {
    const moved: DatedSession = {
      ...base,
      state: "moved",
      onDate: own.newDate,
      onStart: own.newStart,
      onEnd: own.newEnd,
      note: own.reason,
    };
    // Moved into a closure: it does not take place either (shown on its own date).
    const closed = closureOn(changes, own.newDate);
    return closed ? { ...base, state: "cancelled", note: closed.label } : moved;
  }
  const closed = closureOn(changes, date);
  return closed ? { ...base, state: "cancelled", note: closed.label } : base;
}

/** True when the season repeats `activity` on `date` (its weekday, inside the season). */
export function isTemplateDate(activity: WeeklyClass, date: IsoDate, season: Season): boolean {
  return (
    season.start <= date && date <= season.end && weekdayIndex(activity.day) === weekdayOfDate(date)
  );
}

/**
 * Every session taking place (or cancelled) from `from` to `to` included, by the date it
 * happens on, then its time: the template's sessions of those days, and sessions moved
 * into those days from elsewhere in the season.
 */
export function datedSessions(
  activities: WeeklyClass[],
  {
    season,
    changes,
    from,
    to,
  }: { season: Season; changes: ScheduleChange[]; from: IsoDate; to: IsoDate },
): DatedSession[] {
  const sessions: DatedSession[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) {
    for (const activity of activities) {
      if (!isTemplateDate(activity, date, season)) continue;
      const session = sessionOn(activity, date, changes);
      // A session moved to another day shows on that day (below).
      if (session.onDate === date) sessions.push(session);
    }
  }
  for (const change of changes) {
    if (change.kind !== "move" || change.date === change.newDate) continue;
    if (change.newDate < from || change.newDate > to) continue;
    const activity = activities.find((one) => one.id === change.activityId);
    if (!activity || !isTemplateDate(activity, change.date, season)) continue;
    const session = sessionOn(activity, change.date, changes);
    if (session.state === "moved") sessions.push(session);
  }
  return sessions.sort(compareSessions);
}

/** The order sessions take place in: date, start time, then activity. */
export function compareSessions(
  a: Pick<DatedSession, "onDate" | "onStart" | "activityId">,
  b: Pick<DatedSession, "onDate" | "onStart" | "activityId">,
): number {
  return (
    a.onDate.localeCompare(b.onDate) ||
    (toMinutes(a.onStart) ?? 0) - (toMinutes(b.onStart) ?? 0) ||
    a.activityId - b.activityId
  );
}

/** The closures that cover at least one day from `from` to `to`. */
export function closuresBetween(
  changes: ScheduleChange[],
  from: IsoDate,
  to: IsoDate,
): Extract<ScheduleChange, { kind: "closure" }>[] {
  return changes.filter(
    (change): change is Extract<ScheduleChange, { kind: "closure" }> =>
      change.kind === "closure" && change.from <= to && change.to >= from,
  );
}
