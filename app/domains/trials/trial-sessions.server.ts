import { sql, type Transaction } from "kysely";
import { addDays, parisMinutes, parisToday, type IsoDate } from "~/core/club-time";
import {
  datedSessions,
  isTemplateDate,
  sessionOn,
  type DatedSession,
  type Season,
  type WeeklyClass,
} from "~/domains/schedule";
import { toMinutes } from "~/core/time-of-day";
import { getDb, isPostgres, type DB } from "~/db/client.server";
import type { ActivityRow, Database } from "~/db/schema";
import type { MailBooking } from "~/domains/trials/trial-mails.server";
import { getScheduleChanges, getSeason } from "~/domains/schedule/index.server";
import { byWeekThenTime } from "~/domains/schedule/index.server";
import {
  SNAPSHOT_COLUMNS,
  storedSession,
  type KeptSessionColumns,
} from "./trial-kept-session.server";

/*
 * The trial sessions' common ground: the activities that accept trials, their
 * dated sessions with the places left, and the session lock every booking change takes
 * before it counts places (migration 009). A session is (activity_id, session_date), the
 * template's date: a moved session keeps its bookings (and what it was told of it:
 * trial-kept-session.server.ts).
 */

export type { IsoDate };
export type TrialLevel = "debutant" | "deja_pratique";
export type TrialStatus = "booked" | "waitlist" | "cancelled";
export type Trx = Transaction<Database>;

/** A child's trial: the child; the booker (a parent) is then the TrialPerson's name. */
export interface TrialChild {
  firstName: string;
  /** "" for the children booked before migration 017. */
  lastName: string;
  birthYear: number;
}

/**
 * Who a trial is for, as the visitor gave it (the e-mail trimmed and lower-case once
 * stored): an adult, or a child with the parent who booked.
 */
export interface TrialPerson {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  child: null | TrialChild;
  level: TrialLevel;
  message: string;
}

export interface TrialActivity {
  id: number;
  title: string;
  day: string;
  start_time: string;
  end_time: string;
  age_range: string;
  category: string;
  places: number;
  minAge: number;
}

export interface BookableSession {
  activityId: number;
  title: string;
  date: IsoDate;
  onDate: IsoDate;
  onStart: string;
  onEnd: string;
  state: "scheduled" | "moved";
  note: string;
  places: number;
  placesLeft: number;
  full: boolean;
}

/** The visitor books among the sessions of the next 4 weeks, today included. */
export const TRIAL_WINDOW_DAYS = 28;

const ACTIVITY_COLUMNS = [
  "id",
  "title",
  "day",
  "start_time",
  "end_time",
  "age_range",
  "category",
  "trial_places",
  "trial_min_age",
] as const;

function toTrialActivity(row: Pick<ActivityRow, (typeof ACTIVITY_COLUMNS)[number]>): TrialActivity {
  const { trial_places, trial_min_age, ...rest } = row;
  return { ...rest, places: trial_places, minAge: trial_min_age };
}

/** The activities that accept trials, in the timetable's order. */
export async function listTrialActivities(): Promise<TrialActivity[]> {
  const rows = await getDb()
    .selectFrom("schedule_activities")
    .select(ACTIVITY_COLUMNS)
    .where("trial_enabled", "=", 1)
    .execute();
  return rows.map(toTrialActivity).sort(byWeekThenTime);
}

/** An activity by id, whether or not it accepts trials now (bookings outlive the setting). */
export async function getTrialActivity(
  id: number,
  { enabledOnly = true, db = getDb() }: { enabledOnly?: boolean; db?: DB } = {},
): Promise<TrialActivity | null> {
  let query = db.selectFrom("schedule_activities").select(ACTIVITY_COLUMNS).where("id", "=", id);
  if (enabledOnly) query = query.where("trial_enabled", "=", 1);
  const row = await query.executeTakeFirst();
  return row ? toTrialActivity(row) : null;
}

/** The session (activity, template date) as it stands with the stored changes. */
export async function sessionAsItStands(
  activity: WeeklyClass,
  date: IsoDate,
): Promise<DatedSession> {
  return sessionOn(activity, date, await getScheduleChanges());
}

/**
 * What bookedSession reads of a booking left-joined with schedule_activities: the session
 * the booking kept, and its activity as it stands.
 */
export const BOOKED_SESSION_COLUMNS = [
  ...SNAPSHOT_COLUMNS.map((column) => `trial_bookings.${column}` as const),
  "schedule_activities.title",
  "schedule_activities.day",
  "schedule_activities.start_time",
  "schedule_activities.end_time",
] as const;

/**
 * A booking's session read with its activity's columns (left-joined): as it stands, or as
 * the booking kept it when the activity is gone.
 */
export async function bookedSession(
  row: KeptSessionColumns & {
    cancel_note: string;
    title: string | null;
    day: string | null;
    start_time: string | null;
    end_time: string | null;
  },
): Promise<DatedSession> {
  const { activity_id: id, title, day, start_time, end_time } = row;
  return id !== null && title !== null && day !== null && start_time !== null && end_time !== null
    ? sessionAsItStands({ id, title, day, start_time, end_time }, row.session_date)
    : storedSession(row);
}

/** Booked places per template date of one activity. */
export async function placesTaken(
  db: DB,
  activityId: number,
  dates: IsoDate[],
): Promise<Map<IsoDate, number>> {
  if (dates.length === 0) return new Map();
  const rows = await db
    .selectFrom("trial_bookings")
    .select(["session_date", (eb) => eb.fn.countAll<number>().as("taken")])
    .where("activity_id", "=", activityId)
    .where("session_date", "in", dates)
    .where("status", "=", "booked")
    .groupBy("session_date")
    .execute();
  return new Map(rows.map((row) => [row.session_date, Number(row.taken)]));
}

