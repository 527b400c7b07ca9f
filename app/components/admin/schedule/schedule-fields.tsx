import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { ScheduleBadges } from "./schedule-badges";
import type { Schedule, ScheduleDraft, ScheduleField } from "~/domains/content/publish-schedule";

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
        <Field label="Publier le" error={errors.publish_at}>
          <Input
            type="datetime-local"
            name="publish_at"
            value={draft.publish_at}
            onChange={(e) => onChange("publish_at", e.target.value)}
          />
        </Field>
        <Field label="Dépublier le" error={errors.unpublish_at}>
          <Input
            type="datetime-local"
            name="unpublish_at"
            value={draft.unpublish_at}
            onChange={(e) => onChange("unpublish_at", e.target.value)}
          />
        </Field>
      </div>
    </fieldset>
  );
}
