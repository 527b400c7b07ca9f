import { addDays, mondayOf, parisToday, type IsoDate } from "~/core/club-time";
import { getDb } from "~/db/client.server";
import { csvDocument } from "~/utils/csv";
import { cancelBooking } from "./trial-cancel.server";
import {
  BOOKED_SESSION_COLUMNS,
  hasStarted,
  bookedSession,
  type BookableSession,
  type TrialPerson,
} from "./trial-sessions.server";

/*
 * The back office's side of the trial sessions: a booking as the "Essais"
 * screen shows it (its list: trial-admin-list.server.ts), attendance, the club's
 * cancellation, the dashboard's count of the week and the CSV export (each booking with
 * the session it kept: migration 015).
 */

export type Attendance = "" | "present" | "absent";

export interface AdminBooking extends TrialPerson {
  id: number;
  status: "booked" | "waitlist" | "cancelled";
  attendance: Attendance;
  createdAt: string;
  cancelledAt: string | null;
  /** The club's reason, when it cancelled the session. */
  cancelNote: string;
  /** A child's parent as typed before migration 017 (since, the booker): "" otherwise. */
  guardianName: string;
}

/** A waiting person, with their place on the session's whole waitlist (1 = next). */
export type AdminWaiting = AdminBooking & { rank: number };

export type AdminTrialSession = BookableSession & {
  /** Unique on the page: the activity (or the deleted one's title) and the date. */
  key: string;
  /** The club cancelled the session itself (listed with the cancelled bookings only). */
  cancelled: boolean;
  /** Its activity was deleted: shown as its bookings kept it. */
  removed: boolean;
  bookings: AdminBooking[];
  waitlist: AdminWaiting[];
  /** The session's people (under the search) listed on the pages before and after. */
  before: number;
  after: number;
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
  "trial_bookings.child_last_name",
  "trial_bookings.child_birth_year",
  "trial_bookings.guardian_name",
  "trial_bookings.level",
  "trial_bookings.message",
  "trial_bookings.attendance",
  "trial_bookings.created_at",
  "trial_bookings.cancelled_at",
  "trial_bookings.cancel_note",
  "trial_bookings.activity_title",
  "trial_bookings.on_date",
  "trial_bookings.on_start",
  "trial_bookings.on_end",
  "schedule_activities.title",
  "schedule_activities.trial_places",
] as const;

export function bookingRows() {
  return getDb()
    .selectFrom("trial_bookings")
    .leftJoin("schedule_activities", "schedule_activities.id", "trial_bookings.activity_id")
    .select(BOOKING_COLUMNS)
    .orderBy("trial_bookings.session_date")
    .orderBy("trial_bookings.created_at")
    .orderBy("trial_bookings.id");
}

type BookingRow = Awaited<ReturnType<ReturnType<typeof bookingRows>["execute"]>>[number];

export function toAdminBooking(row: BookingRow): AdminBooking {
  return {
    id: row.id,
    status: row.status === "waitlist" || row.status === "cancelled" ? row.status : "booked",
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    phone: row.phone,
    child:
      row.child_first_name !== null && row.child_birth_year !== null
        ? {
            firstName: row.child_first_name,
            lastName: row.child_last_name ?? "",
            birthYear: row.child_birth_year,
          }
        : null,
    level: row.level === "deja_pratique" ? "deja_pratique" : "debutant",
    message: row.message,
    attendance: (["present", "absent"].includes(row.attendance)
      ? row.attendance
      : "") as Attendance,
    createdAt: row.created_at,
    cancelledAt: row.cancelled_at,
    cancelNote: row.cancel_note,
    guardianName: row.guardian_name ?? "",
  };
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
    .leftJoin("schedule_activities", "schedule_activities.id", "trial_bookings.activity_id")
    .select([...BOOKED_SESSION_COLUMNS])
    .where("trial_bookings.id", "=", id)
    .where("trial_bookings.status", "=", "booked")
    .executeTakeFirst();
  if (!booking) return false;
  const session = await bookedSession(booking);
  if (!hasStarted(session, now)) return false;
  await getDb()
    .updateTable("trial_bookings")
    .set({ attendance, updated_at: now.toISOString() })
    .where("id", "=", id)
    .execute();
  return true;
}

/** The club cancels one booking: the person is told, the place goes to the waitlist. */
export async function cancelBookingByClub(id: number): Promise<void> {
  await cancelBooking(id, { by: "club" });
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
    "Nom de l'enfant",
    "Année de naissance",
    "Responsable légal",
    "Niveau",
    "Message",
    "Présence",
    "Réservé le",
    "Annulé le",
    "Motif de l'annulation",
  ];
  const lines = rows.map((row) => [
    // The session as the person was told it: a past one at the time it ran at.
    row.on_date || row.session_date,
    row.title ?? row.activity_title,
    `${row.on_start}-${row.on_end}`,
    STATUS_LABELS[row.status as keyof typeof STATUS_LABELS] ?? row.status,
    row.first_name,
    row.last_name,
    row.email,
    row.phone,
    row.child_first_name,
    row.child_last_name,
    row.child_birth_year,
    // Since migration 017 the one who books a child's trial is its parent.
    row.guardian_name ??
      (row.child_first_name === null ? "" : `${row.first_name} ${row.last_name}`),
    LEVEL_LABELS[row.level as keyof typeof LEVEL_LABELS] ?? row.level,
    row.message,
    ATTENDANCE_LABELS[row.attendance as keyof typeof ATTENDANCE_LABELS] ?? "",
    // Days as the club counts them: a booking made at 00:30 in Paris is of that day.
    parisToday(new Date(row.created_at)),
    row.cancelled_at ? parisToday(new Date(row.cancelled_at)) : "",
    row.cancel_note,
  ]);
  return csvDocument(header, lines);
}
