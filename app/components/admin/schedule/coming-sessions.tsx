import { CalendarClock } from "lucide-react";
import { Link } from "react-router";
import { DashboardCard } from "~/components/admin/dashboard/dashboard-card";
import { addDays } from "~/core/club-time";
import { frenchDay } from "~/core/date-format";
import { familiesBooked } from "~/domains/schedule/families-question";
import type { ComingSession } from "~/domains/dashboard/dashboard.server";

/*
 * The dashboard's urgent job on a phone: tonight's class is off. Today's and the next days'
 * sessions in one list; each opens "Changements" on that session, where a reason and a save
 * are all that is left (with the count of families who will be mailed).
 */

function dayTitle(date: string, today: string): string {
  if (date === today) return "Aujourd'hui";
  if (date === addDays(today, 1)) return "Demain";
  const day = frenchDay(date);
  return day.charAt(0).toUpperCase() + day.slice(1);
}

function changeLink(session: ComingSession, type: "cancel" | "move"): string {
  const params = new URLSearchParams({
    tab: "changements",
    activite: String(session.activityId),
    date: session.date,
    type,
  });
  return `/admin/schedule?${params}`;
}

const LINK =
  "inline-flex min-h-11 items-center rounded-md border border-gray-300 px-3 text-sm font-semibold text-ink hover:border-teal-dark hover:bg-teal-light/50";

export function ComingSessions({ sessions, today }: { sessions: ComingSession[]; today: string }) {
  const days = [...new Set(sessions.map((session) => session.onDate))].sort();
  return (
    <DashboardCard
      id="seances"
      title="Annuler ou déplacer une séance"
      icon={{ Icon: CalendarClock, color: "text-teal-dark" }}
      className="mt-8"
    >
      <p className="mt-1 text-sm text-gray-700">
        Les séances d'aujourd'hui et des deux jours suivants. Les familles inscrites à un essai sont
        prévenues par e-mail.
      </p>
      {sessions.length === 0 ? (
        <p className="mt-4 text-gray-700">Aucune séance d'ici après-demain.</p>
      ) : (
        days.map((day) => (
          <div key={day} className="mt-4">
            <h3 className="font-sans text-sm font-bold tracking-normal text-ink">
              {dayTitle(day, today)}
            </h3>
            <ul className="mt-2 flex flex-col divide-y divide-gray-200">
              {sessions
                .filter((session) => session.onDate === day)
                .map((session) => (
                  <li
                    key={`${session.activityId}-${session.date}`}
                    className="flex flex-col gap-2 py-2 sm:flex-row sm:items-center sm:gap-3"
                  >
                    <p className="min-w-0 flex-1 text-sm text-ink">
                      <span className="font-semibold tabular-nums">
                        {session.onStart}–{session.onEnd}
                      </span>{" "}
                      {session.title}
                      {session.state === "cancelled" && (
                        <span className="font-semibold text-red-800"> · annulée</span>
                      )}
                      {session.state === "moved" && (
                        <span className="font-semibold text-gold-dark"> · déplacée</span>
                      )}
                      {session.families > 0 && (
                        <span className="text-gray-700"> · {familiesBooked(session.families)}</span>
                      )}
                    </p>
                    {session.state === "scheduled" && (
                      <div className="flex gap-2">
                        <Link
                          to={changeLink(session, "cancel")}
                          className={LINK}
                          aria-label={`Annuler ${session.title}, ${frenchDay(session.date)} ${session.onStart}`}
                        >
                          Annuler
                        </Link>
                        <Link
                          to={changeLink(session, "move")}
                          className={LINK}
                          aria-label={`Déplacer ${session.title}, ${frenchDay(session.date)} ${session.onStart}`}
                        >
                          Déplacer
                        </Link>
                      </div>
                    )}
                  </li>
                ))}
            </ul>
          </div>
        ))
      )}
    </DashboardCard>
  );
}
