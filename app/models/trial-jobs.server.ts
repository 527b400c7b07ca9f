import { addDays, datedSessions, parisMinutes, parisToday } from "~/content/dated-sessions";
import { getDb } from "~/db/client.server";
import { queueMail } from "~/mail/outbox.server";
import { getMailClub, reminderMail } from "~/mail/trial-mails.server";
import { kickMailWorker } from "~/mail/worker.server";
import { startPeriodic } from "~/utils/periodic.server";
import { getScheduleChanges, getSeason } from "./schedule-change.server";
import { getActivities } from "./schedule.server";
import { getSettings } from "./settings.server";
import { BOOKING_MAIL_COLUMNS, toMailBooking } from "./trial-sessions.server";

/*
 * The trial sessions' jobs (issue 16), run by the first server process with its other
 * shared duties (docs/decisions/010-one-process-per-core.md, startTrialJobs): the
 * reminders the day before and the purge after the retention period. Both are safe to
 * run twice, at once or after a restart: a reminder is claimed by setting
 * reminder_sent_at in the transaction that queues it.
 */

/** Reminders go out from this hour (Paris) on the day before the session. */
export const REMINDER_HOUR = 9;
export const TRIAL_JOBS_INTERVAL_MS = 15 * 60 * 1000;

/**
 * Queues the reminder of every booked person whose session takes place tomorrow (Paris),
 * once: a booking whose reminder_sent_at is set is skipped, and the claim and the mail
 * are one transaction. Returns how many were queued.
 */
export async function sendTrialReminders(now: Date = new Date()): Promise<number> {
  if (parisMinutes(now) < REMINDER_HOUR * 60) return 0;
  const today = parisToday(now);
  const tomorrow = addDays(today, 1);
  const [activities, changes, season] = await Promise.all([
    getActivities(),
    getScheduleChanges(),
    getSeason(today),
  ]);
  const sessions = datedSessions(activities, { season, changes, from: tomorrow, to: tomorrow });
  const club = await getMailClub();
  let sent = 0;
  for (const session of sessions) {
    if (session.state === "cancelled") continue;
    const due = await getDb()
      .selectFrom("trial_bookings")
      .select(BOOKING_MAIL_COLUMNS)
      .where("activity_id", "=", session.activityId)
      .where("session_date", "=", session.date)
      .where("status", "=", "booked")
      .where("reminder_sent_at", "is", null)
      .execute();
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
          await queueMail(reminderMail({ club, booking: toMailBooking(booking), session }), trx);
          return true;
        });
      if (claimed) sent += 1;
    }
  }
  if (sent > 0) kickMailWorker();
  return sent;
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
      await purgeTrialBookings();
    },
  });
}
