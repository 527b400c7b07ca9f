import { useRef, useState, type FormEvent } from "react";
import { useFetcher } from "react-router";
import { useFocusFirstInvalid } from "~/components/admin/forms/form-field";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { WholeNumberInput } from "~/components/ui/input";
import { FRENCH_WEEKDAYS, WEEKDAY_KEYS } from "~/core/club-time";
import { DISPLAY_HOUR_FIELDS, ScheduleDisplaySchema } from "~/domains/schedule/schedule-schemas";
import type { action } from "~/routes/admin/schedule/schedule.server";
import { fieldErrors } from "~/core/form";
import { showToast, useActionToast } from "~/components/admin/forms/use-action-toast";

export interface ScheduleDisplayValues {
  visible_days: Record<(typeof WEEKDAY_KEYS)[number], boolean>;
  start_hour: number;
  end_hour: number;
  updated_at: string | null;
}

function formValues(form: HTMLFormElement) {
  const data = new FormData(form);
  return {
    visible_days: data.getAll("visible_days"),
    start_hour: String(data.get("start_hour") ?? ""),
    end_hour: String(data.get("end_hour") ?? ""),
  };
}

/** Affichage: the days and the hour range the public timetable shows. */
export function ScheduleDisplayForm({ display }: { display: ScheduleDisplayValues }) {
  const fetcher = useFetcher<typeof action>();
  useActionToast(fetcher.data);
  const formRef = useRef<HTMLFormElement>(null);
  const [clientErrors, setClientErrors] = useState<Record<string, string> | null>(null);
  const result = fetcher.data;
  const serverErrors =
    result && "errors" in result ? (result.errors as Record<string, string>) : undefined;
  const errors = clientErrors ?? serverErrors ?? {};
  useFocusFirstInvalid(formRef, clientErrors ?? serverErrors);

  function validate(event: FormEvent<HTMLFormElement>) {
    const parsed = ScheduleDisplaySchema.safeParse(formValues(event.currentTarget));
    if (parsed.success) return setClientErrors(null);
    event.preventDefault();
    const found = fieldErrors(parsed.error);
    setClientErrors(found);
    showToast({ type: "error", message: Object.values(found)[0]! });
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Affichage du planning public</CardTitle>
        <CardDescription>
          Les jours et les heures que montre la grille de la page Planning.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <fetcher.Form
          ref={formRef}
          method="post"
          noValidate
          onSubmit={validate}
          className="flex flex-col gap-6"
        >
          <input type="hidden" name="intent" value="display" />
          <input type="hidden" name="updated_at" value={display.updated_at ?? ""} />
          <fieldset
            aria-describedby={errors.visible_days ? "jours-erreur" : undefined}
            className="flex flex-col gap-2"
          >
            <legend className="mb-2 text-sm font-semibold text-ink">Jours affichés</legend>
            <div className="grid grid-cols-2 gap-2 sm:grid-cols-4 lg:grid-cols-7">
              {WEEKDAY_KEYS.map((key, index) => (
                <label
                  key={key}
                  className="flex min-h-11 cursor-pointer items-center gap-2 rounded-md border border-gray-300 bg-white px-3 py-2 text-sm font-medium text-ink has-[:checked]:border-teal-dark has-[:checked]:bg-teal-light"
                >
                  <input
                    type="checkbox"
                    name="visible_days"
                    value={key}
                    defaultChecked={display.visible_days[key]}
                    aria-invalid={errors.visible_days ? true : undefined}
                    className="size-4 accent-teal-dark"
                  />
                  {FRENCH_WEEKDAYS[index]}
                </label>
              ))}
            </div>
            {errors.visible_days && (
              <p id="jours-erreur" className="text-sm font-medium text-red-700">
                {errors.visible_days}
              </p>
            )}
          </fieldset>
          <div className="grid max-w-md gap-4 sm:grid-cols-2">
            {DISPLAY_HOUR_FIELDS.map(({ name, label, min, max }) => (
              <Field
                key={name}
                label={label}
                error={errors[name]}
                description={`De ${min} à ${max}`}
              >
                <WholeNumberInput name={name} min={min} max={max} defaultValue={display[name]} />
              </Field>
            ))}
          </div>
          <div>
            <Button type="submit" busy={fetcher.state !== "idle"}>
              Sauvegarder l'affichage
            </Button>
          </div>
        </fetcher.Form>
      </CardContent>
    </Card>
  );
}
