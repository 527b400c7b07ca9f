import { Download } from "lucide-react";
import { Link, useSearchParams } from "react-router";
import { ListResults } from "~/components/admin/list/list-results";
import { FilterLinks, ListSearch } from "~/components/admin/list/list-toolbar";
import { AdminPageHeader } from "~/components/admin/forms/page-header";
import { TRIAL_CANCEL } from "~/components/admin/trials/trial-booking-item";
import { TrialSessionCard } from "~/components/admin/trials/trial-session-card";
import { useRowsToast } from "~/components/admin/forms/use-action-toast";
import { buttonClasses } from "~/components/ui/button";
import { parisToday } from "~/core/club-time";
import { countLabel, readChoice, readPage, readSearch, SEARCH_PARAM } from "~/utils/list-params";
import { TRIAL_PERIODS, TRIAL_STATUS_FILTERS } from "~/domains/trials/trial-schema";
import { hasStarted, listTrialSessionsForAdmin } from "~/domains/trials/trial-booking.server";
import { adminMeta } from "~/utils/admin-route";
import { requireCapability } from "~/domains/volunteers/auth.server";
import { keepInputOnNetworkFailure, unlessNetworkFailure } from "~/utils/network-failure";
import type { Route } from "./+types/trials";
import { trialEnrolAction } from "../membership/trials-enrol.server";
import { trialsAction } from "./trials.server";

/*
 * /admin/essais: the people booked or waiting for a trial from /essai, 25 a page (?page)
 * under their sessions (each with its places), by period (?periode: upcoming sessions
 * with those of the last seven days for attendance, past, all), searched (?q); or the
 * cancelled bookings (?statut=annulees).
 */

export const meta: Route.MetaFunction = () => adminMeta("Essais");

export async function loader({ request }: Route.LoaderArgs) {
  await requireCapability(request, "trials.view");
  const params = new URL(request.url).searchParams;
  const now = new Date();
  const list = await listTrialSessionsForAdmin({
    today: parisToday(now),
    period: readChoice(params, "periode", TRIAL_PERIODS, "a-venir"),
    search: readSearch(params),
    page: readPage(params),
    cancelled: readChoice(params, "statut", TRIAL_STATUS_FILTERS, null) === "annulees",
  });
  // Begun: attendance can be noted, nothing cancelled any more.
  return {
    ...list,
    rows: list.rows.map((session) => ({
      ...session,
      started: hasStarted({ ...session, start: session.onStart, end: session.onEnd }, now),
    })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  // « Inscrire » opens a membership file: it has its own capability: registrations.
  const intent = await request
    .clone()
    .formData()
    .then((form) => form.get("intent"))
    .catch(() => null);
  if (intent === "enrol") return trialEnrolAction(request, context);
  return trialsAction(request, context);
}

export const clientAction = ({ serverAction }: Route.ClientActionArgs) =>
  keepInputOnNetworkFailure(serverAction);
export const shouldRevalidate = unlessNetworkFailure();

const PERIOD_LABELS = { "a-venir": "À venir", passees: "Passées", toutes: "Toutes" };

export default function Trials({ loaderData }: Route.ComponentProps) {
  const { rows: sessions, counts, statusCounts, total, page, pages } = loaderData;
  const [params] = useSearchParams();
  const period = readChoice(params, "periode", TRIAL_PERIODS, "a-venir");
  const cancelled = readChoice(params, "statut", TRIAL_STATUS_FILTERS, null) === "annulees";
  useRowsToast(TRIAL_CANCEL);
  // "À venir" keeps the last 7 days apart, for attendance.
  const sections =
    period === "a-venir"
      ? [
          { id: "essais-a-venir", title: "À venir", sessions: sessions.filter((s) => !s.started) },
          {
            id: "essais-passes",
            title: "Passées (7 derniers jours)",
            sessions: sessions.filter((s) => s.started).reverse(),
          },
        ]
      : [{ id: "essais-periode", title: PERIOD_LABELS[period], sessions }];
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
      <div className="mb-4 flex flex-col gap-3">
        <FilterLinks
          name="periode"
          label="Période"
          current={period === "a-venir" ? null : period}
          choices={TRIAL_PERIODS.map((value) => ({
            value: value === "a-venir" ? null : value,
            label: PERIOD_LABELS[value],
            count: counts[value],
          }))}
        />
        <FilterLinks
          name="statut"
          label="Statut"
          current={cancelled ? "annulees" : null}
          choices={[
            { value: null, label: "Inscrites", count: statusCounts.inscrites },
            { value: "annulees", label: "Annulées", count: statusCounts.annulees },
          ]}
        />
        <ListSearch label="Rechercher une personne" placeholder="Nom, e-mail, téléphone, enfant" />
      </div>
      <ListResults
        page={page}
        pages={pages}
        summary={
          cancelled
            ? countLabel(total, "réservation annulée", "réservations annulées")
            : countLabel(total, "personne", "personnes")
        }
        empty={
          total > 0 ? undefined : counts.toutes === 0 && !cancelled && !params.get(SEARCH_PARAM) ? (
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
            <p className="rounded-lg bg-gray-50 p-6 text-center text-gray-700">
              {params.get(SEARCH_PARAM)
                ? "Aucune réservation de cette période ne correspond à cette recherche."
                : cancelled
                  ? "Aucune réservation annulée pour cette période."
                  : "Aucune séance d'essai à venir."}
            </p>
          )
        }
      >
        <div className="flex flex-col gap-8">
          {sections.map((section) =>
            section.sessions.length === 0 && section.id === "essais-passes" ? null : (
              <section
                key={section.id}
                aria-labelledby={section.id}
                className="flex flex-col gap-4"
              >
                <h2 id={section.id} className="text-xl font-bold text-ink">
                  {section.title}
                </h2>
                {section.sessions.length === 0 ? (
                  <p className="text-gray-700">
                    {cancelled
                      ? "Aucune réservation annulée à venir."
                      : "Aucune séance d'essai à venir."}
                  </p>
                ) : (
                  section.sessions.map((session) => (
                    <TrialSessionCard
                      key={session.key}
                      session={session}
                      started={session.started}
                    />
                  ))
                )}
              </section>
            ),
          )}
        </div>
      </ListResults>
    </>
  );
}
