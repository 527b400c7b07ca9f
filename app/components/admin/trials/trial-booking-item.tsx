import { elide } from "~/core/french";
import { useFetcher } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { useConfirmAction } from "~/components/ui/confirm-dialog";
import { formatFrenchDate } from "~/core/date-format";
import { TRIAL_LEVELS } from "~/domains/trials/trial-schema";
import type { AdminBooking, Attendance } from "~/domains/trials/trial-booking.server";
import { useActionToast, useRowFetcher } from "~/components/admin/forms/use-action-toast";
import { useCan } from "~/components/admin/shell/use-can";
import { TrialEnrolButton } from "./trial-enrol-button";

/*
 * One person booked (or waiting) on a trial session of the Essais screen: who, how to
 * reach them, their level and message; after the session, present or absent; before it,
 * the club's cancellation (confirmed first; the person is mailed).
 */

type ActionResult = { toast?: { type: "success" | "error"; message: string } };

const ATTENDANCE: { value: Exclude<Attendance, "">; label: string }[] = [
  { value: "present", label: "Présent" },
  { value: "absent", label: "Absent" },
];

/** "Léa Martin", or for a child "Noé Martin (enfant, né(e) en 2017)". */
export function bookingName(booking: AdminBooking): string {
  const adult = `${booking.firstName} ${booking.lastName}`;
  if (!booking.child) return adult;
  const { firstName, lastName, birthYear } = booking.child;
  return `${`${firstName} ${lastName}`.trim()} (enfant, né(e) en ${birthYear})`;
}

function AttendanceButtons({ booking }: { booking: AdminBooking }) {
  const fetcher = useFetcher<ActionResult>();
  useActionToast(fetcher.data);
  // Shown at once, before the server answers.
  const pending = fetcher.formData?.get("attendance");
  const current = typeof pending === "string" ? pending : booking.attendance;
  return (
    <div
      role="group"
      aria-label={`Présence ${elide("de", bookingName(booking))}`}
      className="flex gap-1"
    >
      {ATTENDANCE.map(({ value, label }) => {
        const pressed = current === value;
        return (
          <Button
            key={value}
            type="button"
            size="sm"
            variant={pressed ? "primary" : "secondary"}
            aria-pressed={pressed}
            className={cn(pressed && value === "absent" && "bg-red-700 hover:bg-red-800")}
            onClick={() =>
              fetcher.submit(
                { intent: "attendance", id: String(booking.id), attendance: pressed ? "" : value },
                { method: "post" },
              )
            }
          >
            {label}
          </Button>
        );
      })}
    </div>
  );
}

/** The key of the cancel buttons' fetcher: the screen shows its toast (useRowsToast). */
export const TRIAL_CANCEL = "trial-cancel";

function CancelButton({ booking, title }: { booking: AdminBooking; title: string }) {
  const { fetcher, busy } = useRowFetcher<ActionResult>(TRIAL_CANCEL, booking.id);
  const confirm = useConfirmAction();
  async function cancel() {
    const confirmed = await confirm({
      title: "Annuler cette réservation ?",
      // The one who booked is mailed: a child's parent, not the child.
      description: `La réservation ${elide("de", bookingName(booking))} à « ${title} » sera annulée : ${booking.firstName} ${booking.lastName} en est prévenu(e) par un e-mail à ${booking.email}.${booking.status === "booked" ? " La place revient à la première personne de la liste d'attente." : ""}`,
      confirmLabel: "Annuler la réservation",
      cancelLabel: "Garder",
    });
    if (confirmed) {
      await fetcher.submit({ intent: "cancel", id: String(booking.id) }, { method: "post" });
    }
  }
  return (
    <Button type="button" size="sm" variant="secondary" busy={busy} onClick={cancel}>
      Annuler<span className="sr-only"> la réservation {elide("de", bookingName(booking))}</span>
    </Button>
  );
}

export function TrialBookingItem({
  booking,
  title,
  past,
  rank,
}: {
  booking: AdminBooking;
  /** The session's activity, for the confirmation's text. */
  title: string;
  /** The session has begun: attendance instead of cancellation. */
  past: boolean;
  /** Position on the waitlist (1 = next to get a place). */
  rank?: number;
}) {
  // The treasurer sees the bookings; noting attendance and cancelling are the coaches'.
  const manage = useCan("trials.manage");
  const enrol = useCan("registrations") && booking.status !== "cancelled";
  const attendance = ATTENDANCE.find((choice) => choice.value === booking.attendance);
  return (
    <li className="flex flex-col gap-3 px-4 py-3 md:flex-row md:items-start md:justify-between">
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 font-semibold text-ink">
          {rank ? <Badge tone="warning">{`En attente n° ${rank}`}</Badge> : null}
          {booking.status === "cancelled" ? <Badge tone="neutral">Annulée</Badge> : null}
          {bookingName(booking)}
          <Badge tone={booking.level === "debutant" ? "teal" : "gold"}>
            {TRIAL_LEVELS[booking.level]}
          </Badge>
        </p>
        {booking.child ? (
          <p className="text-sm text-gray-700">
            Parent : {booking.guardianName || `${booking.firstName} ${booking.lastName}`}
            {!booking.guardianName ||
            booking.guardianName === `${booking.firstName} ${booking.lastName}`
              ? ""
              : ` · réservé par ${booking.firstName} ${booking.lastName}`}
          </p>
        ) : null}
        <p className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm">
          <a href={`mailto:${booking.email}`} className="break-all text-teal-dark underline">
            {booking.email}
          </a>
          {booking.phone ? (
            <a
              href={`tel:${booking.phone.replace(/[^+\d]/g, "")}`}
              className="text-teal-dark underline"
            >
              {booking.phone}
            </a>
          ) : null}
        </p>
        {booking.message ? (
          <p className="mt-1 whitespace-pre-line break-words text-sm text-gray-800">
            « {booking.message} »
          </p>
        ) : null}
        {booking.cancelledAt ? (
          <p className="mt-1 text-sm text-gray-700">
            Annulée le {formatFrenchDate(booking.cancelledAt)}
            {booking.cancelNote ? ` (${booking.cancelNote})` : ""}
          </p>
        ) : null}
      </div>
      <div className="flex shrink-0 flex-col items-start gap-2">
        {enrol ? (
          <TrialEnrolButton
            bookingId={booking.id}
            name={bookingName(booking)}
            email={booking.email}
          />
        ) : null}
        {!manage ? (
          attendance ? (
            <Badge tone={attendance.value === "present" ? "success" : "danger"}>
              {attendance.label}
            </Badge>
          ) : null
        ) : booking.status === "cancelled" ? null : past && booking.status === "booked" ? (
          <AttendanceButtons booking={booking} />
        ) : past ? null : (
          <CancelButton booking={booking} title={title} />
        )}
      </div>
    </li>
  );
}
