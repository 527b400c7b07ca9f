import { formatDayMonthTime } from "~/core/date-format";
import type { Schedule } from "~/domains/content/publish-schedule";

/*
 * The words the lists and editors show for a scheduled publication
 * (docs/decisions/023-scheduled-publishing.md); the fields and their rules are
 * app/domains/content/publish-schedule.ts.
 */

/** Past this delay a due change that has not gone out shows « en retard ». */
export const LATE_AFTER_MS = 5 * 60_000;

/** True when a change due at `iso` has waited more than LATE_AFTER_MS. */
export function isLate(iso: string | null, now: Date): boolean {
  return iso !== null && Date.parse(iso) < now.getTime() - LATE_AFTER_MS;
}

/** The words the lists and editors show for a schedule; null parts when nothing is set. */
export function scheduleStatus(schedule: Schedule, now: Date) {
  return {
    publish: schedule.publish_at
      ? {
          label: `Programmé pour le ${formatDayMonthTime(schedule.publish_at, now)}`,
          late: isLate(schedule.publish_at, now),
        }
      : null,
    unpublish: schedule.unpublish_at
      ? {
          label: `Dépublication le ${formatDayMonthTime(schedule.unpublish_at, now)}`,
          late: isLate(schedule.unpublish_at, now),
        }
      : null,
  };
}
