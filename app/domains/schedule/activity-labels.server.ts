import { formatFrenchDate, frenchDay } from "~/core/date-format";
import { getDb } from "~/db/client.server";

/*
 * The journal's names of items whose act does not return one: a trial booking is named
 * by its session, a contact message by the day it came. Neither carries the person's
 * name: the journal keeps 13 months, longer than the bookings and messages themselves.
 */

/** "Boxe anglaise, mercredi 3 décembre" (the session booked), or "" for an unknown booking. */
export async function trialBookingLabel(id: number): Promise<string> {
  const row = await getDb()
    .selectFrom("trial_bookings")
    .leftJoin("schedule_activities", "schedule_activities.id", "trial_bookings.activity_id")
    .select(["trial_bookings.session_date", "schedule_activities.title"])
    .where("trial_bookings.id", "=", id)
    .executeTakeFirst();
  if (!row) return "";
  return [row.title, frenchDay(row.session_date)].filter(Boolean).join(", ");
}

/** "Message du 3 décembre 2026", or "" for an unknown message. */
export async function contactMessageLabel(id: number): Promise<string> {
  const row = await getDb()
    .selectFrom("contact_messages")
    .select("created_at")
    .where("id", "=", id)
    .executeTakeFirst();
  return row ? `Message du ${formatFrenchDate(row.created_at)}` : "";
}

type ChangeFacts =
  | { kind: "cancel"; activityId: number; date: string }
  | { kind: "move"; activityId: number; date: string; newDate: string }
  | { kind: "closure"; from: string; to: string; label: string };

/** "Boxe anglaise : séance du mardi 8 décembre annulée", "Fermeture « Noël » du … au …". */
export async function scheduleChangeLabel(change: ChangeFacts): Promise<string> {
  if (change.kind === "closure") {
    return `Fermeture « ${change.label} » du ${frenchDay(change.from)} au ${frenchDay(change.to)}`;
  }
  const activity = await getDb()
    .selectFrom("schedule_activities")
    .select("title")
    .where("id", "=", change.activityId)
    .executeTakeFirst();
  const what = `${activity?.title ?? "Séance"} : séance du ${frenchDay(change.date)}`;
  return change.kind === "cancel"
    ? `${what} annulée`
    : `${what} déplacée au ${frenchDay(change.newDate)}`;
}
