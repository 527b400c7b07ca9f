import type { Selectable } from "kysely";
import type { Default, Id, Stamp } from "./columns";

/*
 * The schedule domain's tables: the weekly timetable and its dated changes (app/domains/schedule/).
 */

export interface ScheduleActivitiesTable {
  id: Id;
  title: Default<string>;
  category: Default<string>;
  day: Default<string>;
  start_time: Default<string>;
  end_time: Default<string>;
  color: Default<string>;
  description: Default<string>;
  age_range: Default<string>;
  long_description: Default<string>;
  images: Default<string>;
  position_x: number | null;
  position_y: number | null;
  width: number | null;
  /** Trial sessions (migration 009): accepted (0/1), places per session, minimum age. */
  trial_enabled: Default<number>;
  trial_places: Default<number>;
  trial_min_age: Default<number>;
  created_at: Stamp;
  updated_at: Stamp;
}

/** A dated exception to the weekly template (migration 008, app/domains/schedule/dated-sessions.ts). */
export interface ScheduleChangesTable {
  id: Id;
  /** cancel | move | closure */
  kind: string;
  activity_id: number | null;
  date: string | null;
  new_date: string | null;
  new_start: string | null;
  new_end: string | null;
  from_date: string | null;
  to_date: string | null;
  /** The reason (cancel, move) or the label (closure) shown to visitors. */
  note: Default<string>;
  created_at: Stamp;
  updated_at: Stamp;
}

export type ActivityRow = Selectable<ScheduleActivitiesTable>;
export type ScheduleChangeRow = Selectable<ScheduleChangesTable>;
