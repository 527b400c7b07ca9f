import { Trash2 } from "lucide-react";
import type { ReactNode } from "react";
import { UploadField } from "~/components/admin/forms/upload-field";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { ColorField } from "~/components/ui/color-field";
import { ContrastWarning } from "~/components/admin/forms/contrast-warning";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { COLOR_CHOICES } from "~/domains/content/defaults";
import { type StorageBucket } from "~/storage/buckets";
import { COLOR_LABELS } from "~/domains/content/discipline-schema";
import type { FieldErrors } from "~/core/form";

/* Pieces of the Apparence tab shared by disciplines and formats, and the disciplines' own. */

/** Image by upload or by address, one value. */
export function ImageFields({
  bucket,
  value,
  error,
  onChange,
}: {
  bucket: StorageBucket;
  value: string;
  error?: string;
  onChange: (url: string) => void;
}) {
  return (
    <div className="flex flex-col gap-3">
      <UploadField
        kind="image"
        bucket={bucket}
        label="Image"
        value={value}
        onUploaded={(file) => onChange(file.url)}
        description="JPEG, PNG ou WebP ; l'image est recadrée et optimisée pour le site."
      />
      <Field
        label="Adresse de l'image (URL)"
        error={error}
        description="Ou indiquez l'adresse d'une image déjà en ligne."
      >
        <Input
          value={value}
          inputMode="url"
          placeholder="https://… ou /uploads/…"
          onChange={(e) => onChange(e.target.value)}
        />
      </Field>
    </div>
  );
}

/** Radio buttons in a fieldset, laid out as selectable tiles. */
export function ChoiceTiles<V extends string>({
  legend,
  name,
  value,
  options,
  onChange,
  error,
}: {
  legend: string;
  name: string;
  value: V;
  options: { value: V; label: string; preview?: ReactNode }[];
  onChange: (value: V) => void;
  error?: string;
}) {
  return (
    <fieldset className="flex flex-col gap-2" aria-invalid={error ? true : undefined}>
      <legend className="mb-1 text-sm font-semibold text-ink">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {options.map((option) => (
          <label
            key={option.value}
            className={cn(
              "flex cursor-pointer items-center gap-2 rounded-md border px-3 py-2 text-sm font-semibold text-ink",
              "has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-teal-dark",
              option.value === value
                ? "border-teal-dark bg-teal-light/60"
                : "border-gray-300 bg-white hover:border-teal-dark",
            )}
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={option.value === value}
              onChange={() => onChange(option.value)}
              className="size-4 accent-teal-dark"
            />
            {option.preview}
            {option.label}
          </label>
        ))}
      </div>
      {error && <p className="text-sm font-medium text-red-700">{error}</p>}
    </fieldset>
  );
}

const TONE_SWATCH: Record<(typeof COLOR_CHOICES)[number], string> = {
  light: "bg-white",
  dark: "bg-ink",
  gold: "bg-gold",
};

export function ToneTiles({
  value,
  onChange,
  error,
  legend = "Fond de la section",
}: {
  value: (typeof COLOR_CHOICES)[number];
  onChange: (value: (typeof COLOR_CHOICES)[number]) => void;
  error?: string;
  legend?: string;
}) {
  return (
    <ChoiceTiles
      legend={legend}
      name="color"
      value={value}
      onChange={onChange}
      error={error}
      options={COLOR_CHOICES.map((choice) => ({
        value: choice,
        label: COLOR_LABELS[choice],
        preview: (
          <span
            aria-hidden="true"
            className={cn("size-4 rounded-full ring-1 ring-gray-400", TONE_SWATCH[choice])}
          />
        ),
      }))}
    />
  );
}

export function DeleteZone({
  label,
  onDelete,
  busy,
}: {
  label: string;
  onDelete: () => void;
  busy: boolean;
}) {
  return (
    <div className="flex flex-col gap-2 rounded-md border border-red-200 bg-red-50/50 p-4 sm:flex-row sm:items-center sm:justify-between">
      <p className="text-sm text-gray-800">La suppression est définitive.</p>
      <Button variant="danger" onClick={onDelete} busy={busy}>
        {!busy && <Trash2 aria-hidden="true" className="size-4" />}
        {label}
      </Button>
    </div>
  );
}

export interface DisciplineColours {
  background_color: string;
  text_color: string;
  title_color: string;
  subtitle_color: string;
}

/** The four custom colours and a sample of them together. */
export function DisciplineColourFields({
  values,
  errors,
  onChange,
}: {
  values: DisciplineColours & { title: string; subtitle: string };
  errors: FieldErrors;
  onChange: (name: keyof DisciplineColours, value: string) => void;
}) {
  const fields: { name: keyof DisciplineColours; label: string }[] = [
    { name: "background_color", label: "Couleur de fond" },
    { name: "text_color", label: "Couleur du texte" },
    { name: "title_color", label: "Couleur du titre" },
    { name: "subtitle_color", label: "Couleur du sous-titre" },
  ];
  const valid = (value: string, fallback: string) =>
    /^#[0-9a-fA-F]{6}$/.test(value.trim()) ? value.trim() : fallback;
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-1 text-sm font-semibold text-ink">Couleurs personnalisées</legend>
      <p className="-mt-1 text-sm text-gray-600">
        Laissées aux valeurs par défaut (fond #F8F9FA, textes #000000), le fond Clair, Sombre ou Or
        s'applique.
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        {fields.map((field) => (
          <ColorField
            key={field.name}
            label={field.label}
            value={values[field.name]}
            required
            error={errors[field.name]}
            onChange={(value) => onChange(field.name, value)}
          />
        ))}
      </div>
      {(
        [
          ["title_color", "le titre"],
          ["subtitle_color", "le sous-titre"],
          ["text_color", "le texte"],
        ] as const
      ).map(([name, label]) => (
        <ContrastWarning
          key={name}
          label={label}
          foreground={values[name].trim()}
          background={values.background_color.trim()}
          onFix={(colour) => onChange(name, colour)}
        />
      ))}
      <div
        aria-hidden="true"
        data-colour-sample=""
        className="rounded-md border border-gray-200 p-4"
        style={{ backgroundColor: valid(values.background_color, "#f8f9fa") }}
      >
        <p className="font-bold" style={{ color: valid(values.title_color, "#000000") }}>
          {values.title || "Titre"}
        </p>
        <p className="text-sm" style={{ color: valid(values.subtitle_color, "#000000") }}>
          {values.subtitle || "Sous-titre"}
        </p>
        <p className="mt-1 text-sm" style={{ color: valid(values.text_color, "#000000") }}>
          Exemple de texte de la section.
        </p>
      </div>
    </fieldset>
  );
}
