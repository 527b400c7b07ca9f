import { frenchDay } from "~/core/date-format";
import { trialHref } from "~/domains/schedule/planning-view";
import type { TimetableEntry, WeekDay } from "~/domains/schedule/planning-week";
import { formatTime, parseTime } from "~/core/time-of-day";
import { readableTextColour } from "~/domains/schedule/timetable";

/*
 * What the grid and the list of /planning share: times written one way, what a changed
 * session says on its class, the look of a class on a past day, and its trial link.
 */

/** "19h00" whatever the admin typed ("19:00", "19H00"); the text itself if unreadable. */
export function clock(text: string): string {
  const time = parseTime(text);
  return time ? formatTime(time) : text;
}

/** "19h00 – 20h30". */
export function timeRange(start: string, end: string): string {
  return `${clock(start)} – ${clock(end)}`;
}

/**
 * What happens to the session, said on the class: "Annulé : Coach malade", "Déplacé :
 * jeudi 26 novembre, 19h00 – 20h30 (Gymnase réservé)", "Déplacé ici, au lieu du mardi
 * 8 décembre"; null when it takes place as usual.
 */
function stateParts(entry: TimetableEntry) {
  const reason = entry.note ? ` (${entry.note})` : "";
  if (entry.state === "cancelled") {
    return { label: "Annulé", rest: entry.note ? ` : ${entry.note}` : "" };
  }
  if (entry.movedTo) {
    const { date, start, end } = entry.movedTo;
    return { label: "Déplacé", rest: ` : ${frenchDay(date)}, ${timeRange(start, end)}${reason}` };
  }
  if (entry.movedFrom) {
    return {
      label: "Déplacé",
      rest: ` ici, au lieu du ${frenchDay(entry.movedFrom.date)}${reason}`,
    };
  }
  return null;
}

export function stateText(entry: TimetableEntry): string {
  const parts = stateParts(entry);
  return parts ? parts.label + parts.rest : "";
}

/** The state's word in a coloured tag, then the rest of its text. */
export function EntryState({
  entry,
  className = "",
}: {
  entry: TimetableEntry;
  className?: string;
}) {
  const parts = stateParts(entry);
  if (!parts) return null;
  const cancelled = entry.state === "cancelled";
  return (
    <span className={className}>
      <span
        className={`rounded px-1 font-bold uppercase ${cancelled ? "bg-red-700 text-white" : "bg-ink text-gold"}`}
      >
        {parts.label}
      </span>
      {parts.rest}
    </span>
  );
}

/** A session that will not be attended: it is over, or it does not take place. */
export function isQuiet(entry: TimetableEntry, day: WeekDay | undefined): boolean {
  return Boolean(day?.past) || entry.state === "cancelled";
}

/** The class's colours; grey on a past day or when cancelled (still AA on its text). */
export function entryColours(entry: TimetableEntry, day: WeekDay | undefined) {
  if (isQuiet(entry, day)) return { backgroundColor: "#f3f4f6", color: "#374151" };
  return { backgroundColor: entry.color, color: readableTextColour(entry.color) };
}

/** "23 novembre", "1er décembre": a day of the week's date without its weekday. */
export function dayDate(day: WeekDay): string {
  return frenchDay(day.date).replace(/^\S+ /, "");
}

/** "Lundi 23 novembre" in a dated week, "Lundi" in the template week. */
export function dayTitle(name: string, day: WeekDay | undefined): string {
  return day ? `${name} ${dayDate(day)}` : name;
}

/**
 * "Essai" to book a trial of the class's audience; none for a session that is over or
 * cancelled. `where` completes its name for screen readers ("lundi 23 novembre").
 */
export function TrialLink({
  entry,
  day,
  where,
  className = "",
}: {
  entry: TimetableEntry;
  day: WeekDay | undefined;
  where: string;
  className?: string;
}) {
  if (isQuiet(entry, day)) return null;
  return (
    <a
      href={trialHref(entry.category)}
      className={`rounded-full bg-ink font-bold text-white ring-1 ring-white/40 transition hover:bg-ink-soft ${className}`}
    >
      Essai<span className="sr-only"> gratuit : {`${entry.title}, ${where}`}</span>
    </a>
  );
}

/** The marks of a day: "Aujourd'hui" shown, "passé" shown small and read out. */
export function DayMark({ day, className = "" }: { day: WeekDay | undefined; className?: string }) {
  if (day?.today) {
    return (
      <span className={`rounded-full bg-gold px-2 py-0.5 font-bold text-ink ${className}`}>
        Aujourd'hui
      </span>
    );
  }
  if (day?.past) return <span className={`font-normal normal-case ${className}`}>passé</span>;
  return null;
}
