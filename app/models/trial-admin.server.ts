import {
  addDays,
  compareSessions,
  mondayOf,
  sessionOn,
  type DatedSession,
  type IsoDate,
} from "~/content/dated-sessions";
import type { TrialPeriod } from "~/content/trial-schema";
import { getDb } from "~/db/client.server";
import { bookingCancelledByClubMail } from "~/mail/trial-mails.server";
import { whereSearch } from "./list-page.server";
import { getScheduleChanges } from "./schedule-change.server";
import { ACTIVE, cancelBooking } from "./trial-cancel.server";
import {
  hasStarted,
  sessionAsItStands,
  withPlaces,
  type BookableSession,
  type TrialPerson,
} from "./trial-sessions.server";

/*
 * The back office's side of the trial sessions (issue 16): the "Essais" screen's sessions
 * with their bookings and waitlist, attendance, the club's cancellation, the dashboard's
 * count of the week and the CSV export.
 */

export type Attendance = "" | "present" | "absent";

export interface AdminBooking extends TrialPerson {
  id: number;
  status: "booked" | "waitlist";
  attendance: Attendance;
  createdAt: string;
}

export type AdminTrialSession = BookableSession & {
  bookings: AdminBooking[];
  waitlist: AdminBooking[];
};

/** The Essais screen shows the sessions of the last 7 days too (attendance). */
export const ADMIN_PAST_DAYS = 7;

const BOOKING_COLUMNS = [
  "trial_bookings.id",
  "trial_bookings.activity_id",
  "trial_bookings.session_date",
  "trial_bookings.status",
  "trial_bookings.first_name",
  "trial_bookings.last_name",
  "trial_bookings.email",
  "trial_bookings.phone",
  "trial_bookings.child_first_name",
  "trial_bookings.child_birth_year",
  "trial_bookings.guardian_name",
  "trial_bookings.level",
  "trial_bookings.message",
  "trial_bookings.attendance",
  "trial_bookings.created_at",
  "trial_bookings.cancelled_at",
  "schedule_activities.title",
  "schedule_activities.day",
  "schedule_activities.start_time",
  "schedule_activities.end_time",
  "schedule_activities.trial_places",
] as const;

function bookingRows() {
  return getDb()
    .selectFrom("trial_bookings")
    .innerJoin("schedule_activities", "schedule_activities.id", "trial_bookings.activity_id")
    .select(BOOKING_COLUMNS)
    .orderBy("trial_bookings.session_date")
    .orderBy("trial_bookings.created_at")
    .orderBy("trial_bookings.id");
}

type BookingRow = Awaited<ReturnType<ReturnType<typeof bookingRows>["execute"]>>[number];

function toAdminBooking(row: BookingRow): AdminBooking {
  return {
    id: row.id,
    status: row.status === "waitlist" ? "waitlist" : "booked",
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    phone: row.phone,
    child:
      row.child_first_name !== null && row.child_birth_year !== null
        ? {
            firstName: row.child_first_name,
            birthYear: row.child_birth_year,
            guardianName: row.guardian_name ?? "",
          }
        : null,
    level: row.level === "deja_pratique" ? "deja_pratique" : "debutant",
    message: row.message,
    attendance: (["present", "absent"].includes(row.attendance)
      ? row.attendance
      : "") as Attendance,
    createdAt: row.created_at,
  };
}

export const TRIAL_SESSIONS_PER_PAGE = 10;

/**
 * One page of the sessions holding at least one booking or waitlisted person: "a-venir"
 * from 7 days ago on (attendance) in the order they take place, "passees" and "toutes" the
 * latest first. A search keeps the sessions where someone matches (name, e-mail, phone,
 * child), and shows only them; the places count everyone. A session the club cancelled has
 * no active booking left (trial-notices.server.ts cancels them), so it is not listed.
 * Each period's count is of sessions, under the search.
 */
