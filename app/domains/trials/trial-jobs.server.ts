import { addDays, parisMinutes, parisToday } from "~/core/club-time";
import { datedSessions } from "~/domains/schedule";
import { getDb } from "~/db/client.server";
import { queueMail } from "~/domains/mail/index.server";
import { clubNoticeMail } from "~/domains/trials/trial-club-mails.server";
import { reminderMail, sessionCancelledMail } from "~/domains/trials/trial-mails.server";
import { getMailClub } from "~/core/club.server";
import { kickMailWorker } from "~/domains/mail/index.server";
import { startPeriodic } from "~/core/jobs.server";
import { REMOVED_NOTE } from "~/domains/schedule/index.server";
import { getScheduleChanges, getSeason } from "~/domains/schedule/index.server";
import { getActivities } from "~/domains/schedule/index.server";
import { getSettings } from "~/domains/content/index.server";
import { renewCancelLink } from "./trial-cancel-link.server";
import { SNAPSHOT_COLUMNS, storedSession } from "./trial-kept-session.server";
import { BOOKING_MAIL_COLUMNS, hasStarted, toMailBooking } from "./trial-sessions.server";

/*
 * The trial sessions' jobs, run by the first server process with its other
 * shared duties (docs/decisions/010-one-process-per-core.md, startTrialJobs): the
 * reminders the day before, the bookings a deleted activity left active, and the purge
 * after the retention period. All are safe to run twice, at once or after a restart: a
 * reminder is claimed by setting reminder_sent_at in the transaction that queues it, a
 * cancellation by the status it changes.
 */

/** Reminders go out from this hour (Paris) on the day before the session. */
export const REMINDER_HOUR = 9;
export const TRIAL_JOBS_INTERVAL_MS = 15 * 60 * 1000;

/**
 * Queues the reminder of every booked person whose session takes place tomorrow (Paris),
 * from REMINDER_HOUR, once: a booking whose reminder_sent_at is set is skipped, and the
 * claim and the mail are one transaction. A reminder the server missed (it was down the
 * day before) goes out on the session's day, until the session begins, to the people who
 * booked before that day. Returns how many were queued.
 */
export async function sendTrialReminders(now: Date = new Date()): Promise<number> {
  const today = parisToday(now);
  const tomorrow = addDays(today, 1);
  const last = parisMinutes(now) < REMINDER_HOUR * 60 ? today : tomorrow;
  const [activities, changes, season] = await Promise.all([
    getActivities(),
    getScheduleChanges(),
    getSeason(today),
  ]);
  // A session moved to another day counts by its new date (datedSessions reads them both).
  const sessions = datedSessions(activities, {
    season,
    changes,
    from: addDays(today, -1),
    to: addDays(tomorrow, 1),
  }).filter(
    (session) =>
      session.state !== "cancelled" &&
      session.onDate >= today &&
      session.onDate <= last &&
      !hasStarted(session, now),
  );
  const club = await getMailClub();
  let sent = 0;
  for (const session of sessions) {
    const late = session.onDate === today;
    const rows = await getDb()
      .selectFrom("trial_bookings")
      .select([...BOOKING_MAIL_COLUMNS, "created_at"])
      .where("activity_id", "=", session.activityId)
      .where("session_date", "=", session.date)
      .where("status", "=", "booked")
      .where("reminder_sent_at", "is", null)
      .execute();
    // Booked on the session's day: the confirmation is fresh, no late reminder.
    const due = late
      ? rows.filter((row) => parisToday(new Date(row.created_at)) < session.onDate)
      : rows;
    for (const booking of due) {
      const claimed = await getDb()
        .transaction()
        .execute(async (trx) => {
          const result = await trx
            .updateTable("trial_bookings")
            .set({ reminder_sent_at: now.toISOString() })
            .where("id", "=", booking.id)
            .where("status", "=", "booked")
            .where("reminder_sent_at", "is", null)
            .executeTakeFirst();
          if (result.numUpdatedRows !== 1n) return false;
          const link = await renewCancelLink(trx, booking.id, club.origin);
          const facts = { club, booking: toMailBooking(booking), session, link };
          await queueMail(reminderMail({ ...facts, today: late }), trx);
          return true;
        });
      if (claimed) sent += 1;
    }
  }
  if (sent > 0) kickMailWorker();
  return sent;
}

/**
 * Cancels, and mails as the activity's deletion does, the bookings still active on a
 * session ahead whose activity is gone: one made while the activity was being deleted
 * (after its notice, before its row went), or one a failed notice left. Returns how many.
 */
export async function cancelOrphanBookings(now: Date = new Date()): Promise<number> {
  const rows = await getDb()
    .selectFrom("trial_bookings")
    .select([...BOOKING_MAIL_COLUMNS, ...SNAPSHOT_COLUMNS])
    .where("activity_id", "is", null)
    .where("status", "in", ["booked", "waitlist"])
    .where("on_date", ">=", parisToday(now))
    .execute();
  const club = await getMailClub();
  let cancelled = 0;
  for (const row of rows) {
    const session = { ...storedSession(row), state: "cancelled" as const, note: REMOVED_NOTE };
    if (hasStarted(session, now)) continue;
    const done = await getDb()
      .transaction()
      .execute(async (trx) => {
        const stamp = now.toISOString();
        const result = await trx
          .updateTable("trial_bookings")
          .set({
            status: "cancelled",
            cancelled_at: stamp,
            cancel_note: REMOVED_NOTE,
            updated_at: stamp,
          })
          .where("id", "=", row.id)
          .where("status", "in", ["booked", "waitlist"])
          .executeTakeFirst();
        if (result.numUpdatedRows !== 1n) return false;
        const facts = { club, booking: toMailBooking(row), session };
        await queueMail(sessionCancelledMail(facts), trx);
        const notice = clubNoticeMail({ ...facts, event: "cancelled-by-club" });
        if (notice) await queueMail(notice, trx);
        return true;
      });
    if (done) cancelled += 1;
  }
  if (cancelled > 0) kickMailWorker();
  return cancelled;
}

/**
 * Deletes the bookings whose session is older than the retention period (Paramètres >
 * Informations légales, trialRetentionMonths), and the session locks of those days.
 * Returns how many bookings were deleted.
 */
export async function purgeTrialBookings(now: Date = new Date()): Promise<number> {
  const { trialRetentionMonths } = await getSettings({ category: "legal" });
  const limit = new Date(`${parisToday(now)}T12:00:00Z`);
  limit.setUTCMonth(limit.getUTCMonth() - trialRetentionMonths);
  const before = limit.toISOString().slice(0, 10);
  const result = await getDb()
    .deleteFrom("trial_bookings")
    .where("session_date", "<", before)
    .executeTakeFirst();
  await getDb().deleteFrom("trial_session_locks").where("session_date", "<", before).execute();
  return Number(result.numDeletedRows);
}

/** Runs both jobs now, then every TRIAL_JOBS_INTERVAL_MS; returns the function that stops them. */
export function startTrialJobs({
  intervalMs = TRIAL_JOBS_INTERVAL_MS,
}: { intervalMs?: number } = {}): () => void {
  return startPeriodic({
    intervalMs,
    failure: "Tâches des séances d'essai impossibles",
    task: async () => {
      await sendTrialReminders();
      await cancelOrphanBookings();
      await purgeTrialBookings();
    },
  });
}
