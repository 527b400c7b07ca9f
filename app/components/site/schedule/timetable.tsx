import type { CSSProperties } from "react";
import { ACTIVITY_CATEGORIES } from "~/domains/content/defaults";
import { weekdayIndex } from "~/core/club-time";
import type { TimetableEntry, WeekDay } from "~/domains/schedule/planning-week";
import {
  columnHeight,
  HOUR_HEIGHT_PX,
  hourRange,
  placeDay,
  visibleDays,
  type TimetableDay,
  type TimetableDisplay,
} from "~/domains/schedule/timetable";
import {
  clock,
  dayDate,
  DayMark,
  dayTitle,
  EntryState,
  entryColours,
  isQuiet,
  stateText,
  TrialLink,
} from "./timetable-parts";

export { timeRange } from "./timetable-parts";

interface TimetableProps {
  /** Filtered to the visible days and hours, in week order. */
  entries: TimetableEntry[];
  display: TimetableDisplay;
  /** The week's dates, Monday first; null for the template week. */
  days: WeekDay[] | null;
}

/**
 * The week, rendered twice so that the server's HTML is right at any width: day columns
 * on a time axis from 768 px, a list of the days that have classes below. A dated week
 * marks today and the past days, and shows each class's change on the class itself.
 */
export function Timetable(props: TimetableProps) {
  return (
    <>
      <TimetableGrid {...props} />
      <TimetableList {...props} />
    </>
  );
}

const onDay = (entries: TimetableEntry[], day: TimetableDay) =>
  entries.filter((entry) => weekdayIndex(entry.day) === day.index);

function headerClass(day: WeekDay | undefined): string {
  if (day?.today) return "bg-gold text-ink";
  if (day?.past) return "bg-gray-200 text-gray-700";
  return "bg-ink text-white";
}