/** A session with its places: what /essai and the admin's Essais screen show. */
export function withPlaces(session: DatedSession, places: number, taken: number): BookableSession {
  const placesLeft = Math.max(0, places - taken);
  return {
    activityId: session.activityId,
    title: session.title,
    date: session.date,
    onDate: session.onDate,
    onStart: session.onStart,
    onEnd: session.onEnd,
    state: session.state === "moved" ? "moved" : "scheduled",
    note: session.note,
    places,
    placesLeft,
    full: placesLeft === 0,
  };
}

/** True once the session has begun (or is over), by the club's clock. */
export function hasStarted(session: DatedSession, now: Date): boolean {
  const today = parisToday(now);
  if (session.onDate !== today) return session.onDate < today;
  return (toMinutes(session.onStart) ?? 0) <= parisMinutes(now);
}

/**
 * The activity's sessions a visitor may book: from `today` to 27 days later, neither
 * cancelled nor closed nor begun, with the places left. Empty when the activity does not
 * accept trials.
 */
export async function listBookableSessions(
  activityId: number,
  today: IsoDate,
  now: Date = new Date(),
): Promise<BookableSession[]> {
  const activity = await getTrialActivity(activityId);
  if (!activity) return [];
  const [changes, season] = await Promise.all([getScheduleChanges(), getSeason(today)]);
  const sessions = datedSessions([activity], {
    season,
    changes,
    from: today,
    to: addDays(today, TRIAL_WINDOW_DAYS - 1),
  }).filter((session) => session.state !== "cancelled" && !hasStarted(session, now));
  const taken = await placesTaken(
    getDb(),
    activity.id,
    sessions.map((session) => session.date),
  );
  return sessions.map((session) =>
    withPlaces(session, activity.places, taken.get(session.date) ?? 0),
  );
}

/**
 * Locks one session for the rest of the transaction: its row in trial_session_locks is
 * written (created if needed), so PostgreSQL holds the row lock until commit and SQLite
 * the database's write lock. Two bookings of one session never count its places at the
 * same time; call it before reading anything the decision depends on.
 */
export async function lockSession(
  trx: Trx,
  { activityId, date }: { activityId: number; date: IsoDate },
): Promise<void> {
  const stamp = new Date().toISOString();
  await trx
    .insertInto("trial_session_locks")
    .values({ activity_id: activityId, session_date: date, locked_at: stamp })
    .onConflict((oc) => oc.columns(["activity_id", "session_date"]).doNothing())
    .execute();
  await trx
    .updateTable("trial_session_locks")
    .set({ locked_at: stamp })
    .where("activity_id", "=", activityId)
    .where("session_date", "=", date)
    .execute();
}

/**
 * PostgreSQL: serialises the bookings of one e-mail address until commit, so two at once
 * cannot both pass the limit of upcoming trials. SQLite's write lock already does.
 * NOTE: taken before any session lock (always in that order: no deadlock).
 */
export async function lockEmail(trx: Trx, email: string): Promise<void> {
  if (!isPostgres(trx)) return;
  await sql`select pg_advisory_xact_lock(hashtext(${`essai:${email}`}))`.execute(trx);
}

export const BOOKING_MAIL_COLUMNS = [
  "id",
  "email",
  "first_name",
  "last_name",
  "phone",
  "child_first_name",
  "child_last_name",
] as const;

export function toMailBooking(row: {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  phone: string;
  child_first_name: string | null;
  child_last_name: string | null;
}): MailBooking {
  return {
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    phone: row.phone,
    childFirstName: row.child_first_name,
    childLastName: row.child_last_name ?? "",
  };
}

/**
 * The session read again inside its lock (bookTrial): null when it may no longer be
 * booked (activity gone or closed to trials, weekday changed, cancelled by the club or a
 * closure, begun). A club change committed before the lock is seen here; one committed
 * after it waits for the booking, then finds it (trial-notices.server.ts).
 */
export async function sessionInLock(
  trx: Trx,
  {
    activityId,
    date,
    season,
    now,
  }: { activityId: number; date: IsoDate; season: Season; now: Date },
): Promise<{ activity: TrialActivity; session: DatedSession } | null> {
  const activity = await getTrialActivity(activityId, { db: trx });
  if (!activity || !isTemplateDate(activity, date, season)) return null;
  const session = sessionOn(activity, date, await getScheduleChanges(trx));
  if (session.state === "cancelled" || hasStarted(session, now)) return null;
  return { activity, session };
}

/**
 * Gives the first waitlisted person of the session a place when one is free (inside the
 * session's lock). Returns that person, or null.
 */
export async function promoteFromWaitlist(
  trx: Trx,
  { activityId, date, places }: { activityId: number; date: IsoDate; places: number },
): Promise<MailBooking | null> {
  const taken = (await placesTaken(trx, activityId, [date])).get(date) ?? 0;
  if (taken >= places) return null;
  const first = await trx
    .selectFrom("trial_bookings")
    .select(BOOKING_MAIL_COLUMNS)
    .where("activity_id", "=", activityId)
    .where("session_date", "=", date)
    .where("status", "=", "waitlist")
    .orderBy("created_at")
    .orderBy("id")
    .limit(1)
    .executeTakeFirst();
  if (!first) return null;
  await trx
    .updateTable("trial_bookings")
    .set({ status: "booked", updated_at: new Date().toISOString() })
    .where("id", "=", first.id)
    .execute();
  return toMailBooking(first);
}
