import { formatWithOrdinal } from "~/content/dates";
import type { Schedule } from "~/content/publish-schedule";

/*
 * The words the lists and editors show for a scheduled publication
 * (docs/decisions/023-scheduled-publishing.md); the fields and their rules are
 * app/content/publish-schedule.ts.
 */

/** Past this delay a due change that has not gone out shows « en retard ». */
export const LATE_AFTER_MS = 5 * 60_000;

const DAY_MONTH = new Intl.DateTimeFormat("fr-FR", {
  day: "numeric",
  month: "long",
  timeZone: "Europe/Paris",
});
const YEAR = new Intl.DateTimeFormat("fr-FR", { year: "numeric", timeZone: "Europe/Paris" });
const TIME = new Intl.DateTimeFormat("fr-FR", {
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
  timeZone: "Europe/Paris",
});

/** "15 décembre à 08:00" in Paris time; the year is added when it is not `now`'s. */
export function formatScheduleInstant(iso: string, now: Date): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  const year = YEAR.format(date);
  const day = formatWithOrdinal(DAY_MONTH, date) + (year === YEAR.format(now) ? "" : ` ${year}`);
  return `${day} à ${TIME.format(date)}`;
}

/** True when a change due at `iso` has waited more than LATE_AFTER_MS. */
export function isLate(iso: string | null, now: Date): boolean {
  return iso !== null && Date.parse(iso) < now.getTime() - LATE_AFTER_MS;
}

/** The words the lists and editors show for a schedule; null parts when nothing is set. */
export function scheduleStatus(schedule: Schedule, now: Date) {
  return {
    publish: schedule.publish_at
      ? {
          label: `Programmé pour le ${formatScheduleInstant(schedule.publish_at, now)}`,
          late: isLate(schedule.publish_at, now),
        }
      : null,
    unpublish: schedule.unpublish_at
      ? {
          label: `Dépublication le ${formatScheduleInstant(schedule.unpublish_at, now)}`,
          late: isLate(schedule.unpublish_at, now),
        }
      : null,
  };
}
