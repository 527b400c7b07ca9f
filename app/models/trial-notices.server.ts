import { parisToday } from "~/content/dated-sessions";
import { getDb } from "~/db/client.server";
import { queueMail } from "~/mail/outbox.server";
import { getMailClub, sessionCancelledMail, sessionMovedMail } from "~/mail/trial-mails.server";
import { kickMailWorker } from "~/mail/worker.server";
import { onSessionChange, type SessionNotice } from "./session-notice.server";
import { ACTIVE } from "./trial-cancel.server";
import { BOOKING_MAIL_COLUMNS, lockSession, toMailBooking } from "./trial-sessions.server";

/*
 * The timetable's notice hook (issue 15) for the trial bookings (issue 16): when the club
 * cancels a session (or closes the club over it), its bookings and waitlist are cancelled
 * and every person is told; when it moves a session (or gives back its usual time), every
 * person gets the new time and an updated .ics. Only sessions still ahead.
 */

/** Mails the people of the session a notice is about; returns how many were told. */
export async function noticeTrialBookings(
  notice: SessionNotice,
  now: Date = new Date(),
): Promise<number> {
  const { session } = notice;
  if (session.onDate < parisToday(now) && session.date < parisToday(now)) return 0;
  // Most sessions a closure covers have nobody booked: no lock row written for them.
  const anyone = await getDb()
    .selectFrom("trial_bookings")
    .select("id")
    .where("activity_id", "=", session.activityId)
    .where("session_date", "=", session.date)
    .where("status", "in", ACTIVE)
    .executeTakeFirst();
  if (!anyone) return 0;
  const club = await getMailClub();
  const told = await getDb()
    .transaction()
    .execute(async (trx) => {
      await lockSession(trx, { activityId: session.activityId, date: session.date });
      const people = await trx
        .selectFrom("trial_bookings")
        .select(BOOKING_MAIL_COLUMNS)
        .where("activity_id", "=", session.activityId)
        .where("session_date", "=", session.date)
        .where("status", "in", ACTIVE)
        .execute();
      if (people.length === 0) return 0;
      const stamp = now.toISOString();
      if (session.state === "cancelled") {
        await trx
          .updateTable("trial_bookings")
          .set({ status: "cancelled", cancelled_at: stamp, updated_at: stamp })
          .where(
            "id",
            "in",
            people.map((person) => person.id),
          )
          .execute();
      }
      for (const person of people) {
        const facts = { club, booking: toMailBooking(person), session };
        const mail =
          session.state === "cancelled"
            ? sessionCancelledMail(facts)
            : // A calendar keeps the event with the highest sequence: the time of the notice.
              sessionMovedMail({ ...facts, sequence: Math.floor(now.getTime() / 1000) });
        await queueMail(mail, trx);
      }
      return people.length;
    });
  if (told > 0) kickMailWorker();
  return told;
}

const holder = globalThis as typeof globalThis & { __clubTrialNotices?: () => void };

/**
 * Registers the trial bookings' listener on the notice hook, once per process (every
 * process: the admin's change runs in whichever answers the request).
 */
export function listenForSessionChanges(): void {
  holder.__clubTrialNotices ??= onSessionChange(async (notice) => {
    await noticeTrialBookings(notice);
  });
}
