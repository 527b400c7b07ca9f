import { CalendarPlus, MapPin, Ticket } from "lucide-react";
import { redirect } from "react-router";
import { buttonClass, ButtonLink } from "~/components/site/button-link";
import { LabelledSection } from "~/components/site/labelled-section";
import { PageHero } from "~/components/site/page-hero";
import { PlanningControls, WeekNotes } from "~/components/site/schedule/planning-week";
import { Section } from "~/components/site/section";
import { Timetable } from "~/components/site/schedule/timetable";
import { addDays, mondayOf, parisToday } from "~/core/club-time";
import { seasonOf } from "~/domains/schedule/dated-sessions";
import { planningTitle } from "~/domains/schedule/planning-title";
import {
  AUDIENCE_CHOICES,
  planningSearch,
  readPlanningView,
  trialHref,
  WEEK_CHOICES,
} from "~/domains/schedule/planning-view";
import { datedWeek, templateWeek, type PlanningClass } from "~/domains/schedule/planning-week";
import { getPageContent } from "~/domains/content/content.server";
import { getScheduleChanges } from "~/domains/schedule/schedule-change.server";
import { getActivities } from "~/domains/schedule/schedule.server";
import { getSettings } from "~/domains/content/settings.server";
import { pageMeta } from "~/utils/seo";
import { activitiesOnTimetable } from "~/domains/schedule/timetable";
import type { Route } from "./+types/planning";

export async function loader({ request }: Route.LoaderArgs) {
  // The query as sent: the page cache keys on it, so only a canonical one is answered.
  const query = request.url.includes("?") ? request.url.slice(request.url.indexOf("?")) : "";
  const { view, canonical } = readPlanningView(query);
  if (!canonical) throw redirect(`/planning${planningSearch(view)}`);

  const today = parisToday();
  const [activities, title, display, address, texts, changes, storedSeason] = await Promise.all([
    getActivities(),
    getSettings({ category: "planning_title" }),
    getSettings({ category: "schedule_display" }),
    getSettings({ category: "address" }),
    getPageContent({ category: "planning" }),
    getScheduleChanges(),
    getSettings({ category: "season" }),
  ]);
  const season = seasonOf(storedSeason, today);
  const scheduleDisplay = {
    visible_days: display.visible_days,
    start_hour: Number(display.start_hour),
    end_hour: Number(display.end_hour),
  };
  const category = view.audience ? AUDIENCE_CHOICES[view.audience].category : null;
  const classes: PlanningClass[] = activitiesOnTimetable(activities, scheduleDisplay)
    .filter((a) => category === null || a.category === category)
    .map((a) => ({
      id: a.id,
      title: a.title,
      category: a.category,
      day: a.day,
      start_time: a.start_time,
      end_time: a.end_time,
      color: a.color,
      position_x: a.position_x,
      width: a.width,
    }));
  // "Cette semaine" and "Semaine prochaine" change at Paris midnight: the page cache
  // drops its pages then (ADR 004).
  const monday = addDays(mondayOf(today), view.week === "prochaine" ? 7 : 0);
  const week =
    view.week === "type"
      ? {
          monday: null,
          days: null,
          entries: templateWeek(classes),
          closures: [],
          outOfSeason: false,
        }
      : datedWeek(classes, { season, changes, monday, today });
  return {
    title: planningTitle({ title: title.title, season: storedSeason }, today),
    view,
    category,
    display: scheduleDisplay,
    season,
    week: {
      ...week,
      // A session moved in from another week may land on a hidden day or hour.
      entries: activitiesOnTimetable(week.entries, scheduleDisplay),
    },
    address: { street: address.street, postalCode: address.postalCode, city: address.city },
    texts,
  };
}

export const meta: Route.MetaFunction = ({ data, matches }) =>
  pageMeta({
    matches,
    title: data?.texts.hero.title ?? "Planning des cours",
    description: data?.texts.hero.metaDescription ?? "",
    path: "/planning",
  });

export default function Planning({ loaderData }: Route.ComponentProps) {
  const { title, view, category, display, season, week, address, texts } = loaderData;
  return (
    <>
      <PageHero title={title} subtitle={texts.hero.subtitle} accent="teal">
        <ButtonLink to={trialHref(category)} variant="gold" className="mt-8">
          <Ticket aria-hidden="true" className="size-5" />
          Réserver une séance d'essai
        </ButtonLink>
      </PageHero>

      <Section title={texts.timetable.title} subtitle={texts.timetable.subtitle}>
        <div id={WEEK_CHOICES[view.week].anchor} className="scroll-mt-24">
          <PlanningControls view={view} />
          <WeekNotes
            week={view.week}
            monday={week.monday}
            closures={week.closures}
            outOfSeason={week.outOfSeason}
            season={season}
            empty={week.entries.length === 0}
            audience={view.audience}
          />
          {week.entries.length > 0 && (
            <Timetable entries={week.entries} display={display} days={week.days} />
          )}
        </div>
        <div className="mt-8 grid gap-4 md:grid-cols-2">
          <div className="flex flex-col items-center justify-center gap-3 rounded-2xl bg-gray-50 p-5 text-center ring-1 ring-ink/5">
            <a href="/planning.ics" className={buttonClass("dark")}>
              <CalendarPlus aria-hidden="true" className="size-5" />
              {texts.calendar.icsLinkText}
            </a>
            <p className="max-w-xl text-sm text-gray-700">{texts.calendar.icsHelp}</p>
          </div>
          <LabelledSection
            id="adresse-titre"
            title={texts.address.title}
            className="flex flex-col gap-3 rounded-2xl bg-ink p-5 text-white"
            titleClassName="text-xl uppercase tracking-wide"
          >
            <address className="flex items-start gap-2 not-italic">
              <MapPin aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-teal" />
              <span>
                <span className="block font-semibold">{address.street}</span>
                <span className="block text-gray-300">{`${address.postalCode} ${address.city}`}</span>
              </span>
            </address>
            <p className="text-sm text-gray-300">{texts.address.text}</p>
            <a
              href="/contact"
              className="focus-light self-start font-semibold text-teal underline underline-offset-4"
            >
              {texts.contact.linkText}
            </a>
          </LabelledSection>
        </div>
      </Section>
    </>
  );
}
