import type { Transaction } from "kysely";
import { getDb } from "~/db/client.server";
import { addDays, parisToday } from "~/core/club-time";
import {
  closuresBetween,
  datedSessions,
  isTemplateDate,
  seasonOf,
  sessionOn,
  type DatedSession,
  type ScheduleChange,
  type Season,
  type WeeklyClass,
} from "~/domains/schedule/dated-sessions";
import {
  CHANGE_MESSAGES,
  type ScheduleChangeValues,
} from "~/domains/schedule/schedule-change-schema";
import type { Database, ScheduleChangeRow } from "~/db/schema";
import { getActivities } from "./schedule.server";
import { sessionChanged, type SessionNotice } from "./session-notice.server";
import { getSettings, saveSettings } from "~/domains/content/index.server";
import { assertSaved, nextStamp, NotFoundError } from "../../utils/stale.server";

/*
 * The timetable's dated changes: cancelled and moved sessions, closures, and
 * the season they apply in. Every write runs in one transaction, refuses a stale edit,
 * and then tells the notice hook which sessions it cancelled, moved or gave back.
 */

/** A refusal about the change itself, with the field it is about. */
export class ScheduleChangeError extends Error {
  constructor(
    message: string,
    readonly field: string,
  ) {
    super(message);
    this.name = "ScheduleChangeError";
  }
}

export type StoredChange = ScheduleChange & { updated_at: string };

const COLUMNS = [
  "id",
  "kind",
  "activity_id",
  "date",
  "new_date",
  "new_start",
  "new_end",
  "from_date",
  "to_date",
  "note",
  "updated_at",
] as const;

type Row = Pick<ScheduleChangeRow, (typeof COLUMNS)[number]>;

/** The change a row holds; null for a row of an unknown kind or with a missing date. */
function toChange(row: Row): StoredChange | null {
  const base = { id: row.id, updated_at: row.updated_at };
  if (row.kind === "closure" && row.from_date && row.to_date) {
    return { ...base, kind: "closure", from: row.from_date, to: row.to_date, label: row.note };
  }
  if (row.activity_id === null || !row.date) return null;
  if (row.kind === "cancel") {
    return {
      ...base,
      kind: "cancel",
      activityId: row.activity_id,
      date: row.date,
      reason: row.note,
    };
  }
  if (row.kind === "move" && row.new_date && row.new_start && row.new_end) {
    return {
      ...base,
      kind: "move",
      activityId: row.activity_id,
      date: row.date,
      newDate: row.new_date,
      newStart: row.new_start,
      newEnd: row.new_end,
      reason: row.note,
    };
  }
  return null;
}

export async function getScheduleChanges(db = getDb()): Promise<StoredChange[]> {
  const rows = await db.selectFrom("schedule_changes").select(COLUMNS).orderBy("id").execute();
  return rows.flatMap((row) => toChange(row) ?? []);
}

/** The season set in the "Changements" tab, or 1 September to 30 June around `today`. */
export async function getSeason(today: string = parisToday()): Promise<Season> {
  return seasonOf(await getSettings({ category: "season" }), today);
}

/** Saves the season's dates (the timetable's dated views and feed follow at once). */
export async function saveSeason({
  season,
  loadedAt,
}: {
  season: Season;
  loadedAt: string | null;
}): Promise<string> {
  return saveSettings({ category: "season", settings: season, loadedAt });
}

/** The columns a change's values fill (the others cleared). */
function columnsOf(values: ScheduleChangeValues) {
  const none = {
    activity_id: null,
    date: null,
    new_date: null,
    new_start: null,
    new_end: null,
    from_date: null,
    to_date: null,
  };
  switch (values.kind) {
    case "cancel":
      return {
        ...none,
        kind: "cancel",
        activity_id: values.activityId,
        date: values.date,
        note: values.reason,
      };
    case "move":
      return {
        ...none,
        kind: "move",
        activity_id: values.activityId,
        date: values.date,
        new_date: values.newDate,
        new_start: values.newStart,
        new_end: values.newEnd,
        note: values.reason,
      };
    case "closure":
      return {
        ...none,
        kind: "closure",
        from_date: values.from,
        to_date: values.to,
        note: values.label,
      };
  }
}

/**
 * Refuses, inside the writing transaction, a change to a session that does not exist (not
 * that activity's weekday, or out of the season) or that already has its change.
 */
async function checkSession(
  trx: Transaction<Database>,
  values: ScheduleChangeValues,
  season: Season,
  ownId: number | null,
): Promise<void> {
  if (values.kind === "closure") return;
  const activity = await trx
    .selectFrom("schedule_activities")
    .select(["id", "title", "day", "start_time", "end_time"])
    .where("id", "=", values.activityId)
    .executeTakeFirst();
  if (!activity) throw new ScheduleChangeError(CHANGE_MESSAGES.activityGone, "activityId");
  if (!isTemplateDate(activity, values.date, season)) {
    throw new ScheduleChangeError(CHANGE_MESSAGES.noSession, "date");
  }
  let taken = trx
    .selectFrom("schedule_changes")
    .select("id")
    .where("activity_id", "=", values.activityId)
    .where("date", "=", values.date);
  if (ownId !== null) taken = taken.where("id", "!=", ownId);
  if (await taken.executeTakeFirst()) throw new ScheduleChangeError(CHANGE_MESSAGES.taken, "date");
}

