import { getDb } from "~/db/client.server";
import {
  ACTIVITY_CATEGORIES,
  ADMIN_GRID,
  DEFAULT_ACTIVITY_COLOR,
  type ActivityCategory,
} from "~/domains/content";
import { weekdayIndex } from "~/core/club-time";
import { ACTIVITY_TEXT_FIELDS } from "~/domains/schedule/schedule-schemas";
import {
  clampPosition,
  timeToPercent,
  type ClassTimes,
  type GridPosition,
} from "~/domains/schedule/schedule-position";
import { toMinutes } from "~/core/time-of-day";
import type { ActivityRow } from "~/db/schema";
import { parseStringList } from "~/core/json";
import { assertFresh, assertSaved, nextStamp } from "../../utils/stale.server";

export interface Activity {
  id: number;
  title: string;
  category: ActivityCategory;
  day: string;
  start_time: string;
  end_time: string;
  color: string;
  description: string;
  age_range: string;
  long_description: string;
  images: string[];
  position_x: number | null;
  position_y: number | null;
  width: number | null;
  /** Trial sessions: accepted, places per session, minimum age (0: none). */
  trial_enabled: boolean;
  trial_places: number;
  trial_min_age: number;
  updated_at: string;
}

/** The columns read (STYLE: never selectAll): created_at is the database's alone. */
const ACTIVITY_COLUMNS = [
  "id",
  ...ACTIVITY_TEXT_FIELDS,
  "images",
  "position_x",
  "position_y",
  "width",
  "trial_enabled",
  "trial_places",
  "trial_min_age",
  "updated_at",
] as const;
type Selected = Pick<ActivityRow, (typeof ACTIVITY_COLUMNS)[number]>;

function toActivity(row: Selected): Activity {
  return {
    ...row,
    category: Object.hasOwn(ACTIVITY_CATEGORIES, row.category)
      ? (row.category as ActivityCategory)
      : "adult",
    color: row.color || DEFAULT_ACTIVITY_COLOR,
    images: parseStringList(row.images),
    trial_enabled: row.trial_enabled === 1,
  };
}

type Weekly = Pick<Activity, "id" | "day" | "start_time">;

/** Lundi → Dimanche, then by start time: the order of the timetable. */
export function byWeekThenTime(a: Weekly, b: Weekly): number {
  return (
    weekdayIndex(a.day) - weekdayIndex(b.day) ||
    (toMinutes(a.start_time) ?? 0) - (toMinutes(b.start_time) ?? 0) ||
    a.id - b.id
  );
}

export async function getActivities(): Promise<Activity[]> {
  const rows = await getDb().selectFrom("schedule_activities").select(ACTIVITY_COLUMNS).execute();
  return rows.map(toActivity).sort(byWeekThenTime);
}

export async function getActivity({ id }: { id: number }): Promise<Activity | null> {
  const row = await getDb()
    .selectFrom("schedule_activities")
    .select(ACTIVITY_COLUMNS)
    .where("id", "=", id)
    .executeTakeFirst();
  return row ? toActivity(row) : null;
}

/** What the back office's activity dialog saves (positions aside). */
export type ActivityValues = Pick<
  Activity,
  | "title"
  | "category"
  | "day"
  | "start_time"
  | "end_time"
  | "color"
  | "description"
  | "age_range"
  | "long_description"
  | "images"
> &
  /** Absent: the stored trial settings are kept (a new activity gets the defaults). */
  Partial<Pick<Activity, "trial_enabled" | "trial_places" | "trial_min_age">>;

function activityColumns({ trial_enabled, ...values }: ActivityValues) {
  return {
    ...values,
    images: JSON.stringify(values.images),
    ...(trial_enabled === undefined ? {} : { trial_enabled: trial_enabled ? 1 : 0 }),
  };
}

/** A new activity; its position is unset (width: the stored default, 100). */
export async function createActivity({ values }: { values: ActivityValues }): Promise<Activity> {
  const stamp = nextStamp();
  const row = await getDb()
    .insertInto("schedule_activities")
    .values({
      ...activityColumns(values),
      position_x: null,
      position_y: null,
      width: ADMIN_GRID.defaultWidth,
      created_at: stamp,
      updated_at: stamp,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toActivity(row);
}

/** Saves an edit made on the version stamped `loadedAt`; refuses a stale one. */
export async function updateActivity({
  id,
  values,
  loadedAt,
}: {
  id: number;
  values: ActivityValues;
  loadedAt: string;
}): Promise<Activity> {
  const result = await getDb()
    .updateTable("schedule_activities")
    .set({ ...activityColumns(values), updated_at: nextStamp(loadedAt) })
    .where("id", "=", id)
    .where("updated_at", "=", loadedAt)
    .executeTakeFirst();
  const exists = result.numUpdatedRows > 0n || (await getActivity({ id })) !== null;
  assertFresh(result, exists, "Activité");
  return (await getActivity({ id }))!;
}

/** Deletes an activity; false when it did not exist (any more). */
export async function deleteActivity({ id }: { id: number }): Promise<boolean> {
  const result = await getDb()
    .deleteFrom("schedule_activities")
    .where("id", "=", id)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

export interface ActivityPositionChange {
  id: number;
  position: GridPosition;
  /** New hours when the block was moved up or down (the vertical axis is time). */
  times?: ClassTimes;
  /** The updated_at the grid loaded for this activity. */
  loadedAt: string;
}

/**
 * Saves the grid's moved blocks in one transaction: positions clamped and rounded again
 * here, and if any activity was changed or deleted meanwhile, nothing is saved
 * (StaleSaveError / NotFoundError). Returns each activity's new updated_at.
 */
export async function saveActivityPositions({
  changes,
}: {
  changes: ActivityPositionChange[];
}): Promise<Record<number, string>> {
  return getDb()
    .transaction()
    .execute(async (trx) => {
      const stamps: Record<number, string> = {};
      for (const { id, position, times, loadedAt } of changes) {
        const clamped = clampPosition({
          x: position.position_x,
          y: times ? timeToPercent(times.start_time) : position.position_y,
          width: position.width,
        });
        const stamp = nextStamp(loadedAt);
        const result = await trx
          .updateTable("schedule_activities")
          .set({ ...clamped, ...times, updated_at: stamp })
          .where("id", "=", id)
          .where("updated_at", "=", loadedAt)
          .executeTakeFirst();
        await assertSaved(trx, { table: "schedule_activities", id, result, what: "Activité" });
        stamps[id] = stamp;
      }
      return stamps;
    });
}
