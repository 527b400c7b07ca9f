/*
 * The question a timetable save asks before it mails booked families: the action answers
 * `{ intent, familiesToTell: n }` instead of saving, the screen asks "2 familles seront
 * prévenues", and the same form goes again with `notified` = n (the number the volunteer
 * agreed to tell). Shared by the server (families-to-tell.server.ts) and the screens.
 */

/** The field of a save's form that carries the number of families the volunteer agreed to tell. */
export const NOTIFIED_FIELD = "notified";

/** "2 familles seront prévenues", "1 famille sera prévenue". */
export function familiesSentence(count: number): string {
  return count > 1 ? `${count} familles seront prévenues` : `${count} famille sera prévenue`;
}

/** "2 familles inscrites", "1 famille inscrite": what a session or an activity holds. */
export function familiesBooked(count: number): string {
  return count > 1 ? `${count} familles inscrites` : `${count} famille inscrite`;
}

/** The number of families an action's answer asks about, or null when it asks nothing. */
export function familiesAsked(result: unknown): number | null {
  if (!result || typeof result !== "object" || !("familiesToTell" in result)) return null;
  const count = (result as { familiesToTell: unknown }).familiesToTell;
  return typeof count === "number" && count > 0 ? count : null;
}
