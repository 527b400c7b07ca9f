import { CalendarPlus, MapPin, Ticket } from "lucide-react";
import { buttonClass, ButtonLink } from "~/components/site/button-link";
import { PageHero } from "~/components/site/page-hero";
import { Section } from "~/components/site/section";
import { DatedWeek } from "~/components/site/dated-sessions";
import { Timetable } from "~/components/site/timetable";
import {
  addDays,
  closuresBetween,
  datedSessions,
  mondayOf,
  parisToday,
} from "~/content/dated-sessions";
import { getPageContent } from "~/models/content.server";
import { getScheduleChanges, getSeason } from "~/models/schedule-change.server";
import { getActivities } from "~/models/schedule.server";
import { getSettings } from "~/models/settings.server";
import { pageMeta } from "~/utils/seo";
import { activitiesOnTimetable } from "~/utils/timetable";
import type { Route } from "./+types/planning";

export async function loader() {
  const today = parisToday();
  const [activities, title, display, address, texts, changes, season] = await Promise.all([
    getActivities(),
    getSettings({ category: "planning_title" }),
    getSettings({ category: "schedule_display" }),
    getSettings({ category: "address" }),
    getPageContent({ category: "planning" }),
    getScheduleChanges(),
    getSeason(today),
  ]);
  const scheduleDisplay = {
    visible_days: display.visible_days,
    start_hour: Number(display.start_hour),
    end_hour: Number(display.end_hour),
  };
  const shown = activitiesOnTimetable(activities, scheduleDisplay).map((a) => ({
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
  // "Cette semaine" and "Semaine prochaine": the days of the page's cache (ADR 004).
  const monday = mondayOf(today);
  const weeks = [monday, addDays(monday, 7)].map((from) => {
    const to = addDays(from, 6);
    return {
      monday: from,
      sessions: datedSessions(shown, { season, changes, from, to }),
      closures: closuresBetween(changes, from, to),
    };
  });
  return {
    title: title.title,
    display: scheduleDisplay,
    activities: shown,
    weeks,
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
  const { title, display, activities, weeks, address, texts } = loaderData;
  return (
    <>
      <PageHero title={title} subtitle={texts.hero.subtitle} accent="teal">
        <ButtonLink to="/essai" variant="gold" className="mt-8">
          <Ticket aria-hidden="true" className="size-5" />
          Réserver une séance d'essai
        </ButtonLink>
      </PageHero>

      <Section title={texts.timetable.title} subtitle={texts.timetable.subtitle}>
        <Timetable activities={activities} display={display} />
        <div className="mt-10 flex flex-col items-center gap-3 text-center">
          <a href="/planning.ics" className={buttonClass("dark")}>
            <CalendarPlus aria-hidden="true" className="size-5" />
            {texts.calendar.icsLinkText}
          </a>
          <p className="max-w-xl text-sm text-gray-700">{texts.calendar.icsHelp}</p>
        </div>
      </Section>

      <Section
        title="Semaine par semaine"
        subtitle="Les séances datées, avec les annulations, les déplacements et les fermetures."
      >
        <div className="flex flex-col gap-12">
          {weeks.map((week, index) => (
            <DatedWeek
              key={week.monday}
              id={index === 0 ? "cette-semaine" : "semaine-prochaine"}
              title={index === 0 ? "Cette semaine" : "Semaine prochaine"}
              monday={week.monday}
              sessions={week.sessions}
              closures={week.closures}
            />
          ))}
        </div>
      </Section>

      <Section tone="dark" title={texts.address.title}>
        <div className="mx-auto flex max-w-3xl flex-col items-center gap-6 text-center">
          <address className="flex items-start gap-3 text-lg not-italic">
            <MapPin aria-hidden="true" className="mt-1 size-6 shrink-0 text-teal" />
            <span>
              <span className="block font-semibold text-white">{address.street}</span>
              <span className="block text-gray-300">{`${address.postalCode} ${address.city}`}</span>
            </span>
          </address>
          <p className="text-gray-300">{texts.address.text}</p>
          <ButtonLink to="/contact" variant="teal">
            {texts.contact.linkText}
          </ButtonLink>
        </div>
      </Section>
    </>
  );
}
