import { parisToday } from "~/core/club-time";
import { ACTIVITY_CATEGORIES } from "~/domains/content/defaults";
import { planningTitle } from "~/domains/schedule/planning-title";
import { getScheduleChanges, getSeason } from "~/domains/schedule/schedule-change.server";
import { getActivities } from "~/domains/schedule/schedule.server";
import { getAllSettings } from "~/domains/content/settings.server";
import { FEED_CACHE_CONTROL } from "~/utils/feeds.server";
import { getClubOrigin } from "~/core/site-address.server";
import { buildCalendar } from "~/domains/schedule/ical";
import { activitiesOnTimetable } from "~/domains/schedule/timetable";

export async function loader() {
  const origin = await getClubOrigin();
  const [activities, settings, changes, season] = await Promise.all([
    getActivities(),
    getAllSettings(),
    getScheduleChanges(),
    getSeason(),
  ]);
  const display = settings.schedule_display;
  const shown = activitiesOnTimetable(activities, {
    visible_days: display.visible_days,
    start_hour: Number(display.start_hour),
    end_hour: Number(display.end_hour),
  });
  const { street, postalCode, city } = settings.address;
  const calendar = buildCalendar(
    shown.map((activity) => ({
      id: activity.id,
      title: activity.title,
      day: activity.day,
      start_time: activity.start_time,
      end_time: activity.end_time,
      description: activity.description,
      categoryLabel: ACTIVITY_CATEGORIES[activity.category],
      ageRange: activity.age_range,
      url: `${origin}/activite/${activity.id}`,
    })),
    {
      name: `${settings.general.siteName} – ${planningTitle({ title: settings.planning_title.title, season: settings.season }, parisToday())}`,
      uidDomain: new URL(origin).hostname,
      location: [street, `${postalCode} ${city}`.trim()].filter(Boolean).join(", "),
      season,
      changes,
    },
  );
  return new Response(calendar, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": 'inline; filename="planning.ics"',
      "Cache-Control": FEED_CACHE_CONTROL,
    },
  });
}
