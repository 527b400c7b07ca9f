import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Switch } from "~/components/ui/switch";
import type { Activity } from "~/domains/schedule/schedule.server";

/** A whole number of the dialog, with its bounds. */
function NumberField({
  name,
  label,
  description,
  range: [min, max],
  value,
  error,
}: {
  name: string;
  label: string;
  description: string;
  range: [number, number];
  value: number;
  error?: string;
}) {
  return (
    <Field label={label} error={error} description={description}>
      <Input
        name={name}
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        className="max-w-32"
        defaultValue={value}
      />
    </Field>
  );
}

/** The trial's two numbers, with the value a new activity starts from. */
const TRIAL_NUMBERS: {
  name: "trial_places" | "trial_min_age";
  label: string;
  description: string;
  range: [number, number];
  fallback: number;
}[] = [
  {
    name: "trial_places",
    label: "Places d'essai par séance",
    description: "De 1 à 50 ; au-delà, une liste d'attente.",
    range: [1, 50],
    fallback: 3,
  },
  {
    name: "trial_min_age",
    label: "Âge minimum",
    description: "En années, atteint dans l'année ; 0 : aucun.",
    range: [0, 99],
    fallback: 0,
  },
];

/*
 * The activity dialog's trial settings: whether visitors may book a free trial
 * on its sessions at /essai, how many per session, from what age. All three are always
 * sent (the switch posts "on" when checked), so the save stores them together.
 */
export function ScheduleTrialFields({
  activity,
  errors,
}: {
  activity: Activity | null;
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
        {TRIAL_NUMBERS.map(({ name, fallback, ...number }) => (
          <NumberField
            key={name}
            name={name}
            {...number}
            value={activity?.[name] ?? fallback}
            error={errors[name]}
          />
        ))}
      </div>
    </fieldset>
  );
}
