import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { ScheduleBadges } from "./schedule-badges";
import type { Schedule, ScheduleDraft, ScheduleField } from "~/domains/content/publish-schedule";

const SCHEDULE_FIELDS: [ScheduleField, string][] = [
  ["publish_at", "Publier le"],
  ["unpublish_at", "Dépublier le"],
];

/**
 * The editors' « Publier le … » and « Dépublier le … » (Paris time), with the schedule as
 * stored above them (and « en retard » when it is overdue). Empty: nothing scheduled.
 */
export function ScheduleFields({
  draft,
  stored,
  errors,
  onChange,
  now,
  noun,
  note,
}: {
  draft: ScheduleDraft;
  /** The schedule as saved, null for a new item. */
  stored: Schedule | null;
  errors: Partial<Record<ScheduleField, string>>;
  onChange: (field: ScheduleField, value: string) => void;
  now: Date;
  /** "l'article", "la page". */
  noun: string;
  /** What else a schedule changes, said under the fields. */
  note?: string;
}) {
  return (
    <fieldset className="flex flex-col gap-3 rounded-md border border-gray-200 p-3">
      <legend className="px-1 text-sm font-semibold text-ink">Programmation</legend>
      {stored && (stored.publish_at || stored.unpublish_at) && (
        <p className="flex flex-wrap gap-2">
          <ScheduleBadges schedule={stored} now={now} />
        </p>
      )}
      <p className="text-sm text-gray-600">
        Heure de Paris. Le serveur publie et dépublie {noun} à la minute dite ; laissez vide pour ne
        rien programmer.{note ? ` ${note}` : ""}
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        {SCHEDULE_FIELDS.map(([field, label]) => (
          <Field key={field} label={label} error={errors[field]}>
            <Input
              type="datetime-local"
              name={field}
              value={draft[field]}
              onChange={(e) => onChange(field, e.target.value)}
            />
          </Field>
        ))}
      </div>
    </fieldset>
  );
}
