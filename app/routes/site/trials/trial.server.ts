import { data } from "react-router";
import { isIsoDate, parisToday } from "~/core/club-time";
import {
  listBookableSessions,
  listTrialActivities,
  type BookableSession,
  type TrialActivity,
} from "~/domains/trials/trial-booking.server";

/*
 * What the /essai pages share on the server: the activity and the session named in the
 * URL, and the header that keeps every one of them out of the page cache and of any proxy
 * (they show a visitor's booking, its form or its cancellation).
 */

export const TRIAL_PAGE_HEADERS = { "Cache-Control": "private, no-store" } as const;

/** The trial-enabled activity of `/essai/:activityId`, or a 404. */
export async function requireTrialActivity(param: string | undefined): Promise<TrialActivity> {
  const id = param && /^\d{1,9}$/.test(param) ? Number(param) : null;
  const activity =
    id === null ? undefined : (await listTrialActivities()).find((one) => one.id === id);
  if (!activity) throw data("Activité non trouvée", { status: 404 });
  return activity;
}

/** The activity's session of the template date `date`, if it can still be booked. */
export async function findBookableSession(
  activityId: number,
  date: string | undefined,
  today = parisToday(),
): Promise<BookableSession | null> {
  if (!date || !isIsoDate(date)) return null;
  const sessions = await listBookableSessions(activityId, today);
  return sessions.find((session) => session.date === date) ?? null;
}
