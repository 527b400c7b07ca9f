import type { DatedSession } from "~/domains/schedule";
import type { IsoDate } from "~/core/club-time";
import type { MailSession } from "~/domains/trials/trial-mails.server";

/*
 * What a trial booking keeps of its session (migration 015): the activity's title, the
 * date and times as its person was told them, and the club's reason when it cancelled
 * it. Written at booking and by each notice that moves or cancels the session; Essais and
 * the CSV show a past session, or one whose activity was deleted, from them.
 */

/** What a booking keeps of its session (written at booking and by each notice). */
export function sessionSnapshot(session: MailSession) {
  return {
    activity_title: session.title,
    on_date: session.onDate,
    on_start: session.onStart,
    on_end: session.onEnd,
  };
}

export const SNAPSHOT_COLUMNS = [
  "activity_id",
  "session_date",
  "activity_title",
  "on_date",
  "on_start",
  "on_end",
  "cancel_note",
] as const;

/** The columns a booking keeps of its session. */
export interface KeptSessionColumns {
  activity_id: number | null;
  session_date: IsoDate;
  activity_title: string;
  on_date: string;
  on_start: string;
  on_end: string;
}

/** The session as a booking kept it: its activity's may since have changed, or be gone. */
export function storedSession(row: KeptSessionColumns & { cancel_note: string }): DatedSession {
  const onDate = row.on_date || row.session_date;
  return {
    activityId: row.activity_id ?? 0,
    title: row.activity_title,
    date: row.session_date,
    start: row.on_start,
    end: row.on_end,
    state: onDate !== row.session_date ? "moved" : "scheduled",
    onDate,
    onStart: row.on_start,
    onEnd: row.on_end,
    note: row.cancel_note,
  };
}
