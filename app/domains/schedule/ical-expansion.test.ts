import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import {
  datedSessions,
  type ScheduleChange,
  type WeeklyClass,
} from "~/domains/schedule/dated-sessions";
import { toMinutes } from "~/core/time-of-day";
import { buildCalendar } from "./ical";

/*
 * /planning.ics read by a real iCalendar library (ical.js, as calendar apps do): its
 * expansion over a stretch of the season gives exactly the sessions the site shows,
 * cancellations, closures and moves included, at the club's wall-clock times.
 */

const TUESDAY: WeeklyClass = {
  id: 1,
  title: "Boxe adultes",
  day: "Mardi",
  start_time: "18h00",
  end_time: "19h30",
};
const SATURDAY: WeeklyClass = {
  id: 2,
  title: "Boxe enfants",
  day: "Samedi",
  start_time: "10h00",
  end_time: "11h00",
};
const SEASON = { start: "2026-09-01", end: "2027-06-30" };

/** Every occurrence the feed yields from `from` to `to`, as "date start-end title". */
function expandFeed(text: string, from: string, to: string): string[] {
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const zone of calendar.getAllSubcomponents("vtimezone")) {
    ICAL.TimezoneService.register(zone);
  }
  const events = calendar.getAllSubcomponents("vevent").map((vevent) => new ICAL.Event(vevent));
  const masters = events.filter((event) => !event.isRecurrenceException());
  for (const exception of events.filter((event) => event.isRecurrenceException())) {
    masters.find((master) => master.uid === exception.uid)?.relateException(exception);
  }
  const found: string[] = [];
  const limit = ICAL.Time.fromDateString(to).toUnixTime() + 86_400 * 40;
  for (const master of masters) {
    const iterator = master.iterator();
    for (let next = iterator.next(); next; next = iterator.next()) {
      if (next.toUnixTime() > limit) break;
      const { startDate, endDate, item } = master.getOccurrenceDetails(next);
      const day = startDate.toString().slice(0, 10);
      if (day < from || day > to) continue;
      const time = (t: ICAL.Time) => `${t.hour}h${String(t.minute).padStart(2, "0")}`;
      found.push(`${day} ${time(startDate)}-${time(endDate)} ${item.summary}`);
    }
  }
  return found.sort();
}

/** The sessions the site shows as taking place, written like expandFeed's. */
function sitePlan(changes: ScheduleChange[], from: string, to: string): string[] {
  return datedSessions([TUESDAY, SATURDAY], { season: SEASON, changes, from, to })
    .filter((session) => session.state !== "cancelled")
    .map((session) => {
      const time = (text: string) => {
        const minutes = toMinutes(text)!;
        return `${Math.floor(minutes / 60)}h${String(minutes % 60).padStart(2, "0")}`;
      };
      const title = session.state === "moved" ? `${session.title} (déplacé)` : session.title;
      return `${session.onDate} ${time(session.onStart)}-${time(session.onEnd)} ${title}`;
    })
    .sort();
}

function feed(changes: ScheduleChange[]): string {
  return buildCalendar([TUESDAY, SATURDAY], {
    name: "Boxing Club de Meyzieu",
    uidDomain: "club.example",
    season: SEASON,
    changes,
    now: new Date("2026-11-25T10:00:00Z"),
  });
}

const CHANGES: ScheduleChange[] = [
  { id: 1, kind: "cancel", activityId: 1, date: "2026-12-01", reason: "Coach malade" },
  {
    id: 2,
    kind: "move",
    activityId: 2,
    date: "2026-12-05",
    newDate: "2026-12-06",
    newStart: "14h00",
    newEnd: "15h30",
    reason: "Gymnase pris samedi",
  },
  { id: 3, kind: "closure", from: "2026-12-19", to: "2027-01-03", label: "Vacances de Noël" },
];

describe("/planning.ics expanded by ical.js", () => {
  it("yields the sessions the site shows: a cancellation, a move and a closure", () => {
    const from = "2026-11-23";
    const to = "2027-01-17";
    const expanded = expandFeed(feed(CHANGES), from, to);
    expect(expanded).toEqual(sitePlan(CHANGES, from, to));
    expect(expanded).not.toContain("2026-12-01 18h00-19h30 Boxe adultes");
    expect(expanded).toContain("2026-12-06 14h00-15h30 Boxe enfants (déplacé)");
    expect(expanded.filter((line) => line.startsWith("2026-12-2"))).toEqual([]);
    expect(expanded).toContain("2027-01-05 18h00-19h30 Boxe adultes");
  });

  it("keeps 18h00 on both sides of the change to summer time", () => {
    const expanded = expandFeed(feed([]), "2027-03-22", "2027-04-04");
    expect(expanded.filter((line) => line.includes("Boxe adultes"))).toEqual([
      "2027-03-23 18h00-19h30 Boxe adultes",
      "2027-03-30 18h00-19h30 Boxe adultes",
    ]);
  });

  it("stops with the season and starts with it", () => {
    const end = expandFeed(feed([]), "2027-06-21", "2027-07-31");
    expect(end).toEqual([
      "2027-06-22 18h00-19h30 Boxe adultes",
      "2027-06-26 10h00-11h00 Boxe enfants",
      "2027-06-29 18h00-19h30 Boxe adultes",
    ]);
    const start = expandFeed(feed([]), "2026-08-01", "2026-09-06");
    expect(start).toEqual([
      "2026-09-01 18h00-19h30 Boxe adultes",
      "2026-09-05 10h00-11h00 Boxe enfants",
    ]);
  });
});
