import { CalendarPlus, MapPin } from "lucide-react";
import { buttonClass, ButtonLink } from "~/components/site/button-link";
import { PageHero } from "~/components/site/page-hero";
import { Section } from "~/components/site/section";
import { Timetable } from "~/components/site/timetable";
import { getPageContent } from "~/models/content.server";
import { getActivities } from "~/models/schedule.server";
import { getSettings } from "~/models/settings.server";
import { pageMeta } from "~/utils/seo";
import { activitiesOnTimetable } from "~/utils/timetable";
import type { Route } from "./+types/planning";

export async function loader() {
  const [activities, title, display, address, texts] = await Promise.all([
    getActivities(),
    getSettings({ category: "planning_title" }),
    getSettings({ category: "schedule_display" }),
    getSettings({ category: "address" }),
    getPageContent({ category: "planning" }),
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
  return {
    title: title.title,
    display: scheduleDisplay,
    activities: shown,
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
  const { title, display, activities, address, texts } = loaderData;
  return (
    <>
      <PageHero title={title} subtitle={texts.hero.subtitle} accent="teal" />

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