/** The sessions of the season whose state differs between two lists of changes. */
async function noticesBetween(before: ScheduleChange[], after: ScheduleChange[], season: Season) {
  const activities = await getActivities();
  const days = [...before, ...after].flatMap((change) =>
    change.kind === "closure" ? [change.from, change.to] : [change.date],
  );
  if (days.length === 0) return [];
  const from = days.reduce((a, b) => (a < b ? a : b));
  const to = days.reduce((a, b) => (a > b ? a : b));
  const notices: SessionNotice[] = [];
  for (const activity of activities) {
    for (const base of datedSessions([activity], { season, changes: [], from, to })) {
      const was = sessionOn(activity, base.date, before);
      const now: DatedSession = sessionOn(activity, base.date, after);
      if (was.state === now.state && was.onDate === now.onDate && was.onStart === now.onStart) {
        continue;
      }
      notices.push({ session: now, change: now.state === "scheduled" ? "restored" : now.state });
    }
  }
  return notices;
}

/**
 * The sessions a change would cancel, move or give back, before it is written: `values`
 * null for a deletion, `id` null for a new change (families-to-tell.server.ts asks first).
 */
export async function previewChangeNotices({
  id,
  values,
}: {
  id: number | null;
  values: ScheduleChangeValues | null;
}): Promise<SessionNotice[]> {
  const season = await getSeason();
  const before = await getScheduleChanges();
  const others = before.filter((change) => change.id !== id);
  const written = values && toChange({ ...columnsOf(values), id: id ?? 0, updated_at: "" });
  return noticesBetween(before, written ? [...others, written] : others, season);
}

/** Records a change and returns its id. @throws ScheduleChangeError */
export async function createScheduleChange(values: ScheduleChangeValues): Promise<number> {
  const season = await getSeason();
  const before = await getScheduleChanges();
  const stamp = nextStamp();
  const id = await getDb()
    .transaction()
    .execute(async (trx) => {
      await checkSession(trx, values, season, null);
      const row = await trx
        .insertInto("schedule_changes")
        .values({ ...columnsOf(values), created_at: stamp, updated_at: stamp })
        .returning("id")
        .executeTakeFirstOrThrow();
      return row.id;
    });
  await sessionChanged(await noticesBetween(before, await getScheduleChanges(), season));
  return id;
}

/**
 * Saves an edit of a change made on the version stamped `loadedAt`.
 * @throws ScheduleChangeError, StaleSaveError, NotFoundError
 */
export async function updateScheduleChange({
  id,
  values,
  loadedAt,
}: {
  id: number;
  values: ScheduleChangeValues;
  loadedAt: string;
}): Promise<void> {
  const season = await getSeason();
  const before = await getScheduleChanges();
  await getDb()
    .transaction()
    .execute(async (trx) => {
      await checkSession(trx, values, season, id);
      const result = await trx
        .updateTable("schedule_changes")
        .set({ ...columnsOf(values), updated_at: nextStamp(loadedAt) })
        .where("id", "=", id)
        .where("updated_at", "=", loadedAt)
        .executeTakeFirst();
      await assertSaved(trx, { table: "schedule_changes", id, result, what: "Changement" });
    });
  await sessionChanged(await noticesBetween(before, await getScheduleChanges(), season));
}

/** Deletes a change: its sessions take place again. @throws NotFoundError */
export async function deleteScheduleChange({ id }: { id: number }): Promise<void> {
  const season = await getSeason();
  const before = await getScheduleChanges();
  const result = await getDb()
    .deleteFrom("schedule_changes")
    .where("id", "=", id)
    .executeTakeFirst();
  if (result.numDeletedRows === 0n) throw new NotFoundError("Changement");
  await sessionChanged(await noticesBetween(before, await getScheduleChanges(), season));
}

/** The dated sessions from `from` to `to`, with the season and the changes as stored. */
export async function getDatedSessions({
  from,
  to,
  today = parisToday(),
}: {
  from: string;
  to: string;
  today?: string;
}): Promise<{ sessions: DatedSession[]; changes: StoredChange[]; season: Season }> {
  const [activities, changes, season] = await Promise.all([
    getActivities(),
    getScheduleChanges(),
    getSeason(today),
  ]);
  return { sessions: datedSessions(activities, { season, changes, from, to }), changes, season };
}

/** The activity's next `count` sessions from `today` (cancelled and moved ones included). */
export async function getNextSessions({
  activity,
  count,
  today = parisToday(),
}: {
  activity: WeeklyClass;
  count: number;
  today?: string;
}): Promise<DatedSession[]> {
  const [changes, season] = await Promise.all([getScheduleChanges(), getSeason(today)]);
  // Weekly sessions: `count` weeks hold them, unless cancelled or moved later; a few more.
  const to = addDays(today, 7 * (count + 4));
  return datedSessions([activity], { season, changes, from: today, to }).slice(0, count);
}

/**
 * What the home page's banner tells: the sessions cancelled and the closures
 * from `today` to 6 days later. Empty when nothing changes this coming week.
 */
export async function getComingChanges(today: string = parisToday()) {
  const to = addDays(today, 6);
  const changes = await getScheduleChanges();
  // Most weeks nothing is cancelled or closed: then the home page reads no more than the
  // changes, and a timetable save leaves it in the page cache (ADR 004's table versions).
  const closures = closuresBetween(changes, today, to);
  const cancels = changes.some(
    (change) => change.kind === "cancel" && change.date >= today && change.date <= to,
  );
  if (closures.length === 0 && !cancels) return { cancelled: [], closures: [] };
  const [activities, season] = await Promise.all([getActivities(), getSeason(today)]);
  const sessions = datedSessions(activities, { season, changes, from: today, to });
  return {
    cancelled: sessions.filter((session) => session.state === "cancelled"),
    closures: closures.map(({ from, to: last, label }) => ({ from, to: last, label })),
  };
}
