import type { ReactNode } from "react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { Input, WholeNumberInput } from "~/components/ui/input";
import { WEEKDAY_KEYS } from "~/core/club-time";
import { DISPLAY_HOUR_FIELDS } from "~/domains/schedule/schedule-schemas";
import {
  WEEKDAY_LABELS,
  type EditableCategory,
  type EditableSettings,
} from "~/domains/content/settings-schema";

/* The simple tabs of the Settings screen: Général, Adresse, Horaires, Affichage Planning. */

export interface SectionProps<C extends EditableCategory> {
  values: EditableSettings[C];
  /** The message of a field of this category ("postalCode", "links.0.url"). */
  error: (field: string) => string | undefined;
  onChange: (next: EditableSettings[C]) => void;
}

export function SettingsCard({
  title,
  description,
  children,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        {description && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      <CardContent className="flex flex-col gap-4">{children}</CardContent>
    </Card>
  );
}

export function TextSetting<C extends EditableCategory>({
  props,
  field,
  label,
  ...input
}: {
  props: SectionProps<C>;
  field: keyof EditableSettings[C] & string;
  label: string;
  required?: boolean;
  type?: string;
  inputMode?: "url" | "tel" | "email" | "numeric";
  autoComplete?: string;
  description?: string;
}) {
  const { values, error, onChange } = props;
  const { description, required, ...rest } = input;
  return (
    <Field label={label} error={error(field)} required={required} description={description}>
      <Input
        {...rest}
        value={String(values[field] ?? "")}
        onChange={(event) => onChange({ ...values, [field]: event.target.value })}
      />
    </Field>
  );
}

export function GeneralSettings(props: SectionProps<"general">) {
  return (
    <SettingsCard
      title="Général"
      description="Le nom du club et ses coordonnées, affichés sur tout le site."
    >
      <TextSetting
        props={props}
        field="siteName"
        label="Nom du site"
        required
        autoComplete="organization"
      />
      <TextSetting props={props} field="tagline" label="Slogan" />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextSetting
          props={props}
          field="phoneNumber"
          label="Téléphone"
          type="tel"
          inputMode="tel"
          required
          autoComplete="tel"
          description="Format français : 06 12 34 56 78 ou +33 6 12 34 56 78"
        />
        <TextSetting
          props={props}
          field="email"
          label="E-mail"
          type="email"
          inputMode="email"
          required
          autoComplete="email"
        />
      </div>
      <label className="flex min-h-10 items-start gap-3 text-sm text-ink">
        <input
          type="checkbox"
          checked={props.values.notifyTrials}
          onChange={(event) =>
            props.onChange({ ...props.values, notifyTrials: event.target.checked })
          }
          aria-describedby="notify-trials-help"
          className="mt-0.5 size-4 shrink-0 accent-teal-dark"
        />
        <span>
          <span className="font-semibold">
            Prévenir le club par e-mail de chaque réservation et annulation d'essai
          </span>
          <span id="notify-trials-help" className="block text-gray-700">
            Un e-mail à l'adresse ci-dessus pour chaque séance d'essai réservée ou annulée.
          </span>
        </span>
      </label>
    </SettingsCard>
  );
}

export function AddressSettings(props: SectionProps<"address">) {
  return (
    <SettingsCard
      title="Adresse"
      description="L'adresse de la salle, affichée dans le pied de page et sur la page Contact."
    >
      <TextSetting
        props={props}
        field="street"
        label="Rue"
        required
        autoComplete="street-address"
      />
      <div className="grid gap-4 sm:grid-cols-[10rem_1fr]">
        <TextSetting
          props={props}
          field="postalCode"
          label="Code postal"
          inputMode="numeric"
          required
          autoComplete="postal-code"
        />
        <TextSetting
          props={props}
          field="city"
          label="Ville"
          required
          autoComplete="address-level2"
        />
      </div>
      <TextSetting
        props={props}
        field="googleMapsUrl"
        label="Lien Google Maps"
        type="url"
        inputMode="url"
        description="L'adresse de la carte (https://…), utilisée par la page Contact."
      />
    </SettingsCard>
  );
}

export function HoursSettings(props: SectionProps<"hours">) {
  return (
    <SettingsCard
      title="Horaires"
      description="Les horaires d'ouverture de la salle, jour par jour (ex. 17h00-21h00, ou Fermé) : affichés en bas de chaque page et sur la page Contact."
    >
      <div className="grid gap-4 sm:grid-cols-2">
        {WEEKDAY_KEYS.map((day) => (
          <TextSetting key={day} props={props} field={day} label={WEEKDAY_LABELS[day]} required />
        ))}
      </div>
    </SettingsCard>
  );
}

const hourValue = (value: number) => (Number.isNaN(value) ? "" : value);
const readHour = (text: string) => (text.trim() === "" ? Number.NaN : Number(text));

export function ScheduleDisplaySettings({
  values,
  error,
  onChange,
}: SectionProps<"schedule_display">) {
  return (
    <SettingsCard
      title="Affichage Planning"
      description="Les jours et les heures que montre le planning public."
    >
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-semibold text-ink">Jours affichés</legend>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
          {WEEKDAY_KEYS.map((day) => (
            <label
              key={day}
              className="flex min-h-10 items-center gap-2 rounded-md border border-gray-200 px-3 text-sm text-ink"
            >
              <input
                type="checkbox"
                checked={values.visible_days[day] !== false}
                onChange={(event) =>
                  onChange({
                    ...values,
                    visible_days: { ...values.visible_days, [day]: event.target.checked },
                  })
                }
                className="size-4 accent-teal-dark"
              />
              {WEEKDAY_LABELS[day]}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        {DISPLAY_HOUR_FIELDS.map(({ name, label, min, max }) => (
          <Field key={name} label={label} error={error(name)} description={`De ${min} à ${max}`}>
            <WholeNumberInput
              min={min}
              max={max}
              value={hourValue(values[name])}
              onChange={(event) => onChange({ ...values, [name]: readHour(event.target.value) })}
            />
          </Field>
        ))}
      </div>
    </SettingsCard>
  );
}
