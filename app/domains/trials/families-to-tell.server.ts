import { data } from "react-router";
import { parisToday } from "~/core/club-time";
import { NOTIFIED_FIELD } from "~/domains/schedule";
import { getDb } from "~/db/client.server";
import type { Toast } from "~/utils/toast";
import type { SessionNotice } from "~/domains/schedule/index.server";
import { ACTIVE } from "~/domains/trials/trial-cancel.server";

/*
 * Before a timetable save that moves or cancels booked sessions, the volunteer is told how
 * many families the notice hook will mail (app/domains/schedule/families-question.ts). A family is
 * an e-mail address: a parent who booked for two children is counted once. A save whose
 * form says fewer families than it would now reach (someone booked meanwhile) asks again.
 */

/** The action's answer that asks before saving, or null when the volunteer agreed already. */
export async function askBeforeTelling<T extends object>(
  formData: FormData,
  notices: SessionNotice[],
  extra: T,
) {
  const count = await familiesToTell(notices);
  const agreed = Number(formData.get(NOTIFIED_FIELD));
  if (count === 0 || (Number.isInteger(agreed) && agreed >= count)) return null;
  // No toast: the screen asks its question instead.
  const question: T & { familiesToTell: number; toast?: Toast } = {
    ...extra,
    familiesToTell: count,
  };
  return data(question);
}

/** The number of distinct families booked (or waiting) on the coming sessions of `notices`. */
export async function familiesToTell(
  notices: SessionNotice[],
  now: Date = new Date(),
): Promise<number> {
  const today = parisToday(now);
  const sessions = new Set(
    notices
      .filter(({ session }) => session.date >= today || session.onDate >= today)
      .map(({ session }) => `${session.activityId}|${session.date}`),
  );
  if (sessions.size === 0) return 0;
  const ids = [...new Set([...sessions].map((key) => Number(key.split("|")[0])))];
  const rows = await getDb()
    .selectFrom("trial_bookings")
    .select(["activity_id", "session_date", "email"])
    .where("activity_id", "in", ids)
    .where("session_date", ">=", today)
    .where("status", "in", ACTIVE)
    .execute();
  const emails = rows
    .filter((row) => sessions.has(`${row.activity_id}|${row.session_date}`))
    .map((row) => row.email);
  return new Set(emails).size;
}

/** The families booked on the coming sessions, by activity and by "activityId|date". */
export async function bookedFamilies(now: Date = new Date()): Promise<{
  byActivity: Record<number, number>;
  bySession: Record<string, number>;
}> {
  const rows = await getDb()
    .selectFrom("trial_bookings")
    .select(["activity_id", "session_date", "email"])
    .where("session_date", ">=", parisToday(now))
    .where("status", "in", ACTIVE)
    .execute();
  const byActivity = new Map<number, Set<string>>();
  const bySession = new Map<string, Set<string>>();
  const add = <K>(map: Map<K, Set<string>>, key: K, email: string) =>
    map.set(key, (map.get(key) ?? new Set()).add(email));
  for (const { activity_id, session_date, email } of rows) {
    if (activity_id === null) continue;
    add(byActivity, activity_id, email);
    add(bySession, `${activity_id}|${session_date}`, email);
  }
  const sizes = <K>(map: Map<K, Set<string>>) =>
    Object.fromEntries([...map].map(([key, emails]) => [key, emails.size]));
  return { byActivity: sizes(byActivity), bySession: sizes(bySession) };
}
