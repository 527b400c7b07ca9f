import { LinkConfirm, LinkOutcome, LinkPage, LinkPanel } from "~/components/site/link-panel";
import { CalendarDays, Clock } from "lucide-react";
import { redirect } from "react-router";
import { timeRange } from "~/components/site/schedule/timetable";
import { sessionDay } from "~/components/site/trials/trial-session";
import { kickMailWorker } from "~/domains/mail/worker.server";
import { cancelBookingByToken, getBookingByToken } from "~/domains/trials/trial-booking.server";
import { readForm } from "~/core/form";
import { unlistedPageMeta } from "~/utils/seo";
import type { Route } from "./+types/trial-cancel";
import { TRIAL_PAGE_HEADERS } from "./trial.server";

/*
 * /essai/annuler/:token, the link of the confirmation e-mail. Opening it changes nothing
 * (mail scanners open links): it asks, and the POST button cancels. The token is single
 * use; a used or unknown link says so plainly.
 */

export const headers = () => TRIAL_PAGE_HEADERS;

/** A token as the model makes them: URL-safe, bounded; anything else is unknown. */
const TOKEN = /^[A-Za-z0-9_-]{16,128}$/;

export async function loader({ params, request }: Route.LoaderArgs) {
  const token = params.token;
  const booking = TOKEN.test(token) ? await getBookingByToken(token) : null;
  const justCancelled = new URL(request.url).searchParams.get("annulee") === "1";
  if (!booking) return { state: "unknown" as const, booking: null };
  const { activityTitle, onDate, onStart, onEnd, firstName, status } = booking;
  const shown = { activityTitle, onDate, onStart, onEnd, firstName, status };
  if (status === "cancelled") {
    return { state: justCancelled ? ("cancelled" as const) : ("used" as const), booking: shown };
  }
  return { state: "open" as const, booking: shown };
}

export async function action({ params, request }: Route.ActionArgs) {
  await readForm(request);
  const token = params.token;
  if (TOKEN.test(token) && (await cancelBookingByToken(token))) {
    kickMailWorker();
    return redirect(`/essai/annuler/${token}?annulee=1`);
  }
  // Already used or unknown: the page says which (the address encoded: anything may be typed).
  return redirect(`/essai/annuler/${encodeURIComponent(token)}`);
}

export const meta: Route.MetaFunction = ({ matches }) =>
  unlistedPageMeta({
    matches,
    title: "Annuler une séance d'essai",
    description: "Annulez votre séance d'essai au club de boxe de Meyzieu.",
    path: "/essai/annuler",
  });

export default function TrialCancel({ loaderData }: Route.ComponentProps) {
  const { state, booking } = loaderData;
  return (
    <LinkPage eyebrow="Séance d'essai" title="Annuler ma séance">
      {state === "unknown" ? (
        <LinkOutcome
          role="alert"
          title="Ce lien d'annulation n'est pas valable."
          next={{ to: "/contact", label: "Contacter le club" }}
        >
          Il est incomplet, un e-mail plus récent du club vous en a donné un nouveau, ou la
          réservation a été effacée. Utilisez le lien de notre dernier e-mail en entier, ou appelez
          le club.
        </LinkOutcome>
      ) : state === "used" ? (
        <LinkOutcome
          role="alert"
          title="Cette séance d'essai est déjà annulée."
          next={{ to: "/essai", label: "Réserver une séance d'essai" }}
        >
          Le lien a déjà servi, ou le club a annulé la séance et vous l'a écrit. Vous pouvez
          réserver une autre séance quand vous le souhaitez.
        </LinkOutcome>
      ) : state === "cancelled" ? (
        <LinkOutcome
          role="status"
          title="Votre séance d'essai est annulée."
          next={{ to: "/essai", label: "Réserver une autre séance" }}
        >
          Merci de nous avoir prévenus : la place est rendue à une autre personne.
        </LinkOutcome>
      ) : (
        <LinkPanel>
          <h2 className="text-2xl uppercase">
            {booking!.status === "waitlist"
              ? "Quitter la liste d'attente ?"
              : "Annuler cette séance d'essai ?"}
          </h2>
          <div className="rounded-xl bg-white p-4">
            <p className="font-display text-xl uppercase">{booking!.activityTitle}</p>
            <p className="mt-2 flex items-center gap-2">
              <CalendarDays aria-hidden="true" className="size-5 shrink-0 text-teal-dark" />
              <span className="font-semibold">{sessionDay(booking!)}</span>
            </p>
            <p className="mt-1 flex items-center gap-2">
              <Clock aria-hidden="true" className="size-5 shrink-0 text-teal-dark" />
              {timeRange(booking!.onStart, booking!.onEnd)}
            </p>
          </div>
          <p>
            {booking!.firstName}, si vous ne pouvez pas venir, annulez : la place sera proposée à la
            personne suivante sur la liste d'attente. Le lien ne sert qu'une fois.
          </p>
          <LinkConfirm yes="Oui, annuler ma séance" no="Non, je viendrai" />
        </LinkPanel>
      )}
    </LinkPage>
  );
}
