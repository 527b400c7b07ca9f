import type { IsoDate } from "~/content/dated-sessions";
import { getDb } from "~/db/client.server";
import { queueMail } from "~/mail/outbox.server";
import { getMailClub, promotionMail, type TrialMail } from "~/mail/trial-mails.server";
import { kickMailWorker } from "~/mail/worker.server";
import {
  getTrialActivity,
  hasStarted,
  lockSession,
  promoteFromWaitlist,
  sessionAsItStands,
  toMailBooking,
  type TrialStatus,
} from "./trial-sessions.server";

/*
 * Cancelling one trial booking (issue 16), by the visitor's link or by the club: inside
 * the session's lock, and the freed place goes to the first waitlisted person.
 */

/** The statuses that hold a place or a rank on the waitlist. */
export const ACTIVE: TrialStatus[] = ["booked", "waitlist"];

/**
 * Cancels one booking inside its session's lock, then promotes from the waitlist.
 * Returns false when the booking was already cancelled.
 */
export async function cancelBooking(
  found: { id: number; activity_id: number; session_date: IsoDate },
  {
    now = new Date(),
    clubMail = null,
  }: {
    now?: Date;
    /** The club's cancellation mail to the person; none when the visitor cancels. */
    clubMail?: TrialMail | null;
  } = {},
): Promise<boolean> {
  const activity = await getTrialActivity(found.activity_id, { enabledOnly: false });
  if (!activity) return false;
  const session = await sessionAsItStands(activity, found.session_date);
  const club = await getMailClub();
  const done = await getDb()
    .transaction()
    .execute(async (trx) => {
      await lockSession(trx, { activityId: activity.id, date: found.session_date });
      const stamp = now.toISOString();
      const cancelled = await trx
        .updateTable("trial_bookings")
        .set({ status: "cancelled", cancelled_at: stamp, updated_at: stamp })
        .where("id", "=", found.id)
        .where("status", "in", ACTIVE)
        .returning(["id", "email", "first_name", "child_first_name"])
        .executeTakeFirst();
      if (!cancelled) return false;
      if (clubMail) {
        await queueMail(clubMail({ club, booking: toMailBooking(cancelled), session }), trx);
      }
      if (session.state !== "cancelled" && !hasStarted(session, now)) {
        const promoted = await promoteFromWaitlist(trx, {
          activityId: activity.id,
          date: found.session_date,
          places: activity.places,
        });
        if (promoted) await queueMail(promotionMail({ club, booking: promoted, session }), trx);
      }
      return true;
    });
  if (done) kickMailWorker();
  return done;
}
