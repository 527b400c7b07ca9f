import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Switch } from "~/components/ui/switch";
import type { ScheduleActivity } from "./schedule-activities";

/*
 * The activity dialog's trial settings (issue 16): whether visitors may book a free trial
 * on its sessions at /essai, how many per session, from what age. All three are always
 * sent (the switch posts "on" when checked), so the save stores them together.
 */
export function ScheduleTrialFields({
  activity,
  errors,
}: {
  activity: ScheduleActivity | null;
  errors: Record<string, string>;
}) {
  return (
    <fieldset className="flex flex-col gap-4 rounded-md border border-gray-200 p-4">
      <legend className="px-1 text-sm font-semibold text-ink">Séances d'essai</legend>
      <Switch
        name="trial_enabled"
        label="Accepte les essais"
        defaultChecked={activity?.trial_enabled ?? false}
        description="Les visiteurs peuvent réserver une séance d'essai gratuite sur /essai."
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="Places d'essai par séance"
          error={errors.trial_places}
          description="De 1 à 50 ; au-delà, une liste d'attente."
        >
          <Input
            name="trial_places"
            type="number"
            inputMode="numeric"
            min={1}
            max={50}
            className="max-w-32"
            defaultValue={activity?.trial_places ?? 3}
          />
        </Field>
        <Field
          label="Âge minimum"
          error={errors.trial_min_age}
          description="En années, atteint dans l'année ; 0 : aucun."
        >
          <Input
            name="trial_min_age"
            type="number"
            inputMode="numeric"
            min={0}
            max={99}
            className="max-w-32"
            defaultValue={activity?.trial_min_age ?? 0}
          />
        </Field>
      </div>
    </fieldset>
  );
}