export async function listTrialSessionsForAdmin({
  today,
  period = "a-venir",
  search = "",
  page = 1,
}: {
  today: IsoDate;
  period?: TrialPeriod;
  search?: string;
  page?: number;
}) {
  const db = getDb();
  const [keys, activities, changes] = await Promise.all([
    searchBookings(search)
      .select(["trial_bookings.activity_id", "trial_bookings.session_date"])
      .groupBy(["trial_bookings.activity_id", "trial_bookings.session_date"])
      .execute(),
    db.selectFrom("schedule_activities").select(ACTIVITY_COLUMNS).execute(),
    getScheduleChanges(),
  ]);
  const byId = new Map(activities.map((activity) => [activity.id, activity]));
  const sessions = keys
    .flatMap(({ activity_id, session_date }) => {
      const activity = byId.get(activity_id);
      const dated = activity && sessionOn(activity, session_date, changes);
      return dated && dated.state !== "cancelled" ? [dated] : [];
    })
    .sort(compareSessions);
  const since = addDays(today, -ADMIN_PAST_DAYS);
  const inPeriod = {
    "a-venir": sessions.filter((session) => session.date >= since),
    passees: sessions.filter((session) => session.date < today).reverse(),
    toutes: [...sessions].reverse(),
  };
  const chosen = inPeriod[period];
  const pages = Math.max(1, Math.ceil(chosen.length / TRIAL_SESSIONS_PER_PAGE));
  const shown = Math.min(Math.max(page, 1), pages);
  const onPage = chosen.slice(
    (shown - 1) * TRIAL_SESSIONS_PER_PAGE,
    shown * TRIAL_SESSIONS_PER_PAGE,
  );
  return {
    rows: await withBookings(onPage, search),
    total: chosen.length,
    page: shown,
    pages,
    counts: {
      "a-venir": inPeriod["a-venir"].length,
      passees: inPeriod.passees.length,
      toutes: inPeriod.toutes.length,
    },
  };
}

const ACTIVITY_COLUMNS = ["id", "title", "day", "start_time", "end_time", "trial_places"] as const;

/** The active bookings matching a search (every one for an empty search). */
function searchBookings(search: string) {
  return whereSearch(
    getDb().selectFrom("trial_bookings").where("trial_bookings.status", "in", ACTIVE),
    [
      "trial_bookings.first_name",
      "trial_bookings.last_name",
      "trial_bookings.email",
      "trial_bookings.phone",
      "trial_bookings.child_first_name",
    ],
    search,
  );
}

/** The page's sessions with their places, bookings and waitlist (those matching a search). */
async function withBookings(
  sessions: DatedSession[],
  search: string,
): Promise<AdminTrialSession[]> {
  if (sessions.length === 0) return [];
  const dates = [...new Set(sessions.map((session) => session.date))];
  const ids = [...new Set(sessions.map((session) => session.activityId))];
  const [rows, matching] = await Promise.all([
    bookingRows()
      .where("trial_bookings.status", "in", ACTIVE)
      .where("trial_bookings.session_date", "in", dates)
      .where("trial_bookings.activity_id", "in", ids)
      .execute(),
    search
      ? searchBookings(search)
          .select("trial_bookings.id")
          .where("trial_bookings.session_date", "in", dates)
          .where("trial_bookings.activity_id", "in", ids)
          .execute()
      : null,
  ]);
  const shown = matching && new Set(matching.map((row) => row.id));
  return sessions.map((session) => {
    const all = rows.filter(
      (row) => row.activity_id === session.activityId && row.session_date === session.date,
    );
    const booked = all.filter((row) => row.status === "booked");
    const listed = all.filter((row) => !shown || shown.has(row.id)).map(toAdminBooking);
    return {
      ...withPlaces(session, all[0]?.trial_places ?? 0, booked.length),
      bookings: listed.filter((booking) => booking.status === "booked"),
      waitlist: listed.filter((booking) => booking.status === "waitlist"),
    };
  });
}

