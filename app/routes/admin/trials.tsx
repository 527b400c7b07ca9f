import { Download } from "lucide-react";
import { Link } from "react-router";
import { AdminPageHeader } from "~/components/admin/forms/page-header";
import { TRIAL_CANCEL } from "~/components/admin/trials/trial-booking-item";
import { TrialSessionCard } from "~/components/admin/trials/trial-session-card";
import { useRowsToast } from "~/components/admin/forms/use-action-toast";
import { buttonClasses } from "~/components/ui/button";
import { parisToday } from "~/content/dated-sessions";
import { hasStarted, listTrialSessionsForAdmin } from "~/models/trial-booking.server";
import { adminMeta } from "~/utils/admin-route";
import { requireAdmin } from "~/utils/auth.server";
import { keepInputOnNetworkFailure, unlessNetworkFailure } from "~/utils/network-failure";
import type { Route } from "./+types/trials";
import { trialsAction } from "./trials.server";

/*
 * /admin/essais (issue 16): the trial sessions booked from /essai, upcoming ones and those
 * of the last seven days (for attendance), with their places, bookings and waitlist.
 */

export const meta: Route.MetaFunction = () => adminMeta("Essais");

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const now = new Date();
  const sessions = await listTrialSessionsForAdmin(parisToday(now));
  // Begun: attendance can be noted, nothing cancelled any more.
  return {
    sessions: sessions.map((session) => ({
      ...session,
      started: hasStarted({ ...session, start: session.onStart, end: session.onEnd }, now),
    })),
  };
}

export async function action({ request }: Route.ActionArgs) {
  return trialsAction(request);
}

export const clientAction = ({ serverAction }: Route.ClientActionArgs) =>
  keepInputOnNetworkFailure(serverAction);
export const shouldRevalidate = unlessNetworkFailure();

export default function Trials({ loaderData }: Route.ComponentProps) {
  const { sessions } = loaderData;
  const upcoming = sessions.filter((session) => !session.started);
  const past = sessions.filter((session) => session.started).reverse();
  useRowsToast(TRIAL_CANCEL);
  return (
    <>
      <AdminPageHeader
        title="Essais"
        description="Les séances d'essai réservées depuis le site : les prochaines, et celles des 7 derniers jours pour noter qui est venu."
        actions={
          // A download, not a screen: the browser fetches the file itself.
          <a
            href="/admin/essais/export.csv"
            download
            className={buttonClasses({ variant: "secondary" })}
          >
            <Download aria-hidden="true" className="size-4" />
            Exporter en CSV
          </a>
        }
      />
      {sessions.length === 0 ? (
        <div className="rounded-lg bg-gray-50 p-6 text-center text-gray-700">
          <p>Aucune réservation d'essai pour le moment.</p>
          <p className="mt-2 text-sm">
            Les activités ouvertes à l'essai se choisissent dans{" "}
            <Link to="/admin/schedule" className="font-semibold text-teal-dark underline">
              Planning
            </Link>{" "}
            (« Accepte les essais » dans chaque activité).
          </p>
        </div>
      ) : (
        <div className="flex flex-col gap-8">
          <section aria-labelledby="essais-a-venir" className="flex flex-col gap-4">
            <h2 id="essais-a-venir" className="text-xl font-bold text-ink">
              À venir
            </h2>
            {upcoming.length === 0 ? (
              <p className="text-gray-700">Aucune séance d'essai à venir.</p>
            ) : (
              upcoming.map((session) => (
                <TrialSessionCard
                  key={`${session.activityId}-${session.date}`}
                  session={session}
                  started={session.started}
                />
              ))
            )}
          </section>
          {past.length > 0 ? (
            <section aria-labelledby="essais-passes" className="flex flex-col gap-4">
              <h2 id="essais-passes" className="text-xl font-bold text-ink">
                Passées (7 derniers jours)
              </h2>
              {past.map((session) => (
                <TrialSessionCard
                  key={`${session.activityId}-${session.date}`}
                  session={session}
                  started={session.started}
                />
              ))}
            </section>
          ) : null}
        </div>
      )}
    </>
  );
}
