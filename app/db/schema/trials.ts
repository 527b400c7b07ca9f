import type { Default, Id, Stamp } from "./columns";

/*
 * The trials domain's tables: trial bookings, their per-session locks and per-address limit
 * (app/domains/trials/).
 */

/** A visitor's trial on one dated session (migration 009, app/domains/trials/trial-booking.server.ts). */
export interface TrialBookingsTable {
  id: Id;
  /** Null once the activity is deleted: the booking is kept, with its session below. */
  activity_id: number | null;
  /** The template's date of the session: with activity_id, the DatedSession's identity. */
  session_date: string;
  /** booked | waitlist | cancelled */
  status: string;
  first_name: string;
  last_name: string;
  /** Trimmed, lower-case. */
  email: string;
  phone: Default<string>;
  /** Null for an adult; first_name/last_name are then the parent who booked. */
  child_first_name: string | null;
  /** Null for an adult, and for the children booked before migration 017. */
  child_last_name: string | null;
  child_birth_year: number | null;
  /** No longer asked (the booker is the parent); kept for the rows that have one. */
  guardian_name: string | null;
  /** debutant | deja_pratique */
  level: string;
  message: Default<string>;
  /** SHA-256 of the cancel link's token. */
  cancel_token_hash: string;
  /** '' | present | absent */
  attendance: Default<string>;
  reminder_sent_at: Stamp | null;
  created_at: Stamp;
  updated_at: Stamp;
  cancelled_at: Stamp | null;
  /** The activity's title, and where and when the session takes place, as the person was told. */
  activity_title: Default<string>;
  on_date: Default<string>;
  on_start: Default<string>;
  on_end: Default<string>;
  /** The club's reason when it cancelled the session. */
  cancel_note: Default<string>;
}

/** One row per booked session, written first by every booking change to lock it. */
export interface TrialSessionLocksTable {
  activity_id: number;
  session_date: string;
  locked_at: Stamp;
}

/** A trial booking request's address, kept an hour for the per-address limit (migration 010). */
export interface TrialRequestsTable {
  id: Id;
  ip: string;
  created_at: Stamp;
}
