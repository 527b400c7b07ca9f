import { frenchDay } from "~/core/date-format";
import { type ScheduleChange } from "~/domains/schedule/dated-sessions";
import { DATED_CHANGES_FIELD } from "~/domains/schedule/schedule-change-schema";

/*
 * Asked in the activity's dialog when its weekday changes while it has coming dated
 * changes: carry them to the new day of the same week, or delete them. Without an answer
 * the save is refused, so no change is left on a day the activity no longer has.
 */

function describe(change: ScheduleChange): string {
  if (change.kind === "closure") return "";
  return `${change.kind === "cancel" ? "annulation" : "déplacement"} du ${frenchDay(change.date)}`;
}

export function DatedChangesChoice({
  changes,
  day,
  error,
}: {
  changes: ScheduleChange[];
  day: string;
  error?: string;
}) {
  const count = changes.length;
  return (
    <fieldset
      className="flex flex-col gap-2 rounded-md border border-amber-300 bg-amber-50 p-3"
      aria-describedby={error ? "changements-dates-erreur" : undefined}
    >
      <legend className="px-1 text-sm font-semibold text-ink">
        {count > 1
          ? `Que deviennent ses ${count} changements datés à venir ?`
          : "Que devient son changement daté à venir ?"}
      </legend>
      <p className="text-sm text-gray-800">{changes.map(describe).join(", ")}.</p>
      {(
        [
          ["shift", `Les reporter au ${day.toLowerCase()} de la même semaine`],
          ["delete", "Les supprimer : ces séances auront lieu au nouveau jour"],
        ] as const
      ).map(([value, label]) => (
        <label key={value} className="flex min-h-10 items-center gap-2 text-sm text-ink">
          <input
            type="radio"
            name={DATED_CHANGES_FIELD}
            value={value}
            required
            className="size-4 accent-teal-dark"
          />
          {label}
        </label>
      ))}
      {error && (
        <p id="changements-dates-erreur" className="text-sm font-medium text-red-800">
          {error}
        </p>
      )}
    </fieldset>
  );
}
