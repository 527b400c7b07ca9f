import type { DatedSession } from "~/domains/schedule";
import { getDb } from "~/db/client.server";
import { queueMail } from "~/domains/mail/index.server";
import { clubNoticeMail } from "~/domains/trials/trial-club-mails.server";
import {
  bookingCancelledByClubMail,
  cancelReceiptMail,
  promotionMail,
} from "~/domains/trials/trial-mails.server";
import { getMailClub } from "~/core/club.server";
import { kickMailWorker } from "~/domains/mail/index.server";
import { renewCancelLink } from "./trial-cancel-link.server";
import { SNAPSHOT_COLUMNS, storedSession } from "./trial-kept-session.server";
import {
  BOOKING_MAIL_COLUMNS,
  getTrialActivity,
  hasStarted,
  lockSession,
  promoteFromWaitlist,
  sessionAsItStands,
  toMailBooking,
  type TrialActivity,
  type TrialStatus,
} from "./trial-sessions.server";

/*
 * Cancelling one trial booking, by the visitor's link or by the club: inside
 * the session's lock, and the freed place goes to the first waitlisted person. The
 * visitor gets a receipt, the person the club cancelled a mail, and the club its notice
 * when Paramètres asks for it.
 */

/** The statuses that hold a place or a rank on the waitlist. */
export const ACTIVE: TrialStatus[] = ["booked", "waitlist"];

/** A booking's session: as it stands, or as the booking kept it when its activity is gone. */
async function bookingSession(
  id: number,
): Promise<{ activity: TrialActivity | null; session: DatedSession } | null> {
  const row = await getDb()
    .selectFrom("trial_bookings")
    .select(SNAPSHOT_COLUMNS)
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row) return null;
  const activity =
    row.activity_id === null
      ? null
      : await getTrialActivity(row.activity_id, { enabledOnly: false });
  const session = activity
    ? await sessionAsItStands(activity, row.session_date)
    : storedSession(row);
  return { activity, session };
}

/**
 * Cancels one booking inside its session's lock, then promotes from the waitlist.
 * Returns false when the booking was already cancelled (or is unknown).
 */
export async function cancelBooking(
  id: number,
  { by, now = new Date() }: { by: "visitor" | "club"; now?: Date },
): Promise<boolean> {
  const found = await bookingSession(id);
  if (!found) return false;
  const { activity, session } = found;
  const club = await getMailClub();
  const done = await getDb()
    .transaction()
    .execute(async (trx) => {
      // A deleted activity's session has no lock row any more, and nobody can book it.
      if (activity) await lockSession(trx, { activityId: activity.id, date: session.date });
      const before = await trx
        .selectFrom("trial_bookings")
        .select(["status", ...BOOKING_MAIL_COLUMNS])
        .where("id", "=", id)
        .where("status", "in", ACTIVE)
        .executeTakeFirst();
      if (!before) return false;
      const stamp = now.toISOString();
      await trx
        .updateTable("trial_bookings")
        .set({ status: "cancelled", cancelled_at: stamp, updated_at: stamp })
        .where("id", "=", id)
        .execute();
      const facts = { club, booking: toMailBooking(before), session };
      await queueMail(
        by === "club"
          ? bookingCancelledByClubMail(facts)
          : cancelReceiptMail({ ...facts, waitlist: before.status === "waitlist" }),
        trx,
      );
      const notice = clubNoticeMail({
        ...facts,
        event: by === "club" ? "cancelled-by-club" : "cancelled-by-visitor",
      });
      if (notice) await queueMail(notice, trx);
      if (activity && session.state !== "cancelled" && !hasStarted(session, now)) {
        const promoted = await promoteFromWaitlist(trx, {
          activityId: activity.id,
          date: session.date,
          places: activity.places,
        });
        if (promoted) {
          const link = await renewCancelLink(trx, promoted.id, club.origin);
          await queueMail(promotionMail({ club, booking: promoted, session, link }), trx);
        }
      }
      return true;
    });
  if (done) kickMailWorker();
  return done;
}
