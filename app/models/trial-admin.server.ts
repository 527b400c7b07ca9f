import {
  addDays,
  compareSessions,
  mondayOf,
  sessionOn,
  type IsoDate,
} from "~/content/dated-sessions";
import { getDb } from "~/db/client.server";
import { bookingCancelledByClubMail } from "~/mail/trial-mails.server";
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

/**
 * Every session holding at least one booking or waitlisted person, from 7 days ago on,
 * in the order they take place. A session the club cancelled has no active booking left
 * (trial-notices.server.ts cancels them), so it is not listed.
 */
export async function listTrialSessionsForAdmin(today: IsoDate): Promise<AdminTrialSession[]> {
  const [rows, changes] = await Promise.all([
    bookingRows()
      .where("trial_bookings.status", "in", ACTIVE)
      .where("trial_bookings.session_date", ">=", addDays(today, -ADMIN_PAST_DAYS))
      .execute(),
    getScheduleChanges(),
  ]);
  const groups = new Map<string, BookingRow[]>();
  for (const row of rows) {
    const key = `${row.activity_id} ${row.session_date}`;
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  const sessions: AdminTrialSession[] = [];
  for (const [first, ...rest] of groups.values()) {
    const dated = sessionOn({ ...first!, id: first!.activity_id }, first!.session_date, changes);
    if (dated.state === "cancelled") continue;
    const all = [first!, ...rest].map(toAdminBooking);
    const bookings = all.filter((booking) => booking.status === "booked");
    sessions.push({
      ...withPlaces(dated, first!.trial_places, bookings.length),
      bookings,
      waitlist: all.filter((booking) => booking.status === "waitlist"),
    });
  }
  return sessions.sort(compareSessions);
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
