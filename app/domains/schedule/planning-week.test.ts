import { describe, expect, it } from "vitest";
import type { ScheduleChange } from "./dated-sessions";
import { datedWeek, templateWeek, type PlanningClass } from "./planning-week";

const klass = (id: number, day: string, start: string, end: string): PlanningClass => ({
  id,
  title: `Cours ${id}`,
  day,
  start_time: start,
  end_time: end,
  category: "adult",
  color: "#5ECFCB",
  position_x: null,
  width: null,
});
const TUESDAY = klass(1, "Mardi", "18h00", "19h30");
const MONDAY = klass(2, "Lundi", "19:00", "20:30");
const SATURDAY = klass(3, "Samedi", "10h00", "11h00");
const CLASSES = [SATURDAY, TUESDAY, MONDAY];
const SEASON = { start: "2026-09-01", end: "2027-06-30" };
// Thursday 26 November 2026: the week of Monday 23.
const TODAY = "2026-11-26";

const week = (monday: string, changes: ScheduleChange[] = [], season = SEASON) =>
  datedWeek(CLASSES, { season, changes, monday, today: TODAY });

const summary = (monday: string, changes: ScheduleChange[] = []) =>
  week(monday, changes).entries.map((e) => [e.id, e.day, e.date, e.state, e.note]);

describe("datedWeek", () => {
  it("shows each class once, on its date, in week order", () => {
    expect(summary("2026-11-23")).toEqual([
      [2, "Lundi", "2026-11-23", "scheduled", ""],
      [1, "Mardi", "2026-11-24", "scheduled", ""],
      [3, "Samedi", "2026-11-28", "scheduled", ""],
    ]);
  });

  it("marks the days before today as past and today as today", () => {
    const { days } = week("2026-11-23");
    expect(days.map((d) => d.date)).toEqual([
      "2026-11-23",
      "2026-11-24",
      "2026-11-25",
      "2026-11-26",
      "2026-11-27",
      "2026-11-28",
      "2026-11-29",
    ]);
    expect(days.map((d) => d.past)).toEqual([true, true, true, false, false, false, false]);
    expect(days.map((d) => d.today)).toEqual([false, false, false, true, false, false, false]);
    expect(week("2026-11-30").days.some((d) => d.past || d.today)).toBe(false);
  });

  it("puts a cancellation on the class itself, with its reason", () => {
    const cancel: ScheduleChange = {
      id: 1,
      kind: "cancel",
      activityId: 1,
      date: "2026-12-01",
      reason: "Coach malade",
    };
    expect(summary("2026-11-30", [cancel])).toContainEqual([
      1,
      "Mardi",
      "2026-12-01",
      "cancelled",
      "Coach malade",
    ]);
    // Not the week before.
    expect(summary("2026-11-23", [cancel])).toContainEqual([
      1,
      "Mardi",
      "2026-11-24",
      "scheduled",
      "",
    ]);
  });

  it("keeps a moved class at its place, saying where it goes, once", () => {
    const move: ScheduleChange = {
      id: 2,
      kind: "move",
      activityId: 1,
      date: "2026-12-01",
      newDate: "2026-12-03",
      newStart: "19:00",
      newEnd: "20:30",
      reason: "Gymnase réservé",
    };
    const { entries } = week("2026-11-30", [move]);
    expect(entries.filter((e) => e.id === 1)).toHaveLength(1);
    expect(entries.find((e) => e.id === 1)).toMatchObject({
      day: "Mardi",
      start_time: "18h00",
      state: "moved",
      note: "Gymnase réservé",
      movedTo: { date: "2026-12-03", start: "19:00", end: "20:30" },
      movedFrom: null,
    });
  });

  it("shows a session moved in from another week on its new day, saying where it was due", () => {
    const move: ScheduleChange = {
      id: 3,
      kind: "move",
      activityId: 1,
      date: "2026-12-08",
      newDate: "2026-12-05",
      newStart: "14:00",
      newEnd: "15:30",
      reason: "",
    };
    const { entries } = week("2026-11-30", [move]);
    expect(entries.map((e) => [e.key, e.day, e.start_time, e.state])).toEqual([
      ["2-2026-11-30", "Lundi", "19:00", "scheduled"],
      ["1-2026-12-01", "Mardi", "18h00", "scheduled"],
      ["3-2026-12-05", "Samedi", "10h00", "scheduled"],
      ["1-2026-12-08", "Samedi", "14:00", "moved"],
    ]);
    expect(entries[3]).toMatchObject({
      date: "2026-12-05",
      movedFrom: { date: "2026-12-08", start: "18h00", end: "19h30" },
      movedTo: null,
    });
    // Its own week shows it moved away.
    expect(week("2026-12-07", [move]).entries.find((e) => e.id === 1)?.movedTo).toEqual({
      date: "2026-12-05",
      start: "14:00",
      end: "15:30",
    });
  });

  it("cancels the classes of a closure with its label, and lists the closure", () => {
    const closure: ScheduleChange = {
      id: 4,
      kind: "closure",
      from: "2026-12-19",
      to: "2027-01-03",
      label: "Vacances de Noël",
    };
    const christmas = week("2026-12-14", [closure]);
    expect(christmas.entries.map((e) => [e.id, e.state, e.note])).toEqual([
      [2, "scheduled", ""],
      [1, "scheduled", ""],
      [3, "cancelled", "Vacances de Noël"],
    ]);
    expect(christmas.closures).toEqual([closure]);
    expect(week("2027-01-04", [closure]).closures).toEqual([]);
  });

  it("holds no class outside the season, and says when the whole week is", () => {
    const summer = week("2026-08-24");
    expect(summer.entries).toEqual([]);
    expect(summer.outOfSeason).toBe(true);
    // The season starts on a Wednesday: Monday and Tuesday are not held.
    const first = week("2026-08-31", [], { start: "2026-09-02", end: "2027-06-30" });
    expect(first.entries.map((e) => e.id)).toEqual([3]);
    expect(first.outOfSeason).toBe(false);
  });
});

describe("templateWeek", () => {
  it("lists every class as scheduled, without dates", () => {
    expect(templateWeek([TUESDAY]).map((e) => [e.key, e.date, e.state, e.movedTo])).toEqual([
      ["1", null, "scheduled", null],
    ]);
  });
});
