import { CalendarDays, Clock, MoveRight, Users } from "lucide-react";
import type { ReactNode } from "react";
import { frenchDay } from "~/core/date-format";
import type { BookableSession } from "~/domains/trials/trial-booking.server";
import { ProgressStep } from "../progress-step";
import { timeRange } from "../schedule/timetable";

/*
 * The trial pages' shared pieces: where a booking stands in the four steps, a
 * dated session as visitors read it, and its places. Server-rendered, no script (ADR 006).
 */

export const TRIAL_STEPS = ["Pour qui ?", "Le cours", "La séance", "Vos coordonnées"] as const;

/** "Étape 3 : La séance", with the steps done and to come. */
export function TrialSteps({ current }: { current: 1 | 2 | 3 | 4 }) {
  return (
    <ol aria-label="Étapes de la réservation" className="flex flex-wrap gap-2 text-sm">
      {TRIAL_STEPS.map((label, index) => (
        <ProgressStep key={label} number={index + 1} here={index + 1 === current}>
          {label}
        </ProgressStep>
      ))}
    </ol>
  );
}

/** "Lundi 30 novembre" for a session's day. */
export function sessionDay(session: Pick<BookableSession, "onDate">): string {
  const day = frenchDay(session.onDate);
  return day.charAt(0).toUpperCase() + day.slice(1);
}

/** What a visitor reads of the places: "2 places restantes", or the waitlist when full. */
export function placesText(session: Pick<BookableSession, "full" | "placesLeft">): string {
  if (session.full) return "Complet – liste d'attente";
  return session.placesLeft > 1 ? `${session.placesLeft} places restantes` : "1 place restante";
}

function Fact({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <span className="flex items-center gap-2">
      {icon}
      {children}
    </span>
  );
}

/** A session's day, time and places, and why it moved when it did. */
export function SessionFacts({ session }: { session: BookableSession }) {
  return (
    <span className="flex flex-col gap-1">
      <Fact icon={<CalendarDays aria-hidden="true" className="size-5 shrink-0 text-teal-dark" />}>
        <span className="font-semibold">{sessionDay(session)}</span>
      </Fact>
      <Fact icon={<Clock aria-hidden="true" className="size-5 shrink-0 text-teal-dark" />}>
        {timeRange(session.onStart, session.onEnd)}
        {session.state === "moved" ? (
          <span className="rounded-full bg-gold px-2 py-0.5 text-xs font-bold uppercase text-ink">
            Déplacée
          </span>
        ) : null}
      </Fact>
      {session.state === "moved" && session.note ? (
        <Fact icon={<MoveRight aria-hidden="true" className="size-5 shrink-0 text-teal-dark" />}>
          <span className="text-gray-700">{session.note}</span>
        </Fact>
      ) : null}
      <Fact icon={<Users aria-hidden="true" className="size-5 shrink-0 text-teal-dark" />}>
        <span className={session.full ? "font-semibold text-red-800" : "text-gray-800"}>
          {placesText(session)}
        </span>
      </Fact>
    </span>
  );
}