/**
 * Marks a booked person present or absent (or clears it), once the session has begun:
 * false when it has not, or the booking is not a booked place.
 */
export async function markAttendance(
  id: number,
  attendance: Attendance,
  now: Date = new Date(),
): Promise<boolean> {
  const booking = await getDb()
    .selectFrom("trial_bookings")
    .innerJoin("schedule_activities", "schedule_activities.id", "trial_bookings.activity_id")
    .select([
      "trial_bookings.session_date",
      "schedule_activities.id",
      "schedule_activities.title",
      "schedule_activities.day",
      "schedule_activities.start_time",
      "schedule_activities.end_time",
    ])
    .where("trial_bookings.id", "=", id)
    .where("trial_bookings.status", "=", "booked")
    .executeTakeFirst();
  if (!booking || !hasStarted(await sessionAsItStands(booking, booking.session_date), now)) {
    return false;
  }
  await getDb()
    .updateTable("trial_bookings")
    .set({ attendance, updated_at: now.toISOString() })
    .where("id", "=", id)
    .execute();
  return true;
}

/** The club cancels one booking: the person is told, the place goes to the waitlist. */
export async function cancelBookingByClub(id: number): Promise<void> {
  const found = await getDb()
    .selectFrom("trial_bookings")
    .select(["id", "activity_id", "session_date"])
    .where("id", "=", id)
    .executeTakeFirst();
  if (found) await cancelBooking(found, { clubMail: bookingCancelledByClubMail });
}

/** The trials booked for the week (Monday to Sunday) holding `today`: the dashboard's card. */
export async function countTrialsThisWeek(today: IsoDate): Promise<number> {
  const monday = mondayOf(today);
  const row = await getDb()
    .selectFrom("trial_bookings")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("status", "=", "booked")
    .where("session_date", ">=", monday)
    .where("session_date", "<=", addDays(monday, 6))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

const STATUS_LABELS = { booked: "Réservé", waitlist: "Liste d'attente", cancelled: "Annulé" };
const LEVEL_LABELS = { debutant: "Débutant", deja_pratique: "Déjà pratiqué" };
const ATTENDANCE_LABELS = { "": "", present: "Présent", absent: "Absent" };

/**
 * One CSV field: quoted when needed, and a leading = + - @ neutralised so a spreadsheet
 * never runs a formula a visitor typed.
 */
export function csvField(value: string | number | null): string {
  let text = value === null ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[";\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Every booking kept (cancelled ones included): UTF-8 with BOM, ";" separated, for Excel. */
export async function trialBookingsCsv(): Promise<string> {
  const rows = await bookingRows().execute();
  const header = [
    "Date de la séance",
    "Cours",
    "Horaire",
    "Statut",
    "Prénom",
    "Nom",
    "E-mail",
    "Téléphone",
    "Prénom de l'enfant",
    "Année de naissance",
    "Responsable légal",
    "Niveau",
    "Message",
    "Présence",
    "Réservé le",
    "Annulé le",
  ];
  const lines = rows.map((row) =>
    [
      row.session_date,
      row.title,
      `${row.start_time}-${row.end_time}`,
      STATUS_LABELS[row.status as keyof typeof STATUS_LABELS] ?? row.status,
      row.first_name,
      row.last_name,
      row.email,
      row.phone,
      row.child_first_name,
      row.child_birth_year,
      row.guardian_name,
      LEVEL_LABELS[row.level as keyof typeof LEVEL_LABELS] ?? row.level,
      row.message,
      ATTENDANCE_LABELS[row.attendance as keyof typeof ATTENDANCE_LABELS] ?? "",
      row.created_at.slice(0, 10),
      row.cancelled_at?.slice(0, 10) ?? "",
    ]
      .map(csvField)
      .join(";"),
  );
  return "\uFEFF" + [header.join(";"), ...lines].join("\r\n") + "\r\n";
}
