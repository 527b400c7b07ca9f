import { getDb } from "~/db/client.server";
import {
  ACTIVITY_CATEGORIES,
  DEFAULT_ACTIVITY_COLOR,
  type ActivityCategory,
} from "~/content/defaults";
import { weekdayIndex } from "~/content/dates";
import { toMinutes } from "~/content/time";
import type { ActivityRow } from "~/db/schema";
import { parseStringList } from "./parse";

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
  updated_at: string;
}

function toActivity(row: ActivityRow): Activity {
  return {
    ...row,
    category: row.category in ACTIVITY_CATEGORIES ? (row.category as ActivityCategory) : "adult",
    color: row.color || DEFAULT_ACTIVITY_COLOR,
    images: parseStringList(row.images),
  };
}

/** Lundi → Dimanche, then by start time: the order of the timetable. */
function byWeekThenTime(a: Activity, b: Activity): number {
  return (
    weekdayIndex(a.day) - weekdayIndex(b.day) ||
    (toMinutes(a.start_time) ?? 0) - (toMinutes(b.start_time) ?? 0) ||
    a.id - b.id
  );
}

export async function getActivities(): Promise<Activity[]> {
  const rows = await getDb().selectFrom("schedule_activities").selectAll().execute();
  return rows.map(toActivity).sort(byWeekThenTime);
}

export async function getActivity({ id }: { id: number }): Promise<Activity | null> {
  const row = await getDb()
    .selectFrom("schedule_activities")
    .selectAll()
    .where("id", "=", id)
    .executeTakeFirst();
  return row ? toActivity(row) : null;
}
