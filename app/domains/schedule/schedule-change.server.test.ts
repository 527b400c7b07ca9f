import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { trackTablesRead } from "~/db/tables-read.server";
import { createActivity } from "../../../tests/factories";
import {
  createScheduleChange,
  deleteScheduleChange,
  getComingChanges,
  getDatedSessions,
  getScheduleChanges,
  getSeason,
  saveSeason,
  ScheduleChangeError,
  updateScheduleChange,
} from "./schedule-change.server";
import { onSessionChange, type SessionNotice } from "./session-notice.server";
import { NotFoundError, StaleSaveError } from "../../utils/stale.server";

// The season of these tests (set below, whatever today is): Tuesdays 1, 8, 15, 22 and 29
// December 2026 hold the Tuesday class.
const SEASON = { start: "2026-09-01", end: "2027-06-30" };

let tuesday: { id: number };
let notices: SessionNotice[];
let stopListening: () => void;

beforeEach(async () => {
  await getDb().deleteFrom("schedule_changes").execute();
  await getDb().deleteFrom("schedule_activities").execute();
  const season = await getDb()
    .selectFrom("site_settings")
    .select("updated_at")
    .where("category", "=", "season")
    .executeTakeFirst();
  await saveSeason({ season: SEASON, loadedAt: season?.updated_at ?? null });
  tuesday = await createActivity({
    title: "Boxe adultes",
    day: "Mardi",
    start_time: "18h00",
    end_time: "19h30",
  });
  notices = [];
  stopListening = onSessionChange((notice) => {
    notices.push(notice);
  });
});

afterEach(() => stopListening());

const december = () => getDatedSessions({ from: "2026-11-30", to: "2026-12-31" });

