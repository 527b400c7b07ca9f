import { addDays, mondayOf, parisToday } from "~/core/club-time";
import { getDb } from "~/db/client.server";
import { saveSeason } from "~/domains/schedule/schedule-change.server";
import { bookTrial, type TrialRequest } from "~/domains/trials/trial-booking.server";
import { createActivity } from "./factories";

/*
 * The trial sessions' test ground: a season around today, a Monday class that
 * accepts trials, a clock at 09:00 UTC today, and the Monday of next week (always
 * within the 4 bookable weeks, whatever day the tests run).
 */

export const TODAY = parisToday();
/** 09:00 UTC today: 10:00 or 11:00 in Paris, before any evening session and after REMINDER_HOUR. */
export const NOW = new Date(`${TODAY}T09:00:00Z`);
export const NEXT_MONDAY = addDays(mondayOf(TODAY), 7);

export async function resetTrialData(): Promise<void> {
  const db = getDb();
  await db.deleteFrom("trial_bookings").execute();
  await db.deleteFrom("trial_session_locks").execute();
  await db.deleteFrom("mail_outbox").execute();
  await db.deleteFrom("schedule_changes").execute();
  await db.deleteFrom("schedule_activities").execute();
  const season = await db
    .selectFrom("site_settings")
    .select("updated_at")
    .where("category", "=", "season")
    .executeTakeFirst();
  await saveSeason({
    season: { start: addDays(TODAY, -60), end: addDays(TODAY, 120) },
    loadedAt: season?.updated_at ?? null,
  });
}

export function mondayClass(places = 3, minAge = 0) {
  return createActivity({
    title: "Boxe anglaise loisir",
    day: "Lundi",
    start_time: "19h00",
    end_time: "20h30",
    trial_enabled: 1,
    trial_places: places,
    trial_min_age: minAge,
  });
}

let people = 0;

/** An adult's request for that session, each with its own e-mail address unless given. */
export function request(activityId: number, values: Partial<TrialRequest> = {}): TrialRequest {
  people += 1;
  return {
    activityId,
    date: NEXT_MONDAY,
    firstName: `Prénom${people}`,
    lastName: "Durand",
    email: `  Visiteur${people}@Exemple.fr `,
    phone: "06 12 34 56 78",
    child: null,
    level: "debutant",
    message: "",
    waitlist: false,
    ...values,
  };
}

/** The mails queued, oldest first. */
export function outbox() {
  return getDb()
    .selectFrom("mail_outbox")
    .select(["to_address", "subject", "body_text", "attachments"])
    .orderBy("id")
    .execute();
}

/** Books next Monday's session for `email` (on the waitlist if asked); returns the booking's id. */
export async function book(activityId: number, email: string, waitlist = false) {
  const result = await bookTrial(request(activityId, { email, waitlist }), NOW);
  if (!result.ok) throw new Error(result.refusal);
  return result.bookingId;
}
