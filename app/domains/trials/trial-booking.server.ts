import { parisToday, type IsoDate } from "~/core/club-time";
import { childRuleOf } from "~/domains/trials/trial-audience";
import { getDb } from "~/db/client.server";
import { queueMail } from "~/domains/mail/index.server";
import { clubNoticeMail } from "~/domains/trials/trial-club-mails.server";
import { cancelUrl, confirmationMail, waitlistMail } from "~/domains/trials/trial-mails.server";
import { getMailClub } from "~/core/club.server";
import { kickMailWorker } from "~/domains/mail/index.server";
import { getSeason } from "~/domains/schedule/index.server";
import { ACTIVE, cancelBooking } from "./trial-cancel.server";
import { hashCancelToken, newCancelToken } from "./trial-cancel-link.server";
import { sessionSnapshot } from "./trial-kept-session.server";
import { isSamePerson, MAX_UPCOMING_TRIALS_PER_EMAIL } from "./trial-person.server";
import {
  getTrialActivity,
  listBookableSessions,
  lockEmail,
  lockSession,
  placesTaken,
  bookedSession,
  BOOKED_SESSION_COLUMNS,
  BOOKING_MAIL_COLUMNS,
  sessionInLock,
  toMailBooking,
  type TrialPerson,
  type TrialStatus,
} from "./trial-sessions.server";

/*
 * A visitor's trial booking: booked while the session has places, else on its
 * waitlist when the visitor accepts it; cancelled by the visitor's link. Capacity is
 * decided inside the session's lock (trial-sessions.server.ts, lockSession), so 50
 * simultaneous requests for the last place give one booking, on SQLite and PostgreSQL.
 * The admin's side is in trial-admin.server.ts, the jobs in trial-jobs.server.ts.
 */

export * from "./trial-sessions.server";
export * from "./trial-admin.server";
export * from "./trial-admin-list.server";
export * from "./trial-jobs.server";

export interface TrialRequest extends TrialPerson {
  activityId: number;
  date: IsoDate;
  /** the visitor accepted the waitlist when the session is full */
  waitlist: boolean;
}

export type TrialRefusal =
  | "session-unavailable"
  | "full"
  | "email-limit"
  | "person-limit"
  | "too-young"
  | "child-required"
  | "already-booked";

export type BookingResult =
  | { ok: true; status: "booked" | "waitlist"; bookingId: number; cancelToken: string }
  | {
      ok: false;
      refusal: TrialRefusal;
      /** person-limit: the person's upcoming trial, as they were told it. */
      existing?: { title: string; onDate: IsoDate };
    };

export { MAX_UPCOMING_TRIALS_PER_EMAIL };

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * Books a trial for the request's session. Refuses a session that is not bookable (not
 * accepting trials, out of the 4 weeks, cancelled, begun), a children's or teenagers'
 * class without a child, a child under the activity's minimum age (by birth year, in the
 * session's year), a second upcoming trial of one person or a fifth of one address
 * (trial-person.server.ts), and a full session unless the visitor accepts the waitlist.
 * An adults-only class ignores a child given. Queues the confirmation (or waitlist) mail, and the
 * club's notice when asked, in the same transaction. The session is read again inside its
 * lock: a club cancellation committed since the first read refuses the booking, one
 * committed later finds it (ADR 013). `beforeLock` lets a test act between the two reads.
 */