describe("schedule changes", () => {
  it("cancels one session with its reason, and tells the notice hook once", async () => {
    await createScheduleChange({
      kind: "cancel",
      activityId: tuesday.id,
      date: "2026-12-08",
      reason: "Coach malade",
    });
    const { sessions } = await december();
    expect(sessions.map((s) => [s.onDate, s.state, s.note])).toEqual([
      ["2026-12-01", "scheduled", ""],
      ["2026-12-08", "cancelled", "Coach malade"],
      ["2026-12-15", "scheduled", ""],
      ["2026-12-22", "scheduled", ""],
      ["2026-12-29", "scheduled", ""],
    ]);
    expect(notices.map((n) => [n.change, n.session.date, n.session.title])).toEqual([
      ["cancelled", "2026-12-08", "Boxe adultes"],
    ]);
  });

  it("refuses a session that does not exist, and a second change of the same session", async () => {
    const wrongDay = createScheduleChange({
      kind: "cancel",
      activityId: tuesday.id,
      date: "2026-12-09",
      reason: "",
    });
    await expect(wrongDay).rejects.toThrow(ScheduleChangeError);
    await expect(wrongDay).rejects.toThrow("Ce cours n'a pas lieu ce jour-là");
    const outOfSeason = createScheduleChange({
      kind: "cancel",
      activityId: tuesday.id,
      date: "2027-07-06",
      reason: "",
    });
    await expect(outOfSeason).rejects.toThrow("Ce cours n'a pas lieu ce jour-là");
    await createScheduleChange({
      kind: "cancel",
      activityId: tuesday.id,
      date: "2026-12-08",
      reason: "",
    });
    await expect(
      createScheduleChange({
        kind: "move",
        activityId: tuesday.id,
        date: "2026-12-08",
        newDate: "2026-12-10",
        newStart: "18h00",
        newEnd: "19h30",
        reason: "",
      }),
    ).rejects.toThrow("Cette séance a déjà un changement");
    expect(await getScheduleChanges()).toHaveLength(1);
  });

  it("moves a session; a closure cancels every session it covers", async () => {
    await createScheduleChange({
      kind: "move",
      activityId: tuesday.id,
      date: "2026-12-01",
      newDate: "2026-12-03",
      newStart: "19h00",
      newEnd: "20h30",
      reason: "Gymnase réservé",
    });
    await createScheduleChange({
      kind: "closure",
      from: "2026-12-19",
      to: "2027-01-03",
      label: "Vacances de Noël",
    });
    const { sessions } = await december();
    expect(sessions.map((s) => [s.onDate, s.onStart, s.state])).toEqual([
      ["2026-12-03", "19h00", "moved"],
      ["2026-12-08", "18h00", "scheduled"],
      ["2026-12-15", "18h00", "scheduled"],
      ["2026-12-22", "18h00", "cancelled"],
      ["2026-12-29", "18h00", "cancelled"],
    ]);
    expect(notices.map((n) => [n.change, n.session.date])).toEqual([
      ["moved", "2026-12-01"],
      ["cancelled", "2026-12-22"],
      ["cancelled", "2026-12-29"],
    ]);
  });

  it("edits a change made on the version shown, refuses a stale edit, deletes and gives back", async () => {
    const id = await createScheduleChange({
      kind: "cancel",
      activityId: tuesday.id,
      date: "2026-12-08",
      reason: "Coach malade",
    });
    const [stored] = await getScheduleChanges();
    await updateScheduleChange({
      id,
      values: { kind: "cancel", activityId: tuesday.id, date: "2026-12-15", reason: "Compétition" },
      loadedAt: stored!.updated_at,
    });
    await expect(
      updateScheduleChange({
        id,
        values: { kind: "cancel", activityId: tuesday.id, date: "2026-12-22", reason: "" },
        loadedAt: stored!.updated_at,
      }),
    ).rejects.toThrow(StaleSaveError);
    expect(notices.map((n) => [n.change, n.session.date])).toEqual([
      ["cancelled", "2026-12-08"],
      ["restored", "2026-12-08"],
      ["cancelled", "2026-12-15"],
    ]);
    notices = [];
    await deleteScheduleChange({ id });
    expect(notices.map((n) => [n.change, n.session.date])).toEqual([["restored", "2026-12-15"]]);
    await expect(deleteScheduleChange({ id })).rejects.toThrow(NotFoundError);
    expect((await december()).sessions.every((s) => s.state === "scheduled")).toBe(true);
  });

  it("repeats the week inside the season set, and falls back on September to June", async () => {
    const [row] = await getDb()
      .selectFrom("site_settings")
      .select("updated_at")
      .where("category", "=", "season")
      .execute();
    await saveSeason({
      season: { start: "2026-12-07", end: "2026-12-20" },
      loadedAt: row!.updated_at,
    });
    expect((await december()).sessions.map((s) => s.onDate)).toEqual(["2026-12-08", "2026-12-15"]);
    await getDb().deleteFrom("site_settings").where("category", "=", "season").execute();
    expect(await getSeason("2026-11-25")).toEqual(SEASON);
  });

  it("reads the timetable for the home banner only when the coming week has a change", async () => {
    const banner = async (today: string) => {
      let result: Awaited<ReturnType<typeof getComingChanges>> | undefined;
      let done: Promise<void> = Promise.resolve();
      const reads = trackTablesRead(() => {
        done = getComingChanges(today).then((value) => void (result = value));
      });
      await done;
      return { result: result!, tables: [...reads.tables].sort() };
    };
    const quiet = await banner("2026-12-07");
    expect(quiet.result).toEqual({ cancelled: [], closures: [] });
    expect(quiet.tables).not.toContain("schedule_activities");

    await createScheduleChange({
      kind: "cancel",
      activityId: tuesday.id,
      date: "2026-12-08",
      reason: "Coach malade",
    });
    const week = await banner("2026-12-07");
    expect(week.result.cancelled.map((s) => [s.date, s.note])).toEqual([
      ["2026-12-08", "Coach malade"],
    ]);
    expect(week.tables).toContain("schedule_activities");
    // The same change seen from the week after: nothing to tell, nothing more read.
    expect((await banner("2026-12-09")).tables).not.toContain("schedule_activities");
  });
});
