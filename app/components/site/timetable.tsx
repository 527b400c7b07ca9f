import { Clock } from "lucide-react";
import { Link } from "react-router";
import { ACTIVITY_CATEGORIES } from "~/content/defaults";
import { weekdayIndex } from "~/content/dates";
import { formatTime, parseTime } from "~/content/time";
import type { Activity } from "~/models/schedule.server";
import {
  columnHeight,
  HOUR_HEIGHT_PX,
  hourRange,
  placeDay,
  readableTextColour,
  visibleDays,
  type TimetableDisplay,
} from "~/utils/timetable";

export type TimetableEntry = Pick<
  Activity,
  "id" | "title" | "category" | "day" | "start_time" | "end_time" | "color" | "position_x" | "width"
>;

/** "19h00 – 20h30", with the times written the same way whatever the admin typed. */
export function timeRange(start: string, end: string): string {
  const format = (text: string) => {
    const time = parseTime(text);
    return time ? formatTime(time) : text;
  };
  return `${format(start)} – ${format(end)}`;
}

function blockColours(colour: string) {
  return { backgroundColor: colour, color: readableTextColour(colour) };
}

/**
 * The weekly timetable, rendered twice so that the server's HTML is right at any width:
 * day columns on a time axis from 768 px, a list of the days that have classes below.
 * `activities` must already be filtered to the visible days and hours, in week order.
 */
export function Timetable({
  activities,
  display,
}: {
  activities: TimetableEntry[];
  display: TimetableDisplay;
}) {
  return (
    <>
      <TimetableGrid activities={activities} display={display} />
      <TimetableList activities={activities} display={display} />
    </>
  );
}

function TimetableGrid({ activities, display }: Parameters<typeof Timetable>[0]) {
  const days = visibleDays(display);
  const { start, end } = hourRange(display);
  const height = columnHeight(display);
  const hours = Array.from({ length: end - start + 1 }, (_, i) => start + i);
  const lines = {
    height,
    backgroundImage: `repeating-linear-gradient(to bottom, #e5e7eb 0 1px, transparent 1px ${HOUR_HEIGHT_PX / 2}px, #f3f4f6 ${HOUR_HEIGHT_PX / 2}px ${HOUR_HEIGHT_PX / 2 + 1}px, transparent ${HOUR_HEIGHT_PX / 2 + 1}px ${HOUR_HEIGHT_PX}px)`,
  };
  return (
    <div className="hidden md:block" data-testid="timetable-grid">
      <div className="overflow-x-auto rounded-2xl border border-gray-200 bg-white shadow-xl shadow-ink/5">
        <div className="flex min-w-[760px]">
          <div className="w-16 shrink-0 border-r border-gray-200 bg-gray-50" aria-hidden="true">
            <div className="h-14 border-b border-gray-200" />
            <div className="relative" style={{ height }}>
              {hours.map((hour) => (
                <span
                  key={hour}
                  className="absolute right-2 -translate-y-1/2 text-xs font-medium tabular-nums text-gray-600 first:translate-y-0"
                  style={{ top: Math.min((hour - start) * HOUR_HEIGHT_PX, height - 8) }}
                >
                  {hour}h00
                </span>
              ))}
            </div>
          </div>
          {days.map((day) => {
            const blocks = placeDay(
              activities.filter((a) => weekdayIndex(a.day) === day.index),
              display,
            );
            return (
              <div
                key={day.key}
                role="group"
                aria-labelledby={`jour-${day.key}`}
                className="min-w-0 flex-1 border-r border-gray-200 last:border-r-0"
              >
                <h3
                  id={`jour-${day.key}`}
                  className="flex h-14 items-center justify-center border-b border-gray-200 bg-ink text-sm uppercase tracking-wider text-white"
                >
                  {day.name}
                </h3>
                <ul className="relative" style={lines}>
                  {blocks.map(({ activity, top, height: blockPx, left, width }) => (
                    <li
                      key={activity.id}
                      className="absolute p-0.5"
                      style={{ top, height: blockPx, left: `${left}%`, width: `${width}%` }}
                      data-testid="timetable-block"
                    >
                      <Link
                        to={`/activite/${activity.id}`}
                        className="flex h-full flex-col overflow-hidden rounded-lg px-2 py-1.5 text-xs leading-4 shadow-sm ring-1 ring-black/10 transition hover:-translate-y-0.5 hover:shadow-md"
                        style={blockColours(activity.color)}
                      >
                        <span
                          className={`font-bold ${blockPx >= 80 ? "line-clamp-2" : "truncate"}`}
                        >
                          {activity.title}
                        </span>
                        <span className="truncate tabular-nums">
                          {timeRange(activity.start_time, activity.end_time)}
                        </span>
                        <span className="truncate font-medium opacity-90">
                          {ACTIVITY_CATEGORIES[activity.category]}
                        </span>
                      </Link>
                    </li>
                  ))}
                </ul>
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}

function TimetableList({ activities, display }: Parameters<typeof Timetable>[0]) {
  const days = visibleDays(display)
    .map((day) => ({
      ...day,
      activities: activities.filter((a) => weekdayIndex(a.day) === day.index),
    }))
    .filter((day) => day.activities.length > 0);
  return (
    <div className="space-y-8 md:hidden" data-testid="timetable-list">
      {days.map((day) => (
        <div key={day.key} role="group" aria-labelledby={`jour-liste-${day.key}`}>
          <h3
            id={`jour-liste-${day.key}`}
            className="mb-3 border-l-4 border-gold pl-3 text-2xl uppercase tracking-wide text-ink"
          >
            {day.name}
          </h3>
          <ul className="space-y-3">
            {day.activities.map((activity) => (
              <li key={activity.id}>
                <Link
                  to={`/activite/${activity.id}`}
                  className="flex items-stretch overflow-hidden rounded-xl bg-white shadow-md ring-1 ring-gray-200 transition hover:shadow-lg"
                >
                  <span
                    className="flex w-24 shrink-0 flex-col items-center justify-center gap-1 px-2 py-3 text-center text-sm font-bold tabular-nums"
                    style={blockColours(activity.color)}
                  >
                    <Clock aria-hidden="true" className="size-4" />
                    {timeRange(activity.start_time, activity.end_time)}
                  </span>
                  <span className="flex min-w-0 flex-col justify-center gap-1 px-4 py-3">
                    <span className="font-bold text-ink">{activity.title}</span>
                    <span className="text-sm text-gray-700">
                      {ACTIVITY_CATEGORIES[activity.category]}
                    </span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}
