import { parisToday } from "~/core/club-time";
import { getDb, isPostgres } from "~/db/client.server";
import { queueMail } from "~/domains/mail/index.server";
import { clubNoticeMail } from "~/domains/trials/trial-club-mails.server";
import { sessionCancelledMail, sessionMovedMail } from "~/domains/trials/trial-mails.server";
import { getMailClub } from "~/core/club.server";
import { kickMailWorker } from "~/domains/mail/index.server";
import { onSessionChange, type SessionNotice } from "~/domains/schedule/index.server";
import { ACTIVE } from "./trial-cancel.server";
import { renewCancelLink } from "./trial-cancel-link.server";
import { sessionSnapshot } from "./trial-kept-session.server";
import { BOOKING_MAIL_COLUMNS, lockSession, toMailBooking } from "./trial-sessions.server";

/*
 * The timetable's notice hook for the trial bookings: when the club
 * cancels a session (or closes the club over it, or deletes its activity), its bookings
 * and waitlist are cancelled with the club's reason and every person is told; when it
 * moves a session (or gives back its usual time), the bookings keep the new date and
 * times and every person gets them, an updated .ics and a new cancel link. Only sessions
 * still ahead. Each booking keeps the session as its person was told it (migration 015).
 */

/** Mails the people of the session a notice is about; returns how many were told. */
export async function noticeTrialBookings(
  notice: SessionNotice,
  now: Date = new Date(),
): Promise<number> {
  const { session } = notice;
  if (session.onDate < parisToday(now) && session.date < parisToday(now)) return 0;
  const db = getDb();
  // Most sessions a closure covers have nobody booked: no lock row written for them. On
  // SQLite a booking holds the write lock from its session lock to its commit, so this
  // read sees it or it sees the change. On PostgreSQL a booking may hold its lock,
  // uncommitted, while this reads: the lock below is always taken there, to wait for it.
  if (!isPostgres(db)) {
    const anyone = await db
      .selectFrom("trial_bookings")
      .select("id")
      .where("activity_id", "=", session.activityId)
      .where("session_date", "=", session.date)
      .where("status", "in", ACTIVE)
      .executeTakeFirst();
    if (!anyone) return 0;
  }
  const club = await getMailClub();
  const told = await db.transaction().execute(async (trx) => {
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
    const cancelled = session.state === "cancelled";
    await trx
      .updateTable("trial_bookings")
      .set({
        ...sessionSnapshot(session),
        ...(cancelled
          ? { status: "cancelled", cancelled_at: stamp, cancel_note: session.note }
          : {}),
        updated_at: stamp,
      })
      .where(
        "id",
        "in",
        people.map((person) => person.id),
      )
      .execute();
    for (const person of people) {
      const facts = { club, booking: toMailBooking(person), session };
      const mail = cancelled
        ? sessionCancelledMail(facts)
        : // A calendar keeps the event with the highest sequence: the time of the notice.
          sessionMovedMail({
            ...facts,
            sequence: Math.floor(now.getTime() / 1000),
            link: await renewCancelLink(trx, person.id, club.origin),
          });
      await queueMail(mail, trx);
      if (cancelled) {
        const notice = clubNoticeMail({ ...facts, event: "cancelled-by-club" });
        if (notice) await queueMail(notice, trx);
      }
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
