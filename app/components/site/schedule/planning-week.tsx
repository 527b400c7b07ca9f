import { CalendarX2 } from "lucide-react";
import { addDays } from "~/core/club-time";
import { formatFrenchDate, frenchDay } from "~/core/date-format";
import {
  AUDIENCE_CHOICES,
  planningHref,
  WEEK_CHOICES,
  type AudienceChoice,
  type PlanningView,
  type WeekChoice,
} from "~/domains/schedule/planning-view";
import type { Closure } from "~/domains/schedule/planning-week";

/*
 * Above /planning's timetable: the week's tabs and the audience filter, plain links that
 * keep each other's choice in the address (they work without a script), then what the
 * week says before its classes: its dates, its closures, or why it has none.
 */

const WEEKS = Object.keys(WEEK_CHOICES) as WeekChoice[];
const AUDIENCES = [null, ...Object.keys(AUDIENCE_CHOICES)] as (AudienceChoice | null)[];

export function PlanningControls({ view }: { view: PlanningView }) {
  return (
    <div className="mb-5 flex flex-col gap-3 md:flex-row md:items-center md:justify-between">
      <nav aria-label="Semaine affichée">
        <ul className="grid grid-cols-3 gap-1 rounded-xl bg-gray-100 p-1 ring-1 ring-gray-200">
          {WEEKS.map((week) => {
            const current = week === view.week;
            return (
              <li key={week} className="flex">
                <a
                  href={planningHref({ ...view, week })}
                  aria-current={current ? "page" : undefined}
                  className={`flex min-h-11 flex-1 items-center justify-center rounded-lg px-2 py-1.5 text-center text-sm leading-tight md:px-4 ${current ? "bg-ink font-bold text-white shadow" : "font-semibold text-gray-700 hover:bg-white hover:text-ink"}`}
                >
                  {WEEK_CHOICES[week].label}
                </a>
              </li>
            );
          })}
        </ul>
      </nav>
      <nav aria-label="Public" className="flex items-center gap-2">
        <span aria-hidden="true" className="hidden text-sm font-semibold text-gray-700 md:inline">
          Public :
        </span>
        <ul className="grid flex-1 grid-cols-4 gap-1.5 md:flex">
          {AUDIENCES.map((audience) => {
            const current = audience === view.audience;
            return (
              <li key={audience ?? "tous"} className="flex">
                <a
                  href={planningHref({ ...view, audience })}
                  aria-current={current ? "page" : undefined}
                  className={`inline-flex min-h-10 flex-1 items-center justify-center rounded-full px-3.5 text-sm ${current ? "bg-teal-dark font-bold text-white" : "font-semibold text-ink ring-1 ring-gray-300 hover:bg-gray-100"}`}
                >
                  {audience ? AUDIENCE_CHOICES[audience].label : "Tous"}
                </a>
              </li>
            );
          })}
        </ul>
      </nav>
    </div>
  );
}

const WHEN: Record<WeekChoice, string> = {
  cette: "cette semaine",
  prochaine: "la semaine prochaine",
  type: "dans la semaine type",
};

/** "Du lundi 23 au dimanche 29 novembre" (the month once when both days share it). */
function weekSpan(monday: string): string {
  const first = frenchDay(monday);
  const last = frenchDay(addDays(monday, 6));
  const month = (text: string) => text.split(" ").slice(2).join(" ");
  const from = month(first) === month(last) ? first.split(" ").slice(0, 2).join(" ") : first;
  return `Du ${from} au ${last}`;
}

/** The week's dates, closures and empty states, above its timetable. */
export function WeekNotes({
  week,
  monday,
  closures,
  outOfSeason,
  season,
  empty,
  audience,
}: {
  week: WeekChoice;
  monday: string | null;
  closures: Closure[];
  outOfSeason: boolean;
  season: { start: string; end: string };
  empty: boolean;
  audience: AudienceChoice | null;
}) {
  const who = audience ? ` pour les ${AUDIENCE_CHOICES[audience].label.toLowerCase()}` : "";
  return (
    <div className="mb-4 flex flex-col gap-2">
      <p className="font-semibold text-ink">
        {monday
          ? weekSpan(monday)
          : "Les cours de chaque semaine de la saison, hors annulations et déplacements."}
      </p>
      {closures.map((closure) => (
        <p
          key={closure.id}
          className="flex items-start gap-2 rounded-lg bg-ink px-3 py-2 text-sm font-semibold text-white"
        >
          <CalendarX2 aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-gold" />
          Club fermé du {frenchDay(closure.from)} au {frenchDay(closure.to)} : {closure.label}
        </p>
      ))}
      {outOfSeason ? (
        <p className="rounded-lg bg-gray-100 px-3 py-2 text-gray-700">
          Pas de cours {WHEN[week]} : la saison va du {formatFrenchDate(season.start)} au{" "}
          {formatFrenchDate(season.end)}.{" "}
          <a
            href={planningHref({ week: "type", audience })}
            className="font-semibold text-teal-dark underline"
          >
            Voir la semaine type
          </a>
        </p>
      ) : (
        empty && (
          <p className="rounded-lg bg-gray-100 px-3 py-2 text-gray-700">
            Aucun cours{who} {WHEN[week]}.
          </p>
        )
      )}
    </div>
  );
}
