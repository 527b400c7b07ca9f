import { ArrowLeft } from "lucide-react";
import { data, isRouteErrorResponse, Link } from "react-router";
import { NotFoundSection } from "~/components/site/not-found-section";
import { PageHero } from "~/components/site/page-hero";
import { Section } from "~/components/site/section";
import { TrialForm } from "~/components/site/trials/trial-form";
import { SessionFacts, sessionDay, TrialSteps } from "~/components/site/trials/trial-session";
import { audienceQuery, childRuleOf, readAudience } from "~/domains/trials/trial-audience";
import { EMPTY_TRIAL_VALUES } from "~/domains/trials/trial-schema";
import { useNonce } from "~/utils/nonce";
import { pageMeta } from "~/utils/seo";
import type { Route } from "./+types/trial-book";
import { TrialActivityNotFound } from "./trial-sessions";
import { trialBookingAction } from "./trial-book.server";
import { findBookableSession, requireTrialActivity, TRIAL_PAGE_HEADERS } from "./trial.server";

/* /essai/:activityId/:date, step 4: the chosen session and the booking form. */

export const headers = () => TRIAL_PAGE_HEADERS;

async function sessionOf(params: Route.LoaderArgs["params"]) {
  const activity = await requireTrialActivity(params.activityId);
  const session = await findBookableSession(activity.id, params.date);
  if (!session) throw data("Séance non disponible", { status: 404 });
  return { activity, session };
}

export async function loader({ params, request }: Route.LoaderArgs) {
  const audience = readAudience(new URL(request.url).searchParams.get("pour"));
  return { ...(await sessionOf(params)), audience };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { activity, session } = await sessionOf(params);
  return trialBookingAction({ request, context, activity, date: session.date });
}

export const meta: Route.MetaFunction = ({ data: loaded, matches, params }) => [
  ...pageMeta({
    matches,
    title: loaded
      ? `Séance d'essai : ${loaded.activity.title}, ${sessionDay(loaded.session).toLowerCase()}`
      : "Séance non disponible",
    description: "Réservez votre séance d'essai gratuite au club de boxe de Meyzieu.",
    path: `/essai/${params.activityId}/${params.date}`,
  }),
  { name: "robots", content: "noindex" },
];

export default function TrialBook({ loaderData, actionData }: Route.ComponentProps) {
  const { activity, session, audience } = loaderData;
  const nonce = useNonce();
  const rule = childRuleOf(activity);
  const query = audienceQuery(audience);
  // An adults' class that takes under-18s: "pour mon enfant" starts ticked when the visitor
  // said the trial is a child's or a teenager's.
  const initial = {
    ...EMPTY_TRIAL_VALUES,
    for_child: rule === "optional" && audience !== null && audience !== "adulte" ? "on" : "",
  };
  const waitlist = session.full || actionData?.offerWaitlist === true;
  return (
    <>
      <PageHero eyebrow="Séance d'essai" title={activity.title} accent="teal" />
      <Section tone="light" className="bg-gray-50!">
        <div className="mx-auto max-w-3xl">
          <TrialSteps current={4} />
          <div className="mt-6 flex flex-col gap-4 rounded-2xl bg-white p-5 ring-1 ring-ink/10 sm:flex-row sm:items-center sm:justify-between">
            <div>
              <h2 className="text-2xl uppercase">Votre séance</h2>
              <div className="mt-3">
                <SessionFacts session={session} />
              </div>
            </div>
            <Link
              to={`/essai/${activity.id}${query}`}
              className="inline-flex items-center gap-2 font-semibold text-teal-dark underline"
            >
              <ArrowLeft aria-hidden="true" className="size-4" />
              Changer de séance
            </Link>
          </div>
          {waitlist ? (
            <p className="mt-6 rounded-2xl bg-gold/25 p-5 ring-1 ring-gold-dark/40">
              <strong>Cette séance est complète.</strong> Inscrivez-vous sur sa liste d'attente : si
              une place se libère, elle vous est donnée dans l'ordre d'inscription et vous recevez
              un e-mail de confirmation.
            </p>
          ) : null}
          <h2 className="mt-10 text-3xl uppercase md:text-4xl">
            {rule === "required" ? "L'enfant et vous" : "Vos informations"}
          </h2>
          <span aria-hidden="true" className="mt-4 mb-8 block h-1 w-14 rounded-full bg-gold" />
          <TrialForm
            action={`/essai/${activity.id}/${session.date}${query}`}
            values={actionData?.values ?? initial}
            errors={actionData?.errors ?? {}}
            formError={actionData?.errors.form}
            // The page's nonce is the signed time it was shown (as on /contact).
            stamp={actionData?.stamp ?? nonce}
            waitlist={waitlist}
            minAge={activity.minAge}
            rule={rule}
          />
        </div>
      </Section>
    </>
  );
}

export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  if (!isRouteErrorResponse(error) || error.status !== 404) throw error;
  if (error.data === "Activité non trouvée") return <TrialActivityNotFound />;
  return (
    <NotFoundSection
      title="Séance non disponible"
      backTo={`/essai/${params.activityId}`}
      backLabel="Voir les autres séances"
    >
      <p className="text-lg text-gray-700">
        Cette séance n'est pas ouverte à l'essai : elle est passée, annulée, ou au-delà des quatre
        prochaines semaines.
      </p>
    </NotFoundSection>
  );
}