function TimetableGrid({ entries, display, days }: TimetableProps) {
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
            <div className="h-16 border-b border-gray-200" />
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
          {visibleDays(display).map((weekday) => {
            const day = days?.[weekday.index];
            const title = dayTitle(weekday.name, day);
            return (
              <div
                key={weekday.key}
                role="group"
                aria-labelledby={`jour-${weekday.key}`}
                className={`min-w-0 flex-1 border-r border-gray-200 last:border-r-0 ${day?.past ? "bg-gray-50" : ""}`}
              >
                <h3
                  id={`jour-${weekday.key}`}
                  className={`flex h-16 flex-col items-center justify-center gap-0.5 border-b border-gray-200 text-sm uppercase tracking-wider ${headerClass(day)}`}
                >
                  <span>{weekday.name}</span>
                  {day && " "}
                  {day && (
                    <span className="text-xs normal-case tracking-normal">
                      {dayDate(day)} <DayMark day={day} />
                    </span>
                  )}
                </h3>
                <ul className="relative" style={lines}>
                  {placeDay(onDay(entries, weekday), display).map((block) => (
                    <GridBlock key={block.activity.key} {...block} day={day} where={title} />
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

function GridBlock({
  activity: entry,
  top,
  height,
  left,
  width,
  day,
  where,
}: {
  activity: TimetableEntry;
  top: number;
  height: number;
  left: number;
  width: number;
  day: WeekDay | undefined;
  where: string;
}) {
  const quiet = isQuiet(entry, day);
  const changed = stateText(entry) !== "";
  // Lines of 16 px left under the title and the time, in the block's padding: a change
  // says what it can there, and the whole of it when the block is hovered or focused.
  const titleLines = height >= (changed ? 112 : 80) ? 2 : 1;
  const stateLines = Math.max(1, Math.floor((height - 16) / 16) - 1 - titleLines);
  return (
    <li
      className="group absolute flex flex-col p-0.5 focus-within:z-10 focus-within:!h-auto hover:z-10 hover:!h-auto"
      style={
        {
          top,
          height,
          minHeight: height,
          left: `${left}%`,
          width: `${width}%`,
          "--lines": stateLines,
        } as CSSProperties
      }
      data-testid="timetable-block"
    >
      <a
        href={`/activite/${entry.id}`}
        className={`flex flex-1 flex-col overflow-hidden rounded-lg px-2 py-1.5 text-xs leading-4 ring-1 transition hover:-translate-y-0.5 hover:shadow-md ${quiet ? "ring-gray-300" : "shadow-sm ring-black/10"} ${entry.state === "cancelled" ? "border border-dashed border-red-700" : ""}`}
        style={entryColours(entry, day)}
      >
        <span
          className={`font-bold ${titleLines === 2 ? "line-clamp-2" : "truncate"} ${entry.state === "cancelled" ? "line-through" : ""}`}
        >
          {entry.title}
        </span>
        <span
          className={`truncate tabular-nums ${entry.state === "cancelled" ? "line-through" : ""}`}
        >
          {clock(entry.start_time)} – {clock(entry.end_time)}
        </span>
        {changed ? (
          <EntryState
            entry={entry}
            className="overflow-hidden [-webkit-box-orient:vertical] [-webkit-line-clamp:var(--lines)] [display:-webkit-box] group-focus-within:[-webkit-line-clamp:unset] group-hover:[-webkit-line-clamp:unset]"
          />
        ) : (
          <span className="truncate pr-10 font-medium opacity-90">
            {ACTIVITY_CATEGORIES[entry.category]}
          </span>
        )}
      </a>
      {!changed && (
        <TrialLink
          entry={entry}
          day={day}
          where={where}
          className="absolute bottom-1.5 right-1.5 px-2 py-0.5 text-[0.6875rem] leading-4"
        />
      )}
    </li>
  );
}

function TimetableList({ entries, display, days }: TimetableProps) {
  const shown = visibleDays(display)
    .map((weekday) => ({ weekday, day: days?.[weekday.index], entries: onDay(entries, weekday) }))
    .filter(({ entries }) => entries.length > 0);
  return (
    <div className="space-y-5 md:hidden" data-testid="timetable-list">
      {shown.map(({ weekday, day, entries: ofDay }) => {
        const title = dayTitle(weekday.name, day);
        return (
          <div key={weekday.key} role="group" aria-labelledby={`jour-liste-${weekday.key}`}>
            <h3
              id={`jour-liste-${weekday.key}`}
              className={`mb-2 flex items-center gap-2 border-l-4 pl-2 text-lg uppercase tracking-wide ${day?.past ? "border-gray-300 text-gray-700" : "border-gold text-ink"}`}
            >
              {title} <DayMark day={day} className="text-xs tracking-normal" />
            </h3>
            <ul className="space-y-2">
              {ofDay.map((entry) => (
                <ListRow key={entry.key} entry={entry} day={day} where={title} />
              ))}
            </ul>
          </div>
        );
      })}
    </div>
  );
}

function ListRow({
  entry,
  day,
  where,
}: {
  entry: TimetableEntry;
  day: WeekDay | undefined;
  where: string;
}) {
  const quiet = isQuiet(entry, day);
  const cancelled = entry.state === "cancelled";
  return (
    <li
      className={`flex items-center overflow-hidden rounded-lg ring-1 ${quiet ? "bg-gray-50 ring-gray-200" : "bg-white shadow-sm ring-gray-200"}`}
    >
      <span
        aria-hidden="true"
        className="w-1.5 self-stretch"
        style={{ backgroundColor: quiet ? "#d1d5db" : entry.color }}
      />
      <a
        href={`/activite/${entry.id}`}
        className="flex min-w-0 flex-1 items-center gap-3 py-2 pl-3 pr-2"
      >
        {/* The title first for a screen reader ("Boxe ados, 18h00 – 19h00"), the time
            first for the eye. */}
        <span className="flex min-w-0 flex-col">
          <span
            className={`font-semibold leading-snug ${quiet ? "text-gray-700" : "text-ink"} ${cancelled ? "line-through" : ""}`}
          >
            {entry.title}
          </span>
          <span className="text-xs text-gray-700">{ACTIVITY_CATEGORIES[entry.category]}</span>
          <EntryState entry={entry} className="mt-0.5 text-xs text-ink" />
        </span>
        <span
          className={`order-first w-12 shrink-0 text-sm font-bold leading-tight tabular-nums ${quiet ? "text-gray-700" : "text-ink"} ${cancelled ? "line-through" : ""}`}
        >
          {clock(entry.start_time)}{" "}
          <span className="block text-xs font-medium text-gray-700">– {clock(entry.end_time)}</span>
        </span>
      </a>
      <TrialLink
        entry={entry}
        day={day}
        where={where}
        className="mr-2 shrink-0 px-3 py-2 text-xs"
      />
    </li>
  );
}
