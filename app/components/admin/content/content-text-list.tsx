import { AddItemButton } from "~/components/ui/list-editor";
import { useId, useRef } from "react";
import { RemoveButton } from "~/components/ui/remove-button";
import { Textarea } from "~/components/ui/input";

/**
 * A list of long texts (paragraphs) with add and remove: StringListEditor's single-line
 * inputs are too narrow for them. Adding focuses the new text; removing focuses the one
 * before (or 'Ajouter').
 */
export function TextListEditor({
  label,
  itemLabel,
  items,
  onChange,
  itemErrors,
  error,
}: {
  label: string;
  itemLabel: (index: number) => string;
  items: string[];
  onChange: (items: string[]) => void;
  itemErrors: Record<number, string | undefined>;
  error?: string;
}) {
  const baseId = useId();
  const focusIndex = useRef<number | "add" | null>(null);
  const addRef = useRef<HTMLButtonElement>(null);

  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-1 text-sm font-semibold text-ink">{label}</legend>
      {items.length === 0 && <p className="text-sm text-gray-600 italic">Aucun élément.</p>}
      <ol className="flex flex-col gap-3">
        {items.map((item, index) => {
          const id = `${baseId}-${index}`;
          const itemError = itemErrors[index];
          return (
            // Index keys: the texts are controlled, so a removal shows the right values.
            <li key={index} className="flex flex-col gap-1">
              <div className="flex items-center justify-between gap-2">
                <label htmlFor={id} className="text-sm text-gray-700">
                  {itemLabel(index)}
                </label>
                <RemoveButton
                  aria-label={`Supprimer ${itemLabel(index).toLowerCase()}`}
                  onClick={() => {
                    focusIndex.current = index > 0 ? index - 1 : items.length > 1 ? 0 : "add";
                    onChange(items.filter((_, i) => i !== index));
                  }}
                >
                  Supprimer
                </RemoveButton>
              </div>
              <Textarea
                ref={(element) => {
                  if (element && focusIndex.current === index) {
                    focusIndex.current = null;
                    element.focus();
                  }
                }}
                id={id}
                value={item}
                rows={3}
                className="field-sizing-content max-h-96"
                aria-invalid={itemError ? true : undefined}
                aria-describedby={itemError ? `${id}-erreur` : undefined}
                onChange={(event) =>
                  onChange(items.map((value, i) => (i === index ? event.target.value : value)))
                }
              />
              {itemError && (
                <p id={`${id}-erreur`} className="text-sm font-medium text-red-700">
                  {itemError}
                </p>
              )}
            </li>
          );
        })}
      </ol>
      <AddItemButton
        ref={(element) => {
          addRef.current = element;
          if (element && focusIndex.current === "add") {
            focusIndex.current = null;
            element.focus();
          }
        }}
        onClick={() => {
          focusIndex.current = items.length;
          onChange([...items, ""]);
        }}
      >
        <AddToListLabel label={label} />
      </AddItemButton>
      {error && <p className="text-sm font-medium text-red-700">{error}</p>}
    </fieldset>
  );
}

/** An add button's name for a list of the content screen: "Ajouter un élément à la liste « … »". */
export function AddToListLabel({ label }: { label: string }) {
  return (
    <>
      Ajouter un élément<span className="sr-only"> à la liste « {label} »</span>
    </>
  );
}
