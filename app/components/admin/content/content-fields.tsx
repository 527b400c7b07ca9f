import { UploadField } from "~/components/admin/forms/upload-field";
import { RemoveButton } from "~/components/ui/remove-button";
import { Field } from "~/components/ui/field";
import { Input, Textarea } from "~/components/ui/input";
import { AddItemButton, StringListEditor } from "~/components/ui/list-editor";
import { FormatIcon } from "~/components/site/format-icon";
import { FORMAT_ICON_NAMES } from "~/domains/content/icon-names";
import { AddToListLabel, TextListEditor } from "./content-text-list";
import { ChoiceTiles } from "~/components/admin/content/records/discipline-appearance";
import { ICON_NAME_LABELS } from "~/domains/content/format-schema";
import { Badge } from "~/components/ui/badge";
import {
  exampleNoteOf,
  fieldLabel,
  isExampleItem,
  itemNameOf,
  isIconNameField,
  isImageField,
  isMultiline,
  type BlockErrors,
} from "~/domains/content/content-schema";

/*
 * The fields of one content block, drawn from the structure of its default
 * (app/domains/content/page-texts.ts): texts, lists of texts, lists of objects, nested objects
 * and image fields (upload or address).
 */

export type FieldPath = (string | number)[];

export function pathKey(path: FieldPath): string {
  return path.map(String).join(".");
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A copy of `value` with the value at `path` replaced. */
export function setIn(value: unknown, path: FieldPath, next: unknown): unknown {
  if (path.length === 0) return next;
  const [head, ...rest] = path;
  if (typeof head === "number") {
    const list = Array.isArray(value) ? [...value] : [];
    list[head] = setIn(list[head], rest, next);
    return list;
  }
  const object = isPlainObject(value) ? { ...value } : {};
  object[head!] = setIn(object[head!], rest, next);
  return object;
}

/** An empty item shaped like `template` (a new entry of a list of objects). */
export function blankLike(template: unknown): unknown {
  if (typeof template === "string") return "";
  if (typeof template === "number") return 0;
  if (typeof template === "boolean") return false;
  if (Array.isArray(template)) return [];
  if (isPlainObject(template)) {
    return Object.fromEntries(Object.entries(template).map(([k, v]) => [k, blankLike(v)]));
  }
  return null;
}

interface EditorProps {
  /** The key of this value in its object (decides the kind of field and the label). */
  fieldKey: string;
  path: FieldPath;
  value: unknown;
  /** The default value at this place: its structure decides the fields. */
  template: unknown;
  label: string;
  errors: BlockErrors;
  onChange: (path: FieldPath, value: unknown) => void;
}

/** Every field of a block's object (the block itself, or a nested object). */
export function ContentObjectFields({
  path,
  value,
  template,
  errors,
  onChange,
}: Omit<EditorProps, "fieldKey" | "label">) {
  const object = isPlainObject(value) ? value : {};
  const shape = isPlainObject(template) ? template : {};
  return (
    <div className="flex flex-col gap-4">
      {Object.entries(shape).map(([key, itemTemplate]) => (
        <ContentValueEditor
          key={key}
          fieldKey={key}
          path={[...path, key]}
          value={object[key]}
          template={itemTemplate}
          label={fieldLabel(key)}
          errors={errors}
          onChange={onChange}
        />
      ))}
    </div>
  );
}

export function ContentValueEditor(props: EditorProps) {
  const { fieldKey, path, value, template, label, errors, onChange } = props;
  const error = errors[pathKey(path)];

  if (typeof template === "string") {
    const text = typeof value === "string" ? value : String(value ?? "");
    if (isImageField(fieldKey, template)) {
      return (
        <ImageField label={label} value={text} error={error} onChange={(v) => onChange(path, v)} />
      );
    }
    if (isIconNameField(fieldKey, template)) {
      const names: string[] = FORMAT_ICON_NAMES.includes(text)
        ? [...FORMAT_ICON_NAMES]
        : [text, ...FORMAT_ICON_NAMES];
      // French names with a preview, as in the formats editor.
      return (
        <ChoiceTiles
          legend={label}
          name={`icone-${pathKey(path)}`}
          value={text}
          error={error}
          onChange={(name) => onChange(path, name)}
          options={names.map((name) => ({
            value: name,
            label: ICON_NAME_LABELS[name] ?? name,
            preview: (
              <span className="rounded-md bg-teal-light p-1.5 text-teal-dark">
                <FormatIcon name={name} className="size-5" />
              </span>
            ),
          }))}
        />
      );
    }
    return (
      <Field label={label} error={error}>
        {isMultiline(template) ? (
          <Textarea
            value={text}
            rows={3}
            className="field-sizing-content max-h-96"
            onChange={(event) => onChange(path, event.target.value)}
          />
        ) : (
          <Input value={text} onChange={(event) => onChange(path, event.target.value)} />
        )}
      </Field>
    );
  }

  if (typeof template === "number") {
    return (
      <Field label={label} error={error}>
        <Input
          type="number"
          value={typeof value === "number" ? value : 0}
          onChange={(event) => onChange(path, Number(event.target.value))}
        />
      </Field>
    );
  }

  if (typeof template === "boolean") {
    return (
      <label className="flex items-center gap-2 text-sm font-semibold text-ink">
        <input
          type="checkbox"
          checked={value === true}
          onChange={(event) => onChange(path, event.target.checked)}
          className="size-4 accent-teal-dark"
        />
        {label}
      </label>
    );
  }

  if (Array.isArray(template)) {
    const list: unknown[] = Array.isArray(value) ? value : [];
    const first: unknown = template[0];
    if (first === undefined || typeof first === "string") {
      const items = list.map((item) => (typeof item === "string" ? item : String(item ?? "")));
      const itemErrors: Record<number, string | undefined> = {};
      items.forEach((_, index) => {
        itemErrors[index] = errors[pathKey([...path, index])];
      });
      const long = template.some((item) => typeof item === "string" && isMultiline(item));
      if (long) {
        return (
          <TextListEditor
            label={label}
            items={items}
            onChange={(next) => onChange(path, next)}
            itemLabel={(index) => `${itemNameOf(fieldKey)} ${index + 1}`}
            itemErrors={itemErrors}
            error={error}
          />
        );
      }
      return (
        <StringListEditor
          label={label}
          items={items}
          onChange={(next) => onChange(path, next)}
          itemLabel={(index) => `${itemNameOf(fieldKey)} ${index + 1}`}
          addLabel="Ajouter un élément"
          itemErrors={itemErrors}
          error={error}
        />
      );
    }
    const exampleNote = exampleNoteOf(fieldKey);
    const examples = list.map((item) => !!exampleNote && isExampleItem(item, template));
    return (
      <fieldset className="flex flex-col gap-3 rounded-md border border-gray-200 p-3 sm:p-4">
        <legend className="px-1 text-sm font-semibold text-ink">{label}</legend>
        {examples.includes(true) && (
          <p className="rounded-md bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200">
            {exampleNote} : modifiez ou supprimez les entrées marquées « Exemple ».
          </p>
        )}
        {list.length === 0 && <p className="text-sm text-gray-600 italic">Aucun élément.</p>}
        {list.map((item, index) => (
          <fieldset
            key={index}
            className="flex flex-col gap-3 rounded-md border border-gray-200 bg-gray-50 p-3"
          >
            <legend className="flex items-center gap-2 px-1 text-sm font-semibold text-gray-700">
              {itemNameOf(fieldKey)} {index + 1}
              {examples[index] && <Badge tone="warning">Exemple</Badge>}
            </legend>
            <ContentObjectFields
              path={[...path, index]}
              value={item}
              template={first}
              errors={errors}
              onChange={onChange}
            />
            <div>
              <RemoveButton
                onClick={() =>
                  onChange(
                    path,
                    list.filter((_, i) => i !== index),
                  )
                }
              >
                Supprimer
                <span className="sr-only">
                  {" "}
                  {itemNameOf(fieldKey).toLowerCase()} {index + 1}
                </span>
              </RemoveButton>
            </div>
          </fieldset>
        ))}
        <AddItemButton onClick={() => onChange(path, [...list, blankLike(first)])}>
          <AddToListLabel label={label} />
        </AddItemButton>
        {error && <p className="text-sm font-medium text-red-700">{error}</p>}
      </fieldset>
    );
  }

  if (isPlainObject(template)) {
    return (
      <fieldset className="flex flex-col gap-3 rounded-md border border-gray-200 p-3 sm:p-4">
        <legend className="px-1 text-sm font-semibold text-ink">{label}</legend>
        <ContentObjectFields
          path={path}
          value={value}
          template={template}
          errors={errors}
          onChange={onChange}
        />
      </fieldset>
    );
  }
  return null;
}

/** An image: uploaded here (images only), or its address typed in. */
function ImageField({
  label,
  value,
  error,
  onChange,
}: {
  label: string;
  value: string;
  error?: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className="flex flex-col gap-3 rounded-md border border-gray-200 p-3 sm:p-4">
      <UploadField
        kind="image"
        bucket="site-images"
        label={label}
        value={value || undefined}
        onUploaded={(file) => onChange(file.url)}
      />
      <Field
        label={`Adresse de l'image (${label.toLowerCase()})`}
        description="Une page du site (/…) ou une adresse http(s)://. Laisser vide pour aucune image."
        error={error}
      >
        <Input value={value} inputMode="url" onChange={(event) => onChange(event.target.value)} />
      </Field>
    </div>
  );
}
