import { addDays, parisToday, weekdayIndex } from "~/core/club-time";
import { isTemplateDate, type Season } from "~/domains/schedule/dated-sessions";
import { getDb } from "~/db/client.server";
import type { Activity } from "./schedule.server";
import { getScheduleChanges, getSeason, type StoredChange } from "./schedule-change.server";
import { nextStamp } from "../../utils/stale.server";

/*
 * An activity given another weekday leaves its coming dated changes (a Tuesday cancelled,
 * a Tuesday moved) on days it no longer has: stored but shown nowhere. The volunteer
 * chooses, in the activity's dialog, to carry them to the new day of the same week or to
 * delete them; a carried change that would land outside the season is deleted.
 */

export type DatedChangesChoice = "shift" | "delete";

/** The activity's cancelled and moved sessions from today on. */
export async function comingChangesOf(activityId: number, now: Date = new Date()) {
  const today = parisToday(now);
  const changes = await getScheduleChanges();
  return changes.filter(
    (change): change is Exclude<StoredChange, { kind: "closure" }> =>
      change.kind !== "closure" && change.activityId === activityId && change.date >= today,
  );
}

/** Carries or deletes the coming changes of `before` now that it is held on `after.day`. */
export async function settleDatedChanges({
  before,
  after,
  choice,
  now = new Date(),
}: {
  before: Activity;
  after: Activity;
  choice: DatedChangesChoice;
  now?: Date;
}): Promise<void> {
  const coming = await comingChangesOf(before.id, now);
  if (coming.length === 0 || before.day === after.day) return;
  const season: Season = await getSeason(parisToday(now));
  const days = weekdayIndex(after.day) - weekdayIndex(before.day);
  await getDb()
    .transaction()
    .execute(async (trx) => {
      for (const change of coming) {
        const date = addDays(change.date, days);
        if (choice === "delete" || !isTemplateDate(after, date, season)) {
          await trx.deleteFrom("schedule_changes").where("id", "=", change.id).execute();
          continue;
        }
        // A move within its own day (other times) stays within the new day.
        const newDate = change.kind === "move" && change.newDate === change.date ? date : undefined;
        await trx
          .updateTable("schedule_changes")
          .set({ date, ...(newDate ? { new_date: newDate } : {}), updated_at: nextStamp() })
          .where("id", "=", change.id)
          .execute();
      }
    });
}
