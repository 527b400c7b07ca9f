import { elide } from "~/core/french";
import { ArrowLeft } from "lucide-react";
import { isRouteErrorResponse, Link } from "react-router";
import { buttonClass } from "~/components/site/button-link";
import { NotFoundSection } from "~/components/site/not-found-section";
import { PageHero } from "~/components/site/page-hero";
import { Section } from "~/components/site/section";
import { timeRange } from "~/components/site/schedule/timetable";
import { SessionFacts, sessionDay, TrialSteps } from "~/components/site/trials/trial-session";
import { parisToday } from "~/core/club-time";
import { audienceQuery, readAudience } from "~/domains/trials/trial-audience";
import { listBookableSessions } from "~/domains/trials/trial-booking.server";
import { pageMeta } from "~/utils/seo";
import type { Route } from "./+types/trial-sessions";
import { requireTrialActivity, TRIAL_PAGE_HEADERS } from "./trial.server";

/*
 * /essai/:activityId, step 3: the activity's dated sessions of the next four weeks, with
 * their places left; a full one leads to its waitlist. `?pour=` goes on to the form.
 */

export const headers = () => TRIAL_PAGE_HEADERS;

export async function loader({ params, request }: Route.LoaderArgs) {
  const activity = await requireTrialActivity(params.activityId);
  const sessions = await listBookableSessions(activity.id, parisToday());
  const audience = readAudience(new URL(request.url).searchParams.get("pour"));
  return { activity, sessions, audience };
}

export const meta: Route.MetaFunction = ({ data, matches, params }) => [
  ...pageMeta({
    matches,
    title: data ? `Séance d'essai : ${data.activity.title}` : "Activité non trouvée",
    description: data
      ? `Les prochaines séances ${elide("de", data.activity.title)} ouvertes à l'essai, avec les places restantes.`
      : "",
    path: `/essai/${params.activityId}`,
  }),
  { name: "robots", content: "noindex" },
];

export default function TrialSessions({ loaderData }: Route.ComponentProps) {
  const { activity, sessions, audience } = loaderData;
  const query = audienceQuery(audience);
  return (
    <>
      <PageHero
        eyebrow="Séance d'essai"
        title={activity.title}
        subtitle={`${activity.day} · ${timeRange(activity.start_time, activity.end_time)}${activity.age_range ? ` · ${activity.age_range}` : ""}`}
        accent="teal"
      />
      <Section>
        <div className="mx-auto max-w-4xl">
          <TrialSteps current={3} />
          <h2 className="mt-6 text-3xl uppercase md:text-4xl">Choisissez une séance</h2>
          <span aria-hidden="true" className="mt-4 block h-1 w-14 rounded-full bg-gold" />
          <p className="mt-4 text-gray-700">
            Les séances des quatre prochaines semaines. Une séance complète propose sa liste
            d'attente : vous êtes prévenu par e-mail si une place se libère.
          </p>
          {sessions.length === 0 ? (
            <p className="mt-8 rounded-2xl bg-gray-50 p-6 text-lg ring-1 ring-ink/5">
              Aucune séance de ce cours n'est ouverte à l'essai dans les quatre prochaines semaines.
            </p>
          ) : (
            <ul aria-label="Séances" className="mt-8 grid gap-4 sm:grid-cols-2">
              {sessions.map((session) => (
                <li
                  key={session.date}
                  className="flex flex-col gap-4 rounded-2xl bg-gray-50 p-5 ring-1 ring-ink/10"
                >
                  <SessionFacts session={session} />
                  <Link
                    to={`/essai/${activity.id}/${session.date}${query}`}
                    className={buttonClass(session.full ? "outline-dark" : "dark", "mt-auto")}
                  >
                    {session.full ? "Rejoindre la liste d'attente" : "Réserver cette séance"}
                    <span className="sr-only"> : {sessionDay(session)}</span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
          <Link
            to={`/essai${query}`}
            className="mt-8 inline-flex items-center gap-2 font-semibold text-teal-dark underline"
          >
            <ArrowLeft aria-hidden="true" className="size-4" />
            Choisir un autre cours
          </Link>
        </div>
      </Section>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (!isRouteErrorResponse(error) || error.status !== 404) throw error;
  return <TrialActivityNotFound />;
}

/** The 404 of an activity that does not exist or no longer accepts trials. */
export function TrialActivityNotFound() {
  return (
    <NotFoundSection title="Activité non trouvée" backTo="/essai" backLabel="Voir les activités">
      <p className="text-lg text-gray-700">
        Cette activité n'existe pas ou ne propose plus de séance d'essai en ligne.
      </p>
    </NotFoundSection>
  );
}
