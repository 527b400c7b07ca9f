import { Plus } from "lucide-react";
import {
  useEffect,
  useId,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
  type Ref,
} from "react";
import { Button } from "./button";
import { cn } from "./cn";
import { textControlClasses } from "./input";
import { RemoveButton } from "./remove-button";

export interface StringListEditorProps {
  /** The list's name, read out as the group's legend ('Points clés'). */
  label: string;
  /** Controlled items. */
  items?: string[];
  /** Uncontrolled start items. */
  defaultItems?: string[];
  onChange?: (items: string[]) => void;
  /** With a name, each item is posted as a repeated field (formData.getAll(name)). */
  name?: string;
  /** Label of item i (0-based); default `${label} ${i + 1}`. */
  itemLabel?: (index: number) => string;
  addLabel?: string;
  placeholder?: string;
  /** Per-item errors, by index. */
  itemErrors?: Record<number, string | undefined>;
  error?: string | null;
  description?: string;
  /** Upper bound of items; 'Ajouter' is disabled at it. */
  max?: number;
  disabled?: boolean;
  className?: string;
}

let nextKey = 0;
const newKey = () => `item-${++nextKey}`;

/**
 * A list of text inputs with 'Ajouter' and a 'Supprimer' per item. Keyboard: Enter in an
 * item adds one below it; 'Ajouter' focuses the new item; 'Supprimer' focuses the
 * previous item (or 'Ajouter' when the list is empty).
 */
export function StringListEditor({
  label,
  items: controlled,
  defaultItems = [],
  onChange,
  name,
  itemLabel = (index) => `${label} ${index + 1}`,
  addLabel = "Ajouter",
  placeholder,
  itemErrors,
  error,
  description,
  max,
  disabled,
  className,
}: StringListEditorProps) {
  const [own, setOwn] = useState(defaultItems);
  const items = controlled ?? own;
  // Stable keys, so that React keeps each input (and its caret) when another is removed.
  const [keys, setKeys] = useState(() => items.map(newKey));
  if (keys.length !== items.length) {
    // The parent replaced the list (a reset, another record): adjust during render.
    const adjusted = keys.slice(0, items.length);
    while (adjusted.length < items.length) adjusted.push(newKey());
    setKeys(adjusted);
  }
  const inputs = useRef(new Map<string, HTMLInputElement>());
  const addButton = useRef<HTMLButtonElement>(null);
  // What to focus once the list has re-rendered: a key, or the 'Ajouter' button.
  const pendingFocus = useRef<string | null>(null);

  useEffect(() => {
    const target = pendingFocus.current;
    if (target === null) return;
    pendingFocus.current = null;
    if (target === "add") addButton.current?.focus();
    else inputs.current.get(target)?.focus();
  });

  const baseId = useId();
  const errorId = `${baseId}-erreur`;
  const descriptionId = `${baseId}-description`;

  const update = (next: string[], nextKeys: string[]) => {
    setKeys(nextKeys);
    if (controlled === undefined) setOwn(next);
    onChange?.(next);
  };

  const insertAt = (index: number) => {
    if (max !== undefined && items.length >= max) return;
    const key = newKey();
    pendingFocus.current = key;
    update(
      [...items.slice(0, index), "", ...items.slice(index)],
      [...keys.slice(0, index), key, ...keys.slice(index)],
    );
  };

  const removeAt = (index: number) => {
    const nextKeys = keys.filter((_, i) => i !== index);
    pendingFocus.current = nextKeys[Math.max(0, index - 1)] ?? "add";
    update(
      items.filter((_, i) => i !== index),
      nextKeys,
    );
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>, index: number) => {
    if (event.key === "Enter" && !event.nativeEvent.isComposing) {
      event.preventDefault();
      insertAt(index + 1);
    }
  };

  return (
    <fieldset
      className={cn("flex flex-col gap-2", className)}
      aria-describedby={
        [description ? descriptionId : null, error ? errorId : null].filter(Boolean).join(" ") ||
        undefined
      }
    >
      <legend className="mb-1 text-sm font-semibold text-ink">{label}</legend>
      {description && (
        <p id={descriptionId} className="-mt-1 text-sm text-gray-600">
          {description}
        </p>
      )}
      {items.length === 0 && <p className="text-sm text-gray-600 italic">Aucun élément.</p>}
      <ol className="flex flex-col gap-2">
        {items.map((item, index) => {
          const key = keys[index] ?? `pending-${index}`;
          // Ids from the position (stable between server and browser); keys only for React.
          const inputId = `${baseId}-${index}`;
          const itemError = itemErrors?.[index];
          return (
            <li key={key} className="flex flex-col gap-1">
              <label htmlFor={inputId} className="sr-only">
                {itemLabel(index)}
              </label>
              <div className="flex items-center gap-2">
                <input
                  ref={(element) => {
                    if (element) inputs.current.set(key, element);
                    else inputs.current.delete(key);
                  }}
                  id={inputId}
                  type="text"
                  name={name}
                  value={item}
                  placeholder={placeholder}
                  disabled={disabled}
                  onChange={(event) =>
                    update(
                      items.map((value, i) => (i === index ? event.target.value : value)),
                      keys,
                    )
                  }
                  onKeyDown={(event) => onKeyDown(event, index)}
                  aria-invalid={itemError ? true : undefined}
                  aria-describedby={itemError ? `${inputId}-erreur` : undefined}
                  className={textControlClasses}
                />
                <RemoveButton
                  disabled={disabled}
                  onClick={() => removeAt(index)}
                  aria-label={`Supprimer ${itemLabel(index)}`}
                  className="shrink-0"
                >
                  <span className="hidden sm:inline">Supprimer</span>
                </RemoveButton>
              </div>
              {itemError && (
                <p id={`${inputId}-erreur`} className="text-sm font-medium text-red-700">
                  {itemError}
                </p>
              )}
            </li>
          );
        })}
      </ol>
      <AddItemButton
        ref={addButton}
        disabled={disabled || (max !== undefined && items.length >= max)}
        onClick={() => insertAt(items.length)}
      >
        {addLabel}
      </AddItemButton>
      {error && (
        <p id={errorId} className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** The button under a list that adds an item at its end. */
export function AddItemButton({
  onClick,
  disabled,
  ref,
  children,
}: {
  onClick: () => void;
  disabled?: boolean;
  ref?: Ref<HTMLButtonElement>;
  children: ReactNode;
}) {
  return (
    <div>
      <Button ref={ref} variant="secondary" size="sm" disabled={disabled} onClick={onClick}>
        <Plus aria-hidden="true" className="size-4" />
        {children}
      </Button>
    </div>
  );
}
