import type { TrialChild } from "./trial-sessions.server";
import { plainName } from "~/core/person-name";

/*
 * The limit on upcoming trials counts people, not e-mail addresses: a family shares one
 * address, and a parent books for each child (and for themself). So:
 * - one person holds one upcoming trial (booked or on a waitlist): the same child, or the
 *   same adult, cannot book a second session before the first has passed or is cancelled;
 * - one address holds at most MAX_UPCOMING_TRIALS_PER_EMAIL upcoming trials, whoever they
 *   are for: a bound on what one address (a robot's, say) can hold, above any family's need.
 * A person is their name as typed (accents, case and spacing aside): a child by the
 * child's name, an adult by their own; a child's row from before migration 017, without a
 * last name, is the same child as any with that first name.
 */

/** One address holds at most this many upcoming trials (booked or waitlisted). */
export const MAX_UPCOMING_TRIALS_PER_EMAIL = 4;

/** The columns of a stored booking that say whom it is for. */
export interface BookedPerson {
  first_name: string;
  last_name: string;
  child_first_name: string | null;
  child_last_name: string | null;
}

function sameName(a: { first: string; last: string }, b: { first: string; last: string }) {
  if (plainName(a.first) !== plainName(b.first)) return false;
  return !plainName(a.last) || !plainName(b.last) || plainName(a.last) === plainName(b.last);
}

/** True when a stored booking is for the person of a new request. */
export function isSamePerson(
  booked: BookedPerson,
  request: { firstName: string; lastName: string; child: TrialChild | null },
): boolean {
  if (request.child) {
    return (
      booked.child_first_name !== null &&
      sameName(
        { first: booked.child_first_name, last: booked.child_last_name ?? "" },
        { first: request.child.firstName, last: request.child.lastName },
      )
    );
  }
  return (
    booked.child_first_name === null &&
    sameName(
      { first: booked.first_name, last: booked.last_name },
      { first: request.firstName, last: request.lastName },
    )
  );
}
