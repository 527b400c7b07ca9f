import { Badge } from "~/components/ui/badge";
import { frenchDay } from "~/core/date-format";
import { timeRange } from "~/components/site/schedule/timetable";
import type {
  AdminBooking,
  AdminTrialSession,
  AdminWaiting,
} from "~/domains/trials/trial-booking.server";
import { TrialBookingItem } from "./trial-booking-item";

/*
 * A trial session of the Essais screen: its activity, day and time, the places taken and
 * left, the people booked, then its waitlist in order; those of them the page holds (a
 * note says how many are on the page before or after). A deleted activity's session shows
 * as its bookings kept it, without places.
 */

/** "1 place", "3 places". */
function plural(count: number, word: string): string {
  return `${count} ${word}${count > 1 ? "s" : ""}`;
}

/** "2 personnes de cette séance sont sur la page précédente." */
function elsewhere(count: number, where: string): string {
  return count === 1
    ? `1 personne de cette séance est sur la page ${where}.`
    : `${count} personnes de cette séance sont sur la page ${where}.`;
}

function sessionLabel(session: AdminTrialSession): string {
  const day = frenchDay(session.onDate);
  return `${day.charAt(0).toUpperCase()}${day.slice(1)} · ${timeRange(session.onStart, session.onEnd)}`;
}

export function TrialSessionCard({
  session,
  started,
}: {
  session: AdminTrialSession;
  /** Begun or over: attendance instead of cancellation. */
  started: boolean;
}) {
  const headingId = `essai-${session.key.replace(/[^\w-]/g, "_")}`;
  const taken = session.places - session.placesLeft;
  return (
    <article aria-labelledby={headingId} className="card overflow-hidden">
      <header className="flex flex-col gap-2 border-b border-gray-200 bg-gray-50 px-4 py-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0">
          <h3 id={headingId} className="text-lg font-bold text-ink">
            {session.title}
          </h3>
          <p className="text-sm text-gray-700">
            {sessionLabel(session)}
            {session.state === "moved"
              ? ` · déplacée${session.note ? ` (${session.note})` : ""}`
              : ""}
          </p>
        </div>
        <p className="flex flex-wrap gap-2">
          {session.removed ? (
            <Badge tone="danger">Cours supprimé</Badge>
          ) : session.cancelled ? (
            <Badge tone="danger">Séance annulée</Badge>
          ) : null}
          {session.removed ? null : (
            <Badge tone={session.full ? "danger" : "success"}>
              {session.full
                ? `Complet (${plural(session.places, "place")})`
                : `${taken} / ${session.places} · ${plural(session.placesLeft, "place")} ${session.placesLeft > 1 ? "restantes" : "restante"}`}
            </Badge>
          )}
          {session.waitlist.length > 0 ? (
            <Badge tone="warning">{`${session.waitlist.length} en attente`}</Badge>
          ) : null}
        </p>
      </header>
      {session.before > 0 ? <Elsewhere>{elsewhere(session.before, "précédente")}</Elsewhere> : null}
      {session.bookings.length > 0 ? (
        <BookingList
          label={`${session.bookings[0]!.status === "cancelled" ? "Annulations" : "Réservations"} : ${session.title}`}
          bookings={session.bookings}
          title={session.title}
          past={started}
        />
      ) : session.before > 0 ? null : (
        <p className="px-4 py-3 text-sm text-gray-700">Aucune réservation confirmée.</p>
      )}
      {session.waitlist.length > 0 ? (
        <>
          <h4 className="border-t border-gray-200 bg-amber-50 px-4 py-2 text-sm font-semibold text-amber-900">
            Liste d'attente
          </h4>
          <BookingList
            ordered
            label={`Liste d'attente : ${session.title}`}
            bookings={session.waitlist}
            title={session.title}
            past={started}
          />
        </>
      ) : null}
      {session.after > 0 ? <Elsewhere>{elsewhere(session.after, "suivante")}</Elsewhere> : null}
    </article>
  );
}

/** The session's bookings, or its waitlist: in order, each with its rank. */
function BookingList({
  ordered = false,
  label,
  bookings,
  title,
  past,
}: {
  ordered?: boolean;
  label: string;
  bookings: (AdminBooking | AdminWaiting)[];
  title: string;
  past: boolean;
}) {
  const List = ordered ? "ol" : "ul";
  return (
    <List aria-label={label} className="divide-y divide-gray-200">
      {bookings.map((booking) => (
        <TrialBookingItem
          key={booking.id}
          booking={booking}
          title={title}
          past={past}
          rank={"rank" in booking ? booking.rank : undefined}
        />
      ))}
    </List>
  );
}

function Elsewhere({ children }: { children: string }) {
  return <p className="border-t border-gray-200 px-4 py-2 text-sm text-gray-700">{children}</p>;
}
