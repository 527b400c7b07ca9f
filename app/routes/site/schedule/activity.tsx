import { CalendarDays, Clock, Tag, Users } from "lucide-react";
import { data, isRouteErrorResponse } from "react-router";
import { ArticleHeading } from "~/components/site/article-heading";
import { ButtonLink } from "~/components/site/button-link";
import { SessionLine } from "~/components/site/schedule/dated-sessions";
import { LabelledSection } from "~/components/site/labelled-section";
import { NotFoundSection } from "~/components/site/not-found-section";
import { SideCard, WITH_SIDE_CARD } from "~/components/site/side-card";
import { Gallery } from "~/components/site/lightbox";
import { timeRange } from "~/components/site/schedule/timetable";
import { ResponsiveImage } from "~/components/ui/responsive-image";
import { ACTIVITY_CATEGORIES } from "~/domains/content/defaults";
import { audienceOfCategory, audienceQuery } from "~/domains/trials/trial-audience";
import { getContentBlock } from "~/domains/content/content.server";
import { getImageVariants } from "~/storage/variants.server";
import { getNextSessions } from "~/domains/schedule/schedule-change.server";
import { getActivity } from "~/domains/schedule/schedule.server";
import { pageMeta } from "~/utils/seo";
import type { Route } from "./+types/activity";

export async function loader({ params }: Route.LoaderArgs) {
  const id = /^\d{1,9}$/.test(params.id) ? Number(params.id) : null;
  const activity = id === null ? null : await getActivity({ id });
  if (!activity) throw data("Activité non trouvée", { status: 404 });
  const [variants, texts, nextSessions] = await Promise.all([
    getImageVariants({ urls: activity.images }),
    getContentBlock({ category: "activity", section: "details" }),
    getNextSessions({ activity, count: 4 }),
  ]);
  return { activity, variants, texts, nextSessions };
}

export const meta: Route.MetaFunction = ({ data: loaded, matches, params }) =>
  loaded
    ? pageMeta({
        matches,
        title: `${loaded.activity.title} – ${loaded.activity.day}`,
        description:
          loaded.activity.description ||
          `${loaded.activity.title}, le ${loaded.activity.day.toLowerCase()} de ${timeRange(loaded.activity.start_time, loaded.activity.end_time)}.`,
        path: `/activite/${loaded.activity.id}`,
        image: loaded.activity.images[0],
      })
    : [
        ...pageMeta({
          matches,
          title: "Activité non trouvée",
          description: "L'activité demandée n'existe pas ou a été supprimée",
          path: `/activite/${params.id}`,
        }),
        { name: "robots", content: "noindex" },
      ];

export default function ActivityPage({ loaderData }: Route.ComponentProps) {
  const { activity, variants, texts, nextSessions } = loaderData;
  const [banner, ...gallery] = activity.images;
  const paragraphs = activity.long_description
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  const facts = [
    { icon: CalendarDays, label: texts.dayLabel, value: activity.day },
    {
      icon: Clock,
      label: texts.timeLabel,
      value: timeRange(activity.start_time, activity.end_time),
    },
    { icon: Users, label: texts.ageLabel, value: activity.age_range },
    { icon: Tag, label: texts.categoryLabel, value: ACTIVITY_CATEGORIES[activity.category] },
  ].filter((fact) => fact.value);

  return (
    <article>
      <header className="relative isolate overflow-hidden bg-ink text-white">
        {banner && (
          <div className="absolute inset-0 -z-10">
            <ResponsiveImage
              src={banner}
              variants={variants[banner]}
              alt=""
              priority
              className="size-full object-cover opacity-45"
            />
          </div>
        )}
        <div className="absolute inset-0 -z-10 bg-gradient-to-t from-ink via-ink/70 to-ink/30" />
        <div className="mx-auto max-w-6xl px-4 pb-14 pt-20 md:pb-20 md:pt-32">
          <ArticleHeading
            backTo="/planning"
            backText={texts.backLinkText}
            category={ACTIVITY_CATEGORIES[activity.category]}
            title={activity.title}
            large
          />
          <p className="mt-4 flex items-center gap-2 text-lg text-gray-200 md:text-xl">
            <Clock aria-hidden="true" className="size-5 text-teal" />
            {activity.day} · {timeRange(activity.start_time, activity.end_time)}
          </p>
        </div>
      </header>

      <div className={WITH_SIDE_CARD}>
        <div className="min-w-0">
          {activity.description && (
            <p className="text-xl font-medium leading-relaxed text-ink">{activity.description}</p>
          )}
          {paragraphs.length > 0 && (
            <div className="mt-6 space-y-4 leading-relaxed text-gray-700">
              {paragraphs.map((line, i) => (
                <p key={i}>{line}</p>
              ))}
            </div>
          )}
          {gallery.length > 0 && (
            <LabelledSection
              id="galerie"
              title={texts.galleryTitle}
              className="mt-12"
              titleClassName="text-2xl"
            >
              <Gallery
                className="mt-4"
                images={gallery.map((src, i) => ({
                  src,
                  alt: `${activity.title}, photo ${i + 2}`,
                  variants: variants[src],
                }))}
              />
            </LabelledSection>
          )}
        </div>

        <SideCard
          id="en-bref"
          title={texts.title}
          className="lg:sticky lg:top-24 lg:self-start"
          cardClassName="bg-gray-50 shadow-sm"
        >
          <dl className="mt-4 space-y-4">
            {facts.map(({ icon: Icon, label, value }) => (
              <div key={label}>
                <dt className="flex items-center gap-2 text-sm font-semibold uppercase tracking-wide text-gray-600">
                  <Icon aria-hidden="true" className="size-5 shrink-0 text-teal-dark" />
                  {label}
                </dt>
                <dd className="mt-0.5 pl-7 font-medium text-ink">{value}</dd>
              </div>
            ))}
          </dl>
          <LabelledSection
            id="prochaines-seances"
            title="Prochaines séances"
            heading="h3"
            className="mt-6 border-t border-gray-200 pt-6"
            titleClassName="text-lg"
          >
            {nextSessions.length === 0 ? (
              <p className="mt-2 text-sm text-gray-700">Aucune séance prévue d'ici là.</p>
            ) : (
              <ul className="mt-3 flex flex-col gap-3">
                {nextSessions.map((session) => (
                  <li key={session.date}>
                    <SessionLine session={session} showDay />
                  </li>
                ))}
              </ul>
            )}
          </LabelledSection>
          <p className="mt-6 border-t border-gray-200 pt-6 text-gray-700">{texts.trialText}</p>
          {/* Straight to its sessions when it accepts trials, else to the classes of its audience. */}
          {activity.trial_enabled ? (
            <ButtonLink to={`/essai/${activity.id}`} className="mt-4 w-full">
              Réserver une séance d'essai
            </ButtonLink>
          ) : (
            <ButtonLink
              to={`/essai${audienceQuery(audienceOfCategory(activity.category))}`}
              className="mt-4 w-full"
            >
              {texts.trialButtonText}
            </ButtonLink>
          )}
          <ButtonLink to="/planning" variant="outline-dark" className="mt-3 w-full">
            {texts.backLinkText}
          </ButtonLink>
        </SideCard>
      </div>
    </article>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (!isRouteErrorResponse(error) || error.status !== 404) throw error;
  return (
    <NotFoundSection title="Activité non trouvée" backTo="/planning" backLabel="Voir le planning">
      <p className="text-lg text-gray-700">L'activité demandée n'existe pas ou a été supprimée</p>
      <p className="text-gray-700">Désolé, nous n'avons pas pu trouver cette activité.</p>
    </NotFoundSection>
  );
}
