import { CalendarX2, MoveRight } from "lucide-react";
import { frenchDay } from "~/core/date-format";
import { type DatedSession, type ScheduleChange } from "~/domains/schedule/dated-sessions";
import { type IsoDate } from "~/core/club-time";
import { timeRange } from "./timetable";

/*
 * Dated sessions outside /planning's timetable: a session's line for the activity page
 * (cancelled with its reason, moved and marked) and the home page's banner of the coming
 * changes. Server-rendered, no script.
 */

type Closure = Extract<ScheduleChange, { kind: "closure" }>;

/** One session: its time, its title linking to its page, and its state. */
export function SessionLine({ session, showDay }: { session: DatedSession; showDay?: boolean }) {
  const cancelled = session.state === "cancelled";
  const moved = session.state === "moved";
  return (
    <p className="flex flex-col gap-0.5 text-sm">
      <span className="flex flex-wrap items-center gap-x-2">
        {showDay && (
          <span className="font-semibold first-letter:uppercase">{frenchDay(session.onDate)}</span>
        )}
        <span className={cancelled ? "text-gray-600 line-through" : "font-semibold"}>
          {timeRange(session.onStart, session.onEnd)}
        </span>
        <a href={`/activite/${session.activityId}`} className="underline-offset-2 hover:underline">
          {session.title}
        </a>
        {cancelled && (
          <span className="rounded-full bg-red-700 px-2 py-0.5 text-xs font-bold uppercase text-white">
            Annulé
          </span>
        )}
        {moved && (
          <span className="rounded-full bg-gold px-2 py-0.5 text-xs font-bold uppercase text-ink">
            Déplacé
          </span>
        )}
      </span>
      {moved && (
        <span className="flex items-center gap-1 text-gray-700">
          au lieu du {frenchDay(session.date)}, {timeRange(session.start, session.end)}
          <MoveRight aria-hidden="true" className="size-3.5" />
        </span>
      )}
      {session.note && <span className="text-gray-700">{session.note}</span>}
    </p>
  );
}

/**
 * The home page's banner when a session is cancelled or the club closes within the coming
 * seven days; nothing otherwise.
 */
export function ComingChangesBanner({
  cancelled,
  closures,
}: {
  cancelled: DatedSession[];
  closures: Pick<Closure, "from" | "to" | "label">[];
}) {
  if (cancelled.length === 0 && closures.length === 0) return null;
  const closed = (date: IsoDate) => closures.some((c) => c.from <= date && date <= c.to);
  // A closure says it once for all its sessions.
  const alone = cancelled.filter((session) => !closed(session.date));
  return (
    <aside aria-labelledby="changements-titre" className="border-b-4 border-gold bg-ink text-white">
      <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-5 sm:px-6 md:flex-row md:items-center md:gap-8">
        <h2 id="changements-titre" className="flex shrink-0 items-center gap-2 text-xl text-gold">
          <CalendarX2 aria-hidden="true" className="size-6" />
          Changements cette semaine
        </h2>
        <ul className="flex flex-1 flex-col gap-1 text-sm">
          {closures.map((closure) => (
            <li key={closure.from}>
              <span className="font-semibold">Club fermé</span> du {frenchDay(closure.from)} au{" "}
              {frenchDay(closure.to)} : {closure.label}
            </li>
          ))}
          {alone.map((session) => (
            <li key={`${session.activityId}-${session.date}`}>
              <span className="font-semibold">Annulé</span> : {session.title},{" "}
              {frenchDay(session.date)} {timeRange(session.start, session.end)}
              {session.note ? ` (${session.note})` : ""}
            </li>
          ))}
        </ul>
        <a
          href="/planning#cette-semaine"
          className="focus-light shrink-0 font-semibold text-teal underline underline-offset-4"
        >
          Voir le planning de la semaine
        </a>
      </div>
    </aside>
  );
}
