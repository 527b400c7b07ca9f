import { ArrowRight, Clock, Users } from "lucide-react";
import { Link } from "react-router";
import { ButtonLink } from "~/components/site/button-link";
import { PageHero } from "~/components/site/page-hero";
import { Section } from "~/components/site/section";
import { timeRange } from "~/components/site/timetable";
import { TrialSteps } from "~/components/site/trial-session";
import { ACTIVITY_CATEGORIES, type ActivityCategory } from "~/content/defaults";
import { listTrialActivities } from "~/models/trial-booking.server";
import { pageMeta } from "~/utils/seo";
import type { Route } from "./+types/trial";
import { TRIAL_PAGE_HEADERS } from "./trial.server";

/* /essai, step 1 of a trial booking: the activities that accept trials. */

export const headers = () => TRIAL_PAGE_HEADERS;

export async function loader() {
  const activities = await listTrialActivities();
  return { activities };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    matches,
    title: "Réserver une séance d'essai",
    description:
      "Réservez en ligne votre séance d'essai gratuite au club de boxe anglaise de Meyzieu : choisissez le cours, la date, et venez essayer.",
    path: "/essai",
  });

function categoryLabel(category: string): string {
  return ACTIVITY_CATEGORIES[category as ActivityCategory] ?? "";
}

export default function Trial({ loaderData }: Route.ComponentProps) {
  const { activities } = loaderData;
  return (
    <>
      <PageHero
        title="Séance d'essai"
        subtitle="Votre première séance est offerte et sans engagement : choisissez le cours, puis la date qui vous convient."
        accent="teal"
      />
      <Section>
        <div className="mx-auto max-w-4xl">
          <TrialSteps current={1} />
          <h2 className="mt-6 text-3xl uppercase md:text-4xl">Choisissez une activité</h2>
          <span aria-hidden="true" className="mt-4 block h-1 w-14 rounded-full bg-gold" />
          {activities.length === 0 ? (
            <div className="mt-8 rounded-2xl bg-gray-50 p-6 ring-1 ring-ink/5">
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
          ) : (
            <ul className="mt-8 grid gap-4 sm:grid-cols-2">
              {activities.map((activity) => (
                <li key={activity.id}>
                  <Link
                    to={`/essai/${activity.id}`}
                    className="group flex h-full flex-col gap-3 rounded-2xl bg-gray-50 p-5 ring-1 ring-ink/10 transition-shadow hover:shadow-lg hover:ring-teal-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-dark"
                  >
                    <span className="text-sm font-bold uppercase tracking-widest text-teal-dark">
                      {categoryLabel(activity.category)}
                    </span>
                    <span className="font-display text-2xl uppercase text-ink">
                      {activity.title}
                    </span>
                    <span className="flex items-center gap-2 text-gray-800">
                      <Clock aria-hidden="true" className="size-5 shrink-0 text-teal-dark" />
                      {activity.day} · {timeRange(activity.start_time, activity.end_time)}
                    </span>
                    {activity.age_range ? (
                      <span className="flex items-center gap-2 text-gray-800">
                        <Users aria-hidden="true" className="size-5 shrink-0 text-teal-dark" />
                        {activity.age_range}
                      </span>
                    ) : null}
                    <span className="mt-auto flex items-center gap-2 pt-2 font-semibold text-ink group-hover:underline">
                      Voir les séances
                      <ArrowRight aria-hidden="true" className="size-4" />
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </div>
      </Section>
    </>
  );
}
