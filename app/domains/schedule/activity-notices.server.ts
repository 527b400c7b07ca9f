import { addDays, parisToday } from "~/core/club-time";
import { isTemplateDate, sessionOn, type DatedSession } from "~/domains/schedule/dated-sessions";
import type { Activity } from "./schedule.server";
import { getScheduleChanges, getSeason } from "./schedule-change.server";
import { sessionChanged, type SessionNotice } from "./session-notice.server";

/*
 * The timetable's notice hook (session-notice.server.ts) for an edit of the weekly template
 * itself: an activity given another weekday or other times, or deleted. Its coming
 * sessions then move or no longer take place, and whoever is booked on them (the trial
 * bookings) is told, as for a dated change.
 */

/** Said to the people booked on a session that a new weekday does away with. */
export const NEW_WEEKDAY_NOTE = "le cours change de jour";
/** Said to the people booked on a session of a deleted activity. */
export const REMOVED_NOTE = "le cours n'est plus proposé";

/**
 * The coming sessions of `before` that an edit (`after`) or a deletion (`after` null) moves
 * or cancels, as notices. Nothing is told: a save asks first how many families these reach
 * (familiesToTell), then tells them (noticeActivityChange).
 */
export async function activityChangeNotices(
  before: Activity,
  after: Activity | null,
  now: Date = new Date(),
): Promise<SessionNotice[]> {
  if (
    after &&
    after.day === before.day &&
    after.start_time === before.start_time &&
    after.end_time === before.end_time
  ) {
    return [];
  }
  const today = parisToday(now);
  const [season, changes] = await Promise.all([getSeason(today), getScheduleChanges()]);
  const notices: SessionNotice[] = [];
  for (let date = today; date <= season.end; date = addDays(date, 1)) {
    if (!isTemplateDate(before, date, season)) continue;
    const was = sessionOn(before, date, changes);
    // Already cancelled by the club: its people were told then.
    if (was.state === "cancelled") continue;
    if (!after || !isTemplateDate(after, date, season)) {
      const note = after ? NEW_WEEKDAY_NOTE : REMOVED_NOTE;
      const session: DatedSession = { ...was, state: "cancelled", note };
      notices.push({ session, change: "cancelled" });
      continue;
    }
    const session = sessionOn(after, date, changes);
    if (session.onStart !== was.onStart || session.onEnd !== was.onEnd) {
      notices.push({ session, change: "moved" });
    }
  }
  return notices;
}

/**
 * Tells the notice hook which coming sessions of `before` an edit (`after`) or a deletion
 * (`after` null) moves or cancels. A deletion is told before it is made, while the
 * activity's row still gives each session its title.
 */
export async function noticeActivityChange(
  before: Activity,
  after: Activity | null,
  now: Date = new Date(),
): Promise<void> {
  await sessionChanged(await activityChangeNotices(before, after, now));
}
