import { describe, expect, it } from "vitest";
import { addDays } from "~/core/club-time";
import {
  closuresBetween,
  datedSessions,
  defaultSeason,
  type ScheduleChange,
  type WeeklyClass,
} from "./dated-sessions";

const TUESDAY: WeeklyClass = {
  id: 1,
  title: "Boxe adultes",
  day: "Mardi",
  start_time: "18:00",
  end_time: "19:30",
};
const SATURDAY: WeeklyClass = {
  id: 2,
  title: "Boxe enfants",
  day: "Samedi",
  start_time: "10:00",
  end_time: "11:00",
};
const SEASON = { start: "2026-09-01", end: "2027-06-30" };

const week = (monday: string, changes: ScheduleChange[] = []) =>
  datedSessions([TUESDAY, SATURDAY], {
    season: SEASON,
    changes,
    from: monday,
    to: addDays(monday, 6),
  });

describe("the season", () => {
  it("takes 1 September to 30 June as the season, the coming one from July", () => {
    expect(defaultSeason("2026-11-23")).toEqual(SEASON);
    expect(defaultSeason("2027-06-30")).toEqual(SEASON);
    expect(defaultSeason("2027-07-01")).toEqual({ start: "2027-09-01", end: "2028-06-30" });
  });
});

describe("dated sessions", () => {
  it("repeats the template week inside the season only", () => {
    expect(week("2026-11-30").map((s) => [s.onDate, s.onStart, s.state])).toEqual([
      ["2026-12-01", "18:00", "scheduled"],
      ["2026-12-05", "10:00", "scheduled"],
    ]);
    expect(week("2026-08-24")).toEqual([]);
    // The last week of the season ends on Wednesday 30 June: Tuesday only.
    expect(week("2027-06-28").map((s) => s.onDate)).toEqual(["2027-06-29"]);
  });

  it("keeps the club's times in a daylight-saving week", () => {
    const sessions = week("2027-03-22").concat(week("2027-03-29"));
    expect(sessions.filter((s) => s.activityId === 1).map((s) => s.onStart)).toEqual([
      "18:00",
      "18:00",
    ]);
  });

  it("shows a cancelled session with its reason, on its day", () => {
    const [tuesday] = week("2026-11-30", [
      { id: 1, kind: "cancel", activityId: 1, date: "2026-12-01", reason: "Coach malade" },
    ]);
    expect(tuesday).toMatchObject({
      onDate: "2026-12-01",
      state: "cancelled",
      note: "Coach malade",
    });
  });

  it("shows a moved session at its new date and time, not at its old one", () => {
    const move: ScheduleChange = {
      id: 2,
      kind: "move",
      activityId: 1,
      date: "2026-12-01",
      newDate: "2026-12-03",
      newStart: "19:00",
      newEnd: "20:30",
      reason: "Gymnase réservé mardi",
    };
    expect(week("2026-11-30", [move]).map((s) => [s.onDate, s.onStart, s.state])).toEqual([
      ["2026-12-03", "19:00", "moved"],
      ["2026-12-05", "10:00", "scheduled"],
    ]);
    // Moved into the next week: gone from this one, shown in that one.
    const later = { ...move, newDate: "2026-12-09" };
    expect(week("2026-11-30", [later]).map((s) => s.onDate)).toEqual(["2026-12-05"]);
    expect(week("2026-12-07", [later]).map((s) => [s.date, s.onDate, s.state])).toEqual([
      ["2026-12-08", "2026-12-08", "scheduled"],
      ["2026-12-01", "2026-12-09", "moved"],
      ["2026-12-12", "2026-12-12", "scheduled"],
    ]);
  });

  it("cancels every session of a closure, a session moved into it too", () => {
    const closure: ScheduleChange = {
      id: 3,
      kind: "closure",
      from: "2026-12-19",
      to: "2027-01-03",
      label: "Vacances de Noël",
    };
    const holidays = datedSessions([TUESDAY, SATURDAY], {
      season: SEASON,
      changes: [closure],
      from: "2026-12-14",
      to: "2027-01-10",
    });
    expect(holidays.filter((s) => s.state === "cancelled").map((s) => s.onDate)).toEqual([
      "2026-12-19",
      "2026-12-22",
      "2026-12-26",
      "2026-12-29",
      "2027-01-02",
    ]);
    expect(holidays.every((s) => s.state === "scheduled" || s.note === "Vacances de Noël")).toBe(
      true,
    );
    const intoIt: ScheduleChange = {
      id: 4,
      kind: "move",
      activityId: 1,
      date: "2026-12-15",
      newDate: "2026-12-20",
      newStart: "10:00",
      newEnd: "11:30",
      reason: "",
    };
    const [moved] = week("2026-12-14", [closure, intoIt]);
    expect(moved).toMatchObject({ onDate: "2026-12-15", state: "cancelled" });
    expect(closuresBetween([closure, intoIt], "2026-12-14", "2026-12-20")).toEqual([closure]);
    expect(closuresBetween([closure], "2027-01-04", "2027-01-10")).toEqual([]);
  });
});
