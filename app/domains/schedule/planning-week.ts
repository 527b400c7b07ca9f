/*
 * One week of /planning as the timetable draws it: each class once, at its place in the
 * template week, carrying what happens to it that week (cancelled with its reason, moved
 * elsewhere, or taking place), and the days with their dates, past or today. Pure: built
 * from the same expansion as the feed and the activity pages (dated-sessions.ts).
 */
import {
  addDays,
  FRENCH_WEEKDAYS,
  type IsoDate,
  weekdayIndex,
  weekdayOfDate,
} from "~/core/club-time";
import {
  closuresBetween,
  isTemplateDate,
  sessionOn,
  type ScheduleChange,
  type Season,
  type SessionState,
  type WeeklyClass,
} from "./dated-sessions";
import type { ActivityCategory } from "~/domains/content";
import { toMinutes } from "~/core/time-of-day";

/** What the timetable needs of an activity of the template week. */
export interface PlanningClass extends WeeklyClass {
  category: ActivityCategory;
  color: string;
  position_x: number | null;
  width: number | null;
}

/** A date and times a session moves from or to. */
export interface SessionSlot {
  date: IsoDate;
  start: string;
  end: string;
}

/**
 * A class drawn in the timetable: where it sits (`day`, `start_time`, `end_time`) and, in
 * a dated week, its date and state. In the template week `date` is null and the state is
 * always "scheduled".
 */
export interface TimetableEntry extends PlanningClass {
  /** Unique in the week (a class may also show a session moved in from another week). */
  key: string;
  date: IsoDate | null;
  state: SessionState;
  /** A cancellation's or move's reason, or the closure's label. */
  note: string;
  /** Moved away from this place: where it takes place instead. */
  movedTo: SessionSlot | null;
  /** Moved here from another week: where it was due. */
  movedFrom: SessionSlot | null;
}

export interface WeekDay {
  date: IsoDate;
  past: boolean;
  today: boolean;
}

export type Closure = Extract<ScheduleChange, { kind: "closure" }>;

export interface PlanningWeek {
  monday: IsoDate;
  days: WeekDay[];
  entries: TimetableEntry[];
  closures: Closure[];
  /** No day of the week is in the season: the club has no classes then. */
  outOfSeason: boolean;
}

const scheduled = (activity: PlanningClass) => ({
  ...activity,
  date: null,
  state: "scheduled" as const,
  note: "",
  movedTo: null,
  movedFrom: null,
});

/** The order of a week: day, start time, then activity. */
function byDayAndTime(a: TimetableEntry, b: TimetableEntry): number {
  return (
    weekdayIndex(a.day) - weekdayIndex(b.day) ||
    (toMinutes(a.start_time) ?? 0) - (toMinutes(b.start_time) ?? 0) ||
    a.id - b.id
  );
}

/** The template week: every class as the season repeats it. */
export function templateWeek(activities: PlanningClass[]): TimetableEntry[] {
  return activities
    .map((activity) => ({ ...scheduled(activity), key: `${activity.id}` }))
    .sort(byDayAndTime);
}

/**
 * The week from `monday`: each class on its day of the week when the season holds that
 * day, with its change applied on the class itself; and, on their new day, the sessions
 * of other weeks moved into this one (a parent of that class must find them too).
 */
export function datedWeek(
  activities: PlanningClass[],
  {
    season,
    changes,
    monday,
    today,
  }: { season: Season; changes: ScheduleChange[]; monday: IsoDate; today: IsoDate },
): PlanningWeek {
  const dates = Array.from({ length: 7 }, (_, i) => addDays(monday, i));
  const sunday = dates[6]!;
  const entries: TimetableEntry[] = [];
  for (const activity of activities) {
    const date = dates[weekdayIndex(activity.day)];
    if (!date || !isTemplateDate(activity, date, season)) continue;
    const session = sessionOn(activity, date, changes);
    const moved = session.state === "moved";
    entries.push({
      ...scheduled(activity),
      key: `${activity.id}-${date}`,
      date,
      state: session.state,
      note: session.note,
      movedTo: moved ? { date: session.onDate, start: session.onStart, end: session.onEnd } : null,
    });
  }
  for (const change of changes) {
    if (change.kind !== "move" || change.newDate < monday || change.newDate > sunday) continue;
    if (change.date >= monday && change.date <= sunday) continue;
    const activity = activities.find((one) => one.id === change.activityId);
    if (!activity || !isTemplateDate(activity, change.date, season)) continue;
    const session = sessionOn(activity, change.date, changes);
    if (session.state !== "moved") continue;
    entries.push({
      ...scheduled(activity),
      key: `${activity.id}-${change.date}`,
      day: FRENCH_WEEKDAYS[weekdayOfDate(session.onDate)]!,
      start_time: session.onStart,
      end_time: session.onEnd,
      date: session.onDate,
      state: "moved",
      note: session.note,
      movedFrom: { date: session.date, start: session.start, end: session.end },
    });
  }
  return {
    monday,
    days: dates.map((date) => ({ date, past: date < today, today: date === today })),
    entries: entries.sort(byDayAndTime),
    closures: closuresBetween(changes, monday, sunday),
    outOfSeason: sunday < season.start || monday > season.end,
  };
}
