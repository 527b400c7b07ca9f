import { ButtonLink } from "~/components/site/button-link";
import { PageHero } from "~/components/site/page-hero";
import { Section } from "~/components/site/section";
import { ActivityCards, AudienceChoice } from "~/components/site/trials/trial-choices";
import { TrialSteps } from "~/components/site/trials/trial-session";
import {
  AUDIENCE_LABELS,
  audienceOfCategory,
  readAudience,
  TRIAL_AUDIENCES,
  type TrialAudience,
} from "~/domains/trials/trial-audience";
import { listTrialActivities } from "~/domains/trials/trial-booking.server";
import { pageMeta } from "~/utils/seo";
import type { Route } from "./+types/trial";
import { TRIAL_PAGE_HEADERS } from "./trial.server";

/*
 * /essai, steps 1 and 2 of a trial booking: for whom (`?pour=enfant|ado|adulte`, plain
 * links), then the activities that accept trials, those of that audience first and the
 * others under their own heading; without an audience, every activity by audience.
 */

export const headers = () => TRIAL_PAGE_HEADERS;

export async function loader({ request }: Route.LoaderArgs) {
  const audience = readAudience(new URL(request.url).searchParams.get("pour"));
  const activities = await listTrialActivities();
  const counts = Object.fromEntries(
    TRIAL_AUDIENCES.map((one) => [
      one,
      activities.filter((activity) => audienceOfCategory(activity.category) === one).length,
    ]),
  ) as Record<TrialAudience, number>;
  return { audience, activities, counts };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    matches,
    title: "Réserver une séance d'essai",
    description:
      "Réservez en ligne votre séance d'essai gratuite au club de boxe anglaise de Meyzieu : pour un enfant, un ado ou un adulte, choisissez le cours, la date, et venez essayer.",
    path: "/essai",
  });

const HEADING = "text-3xl uppercase md:text-4xl";
const BAR = <span aria-hidden="true" className="mt-4 block h-1 w-14 rounded-full bg-gold" />;

export default function Trial({ loaderData }: Route.ComponentProps) {
  const { audience, activities, counts } = loaderData;
  const ofAudience = (one: TrialAudience) =>
    activities.filter((activity) => audienceOfCategory(activity.category) === one);
  const matching = audience ? ofAudience(audience) : [];
  const others = audience
    ? activities.filter((activity) => audienceOfCategory(activity.category) !== audience)
    : [];
  return (
    <>
      <PageHero
        title="Séance d'essai"
        subtitle="La première séance est offerte et sans engagement : dites-nous pour qui, choisissez le cours, puis la date qui vous convient."
        accent="teal"
      />
      <Section>
        <div className="mx-auto max-w-4xl">
          <TrialSteps current={audience ? 2 : 1} />
          <h2 className={`mt-6 ${HEADING}`}>Pour qui ?</h2>
          {BAR}
          <p className="mt-4 text-gray-700">
            Un parent peut réserver pour chacun de ses enfants, et pour lui-même : une séance
            d'essai à la fois par personne.
          </p>
          <AudienceChoice current={audience} counts={counts} />

          {activities.length === 0 ? (
            <div className="mt-10 rounded-2xl bg-gray-50 p-6 ring-1 ring-ink/5">
              <p className="text-lg">
                Aucun cours ne propose de séance d'essai en ligne pour le moment.
              </p>
              <p className="mt-2 text-gray-700">
                Écrivez-nous ou appelez le club : nous trouverons ensemble le bon créneau.
              </p>
              <ButtonLink to="/contact" variant="dark" className="mt-4">
                Nous contacter
              </ButtonLink>
            </div>
          ) : audience ? (
            <div id="cours" className="scroll-mt-28">
              <h2 className={`mt-12 ${HEADING}`}>Les cours {AUDIENCE_LABELS[audience].forWhom}</h2>
              {BAR}
              {matching.length === 0 ? (
                <p className="mt-6 rounded-2xl bg-gray-50 p-6 text-lg ring-1 ring-ink/5">
                  Aucun cours {AUDIENCE_LABELS[audience].forWhom} ne propose de séance d'essai en
                  ligne pour le moment : appelez le club, ou voyez les autres cours ci-dessous.
                </p>
              ) : (
                <ActivityCards
                  activities={matching}
                  audience={audience}
                  label={`Les cours ${AUDIENCE_LABELS[audience].forWhom}`}
                />
              )}
              {others.length > 0 ? (
                <>
                  <h2 className="mt-12 text-2xl uppercase md:text-3xl">Les autres cours</h2>
                  <ActivityCards activities={others} audience={null} label="Les autres cours" />
                </>
              ) : null}
            </div>
          ) : (
            <div id="cours" className="scroll-mt-28">
              <h2 className={`mt-12 ${HEADING}`}>Choisissez un cours</h2>
              {BAR}
              {TRIAL_AUDIENCES.filter((one) => counts[one] > 0).map((one) => (
                <section key={one} aria-labelledby={`cours-${one}`} className="mt-8">
                  <h3 id={`cours-${one}`} className="text-2xl uppercase">
                    Les cours {AUDIENCE_LABELS[one].forWhom}
                  </h3>
                  <ActivityCards
                    activities={ofAudience(one)}
                    audience={one}
                    label={`Les cours ${AUDIENCE_LABELS[one].forWhom}`}
                  />
                </section>
              ))}
            </div>
          )}
        </div>
      </Section>
    </>
  );
}