export async function bookTrial(
  req: TrialRequest,
  now: Date = new Date(),
  { beforeLock }: { beforeLock?: () => Promise<void> } = {},
): Promise<BookingResult> {
  const today = parisToday(now);
  const activity = await getTrialActivity(req.activityId);
  const session = activity
    ? (await listBookableSessions(activity.id, today, now)).find((one) => one.date === req.date)
    : undefined;
  if (!activity || !session) return { ok: false, refusal: "session-unavailable" };
  const rule = childRuleOf(activity);
  if (rule === "required" && !req.child) return { ok: false, refusal: "child-required" };
  const child = rule === "none" ? null : req.child;
  if (child && Number(session.onDate.slice(0, 4)) - child.birthYear < activity.minAge) {
    return { ok: false, refusal: "too-young" };
  }
  const email = normalizeEmail(req.email);
  const token = newCancelToken();
  const [club, season] = await Promise.all([getMailClub(), getSeason(today)]);
  const link = cancelUrl(club.origin, token);
  await beforeLock?.();
  const result = await getDb()
    .transaction()
    .execute(async (trx): Promise<BookingResult> => {
      await lockEmail(trx, email);
      await lockSession(trx, { activityId: activity.id, date: session.date });
      const current = await sessionInLock(trx, {
        activityId: activity.id,
        date: session.date,
        season,
        now,
      });
      if (!current) return { ok: false, refusal: "session-unavailable" };
      const upcoming = await trx
        .selectFrom("trial_bookings")
        .select([
          "activity_id",
          "session_date",
          "first_name",
          "last_name",
          "child_first_name",
          "child_last_name",
          "activity_title",
          "on_date",
        ])
        .where("email", "=", email)
        .where("status", "in", ACTIVE)
        .where("session_date", ">=", today)
        .orderBy("session_date")
        .execute();
      const mine = upcoming.filter((booked) => isSamePerson(booked, { ...req, child }));
      if (mine.some((b) => b.activity_id === activity.id && b.session_date === session.date)) {
        return { ok: false, refusal: "already-booked" };
      }
      if (mine[0]) {
        const { activity_title: title, on_date, session_date } = mine[0];
        return {
          ok: false,
          refusal: "person-limit",
          existing: { title, onDate: on_date || session_date },
        };
      }
      if (upcoming.length >= MAX_UPCOMING_TRIALS_PER_EMAIL) {
        return { ok: false, refusal: "email-limit" };
      }
      const taken = (await placesTaken(trx, activity.id, [session.date])).get(session.date) ?? 0;
      const places = current.activity.places;
      const status = taken < places ? "booked" : req.waitlist ? "waitlist" : null;
      if (!status) return { ok: false, refusal: "full" };
      const stamp = now.toISOString();
      const row = await trx
        .insertInto("trial_bookings")
        .values({
          activity_id: activity.id,
          session_date: session.date,
          status,
          first_name: req.firstName.trim(),
          last_name: req.lastName.trim(),
          email,
          phone: req.phone.trim(),
          child_first_name: child?.firstName.trim() ?? null,
          child_last_name: child ? child.lastName.trim() : null,
          child_birth_year: child?.birthYear ?? null,
          level: req.level,
          message: req.message.trim(),
          cancel_token_hash: hashCancelToken(token),
          created_at: stamp,
          updated_at: stamp,
          ...sessionSnapshot(current.session),
        })
        .returning(BOOKING_MAIL_COLUMNS)
        .executeTakeFirstOrThrow();
      const booking = toMailBooking(row);
      const facts = { club, booking, session: current.session, link };
      const mail = status === "booked" ? confirmationMail : waitlistMail;
      await queueMail(mail(facts), trx);
      const notice = clubNoticeMail({ ...facts, event: status });
      if (notice) await queueMail(notice, trx);
      return { ok: true, status, bookingId: row.id, cancelToken: token };
    });
  if (result.ok) kickMailWorker();
  return result;
}

export interface BookingByToken {
  id: number;
  status: TrialStatus;
  activityTitle: string;
  onDate: IsoDate;
  onStart: string;
  onEnd: string;
  firstName: string;
}

/** What the cancel page shows; status "cancelled" once the link was used. Null: unknown. */
export async function getBookingByToken(token: string): Promise<BookingByToken | null> {
  if (!token || token.length > 200) return null;
  const row = await getDb()
    .selectFrom("trial_bookings")
    .leftJoin("schedule_activities", "schedule_activities.id", "trial_bookings.activity_id")
    .select([
      "trial_bookings.id",
      "trial_bookings.status",
      "trial_bookings.first_name",
      ...BOOKED_SESSION_COLUMNS,
    ])
    .where("trial_bookings.cancel_token_hash", "=", hashCancelToken(token))
    .executeTakeFirst();
  if (!row) return null;
  const session = await bookedSession(row);
  return {
    id: row.id,
    status: row.status as TrialStatus,
    activityTitle: session.title,
    onDate: session.onDate,
    onStart: session.onStart,
    onEnd: session.onEnd,
    firstName: row.first_name,
  };
}

/**
 * Cancels a booking or leaves the waitlist, once: false when the link is unknown or was
 * used. The visitor is mailed a receipt; a freed place goes to the first waitlisted
 * person (mailed), in the same transaction, when the session is still ahead.
 */
export async function cancelBookingByToken(token: string, now: Date = new Date()) {
  const found = await getDb()
    .selectFrom("trial_bookings")
    .select("id")
    .where("cancel_token_hash", "=", hashCancelToken(token))
    .where("status", "in", ACTIVE)
    .executeTakeFirst();
  if (!found) return false;
  return cancelBooking(found.id, { by: "visitor", now });
}
