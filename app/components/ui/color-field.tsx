import { useId, useState, type ReactNode } from "react";
import { cn } from "./cn";
import { FieldNotes, fieldNoteIds } from "./field";
import { INVALID_COLOR_MESSAGE, isHexColor } from "~/core/hex-color";
import { textControlClasses } from "./input";

export { HEX_COLOR_PATTERN, INVALID_COLOR_MESSAGE, isHexColor } from "~/core/hex-color";

export interface ColorFieldProps {
  label: string;
  /** Posted with the hex text (the picker itself has no name). */
  name?: string;
  /** Controlled value ("#5ECFCB", or "" when optional and empty). */
  value?: string;
  /** Uncontrolled start value. */
  defaultValue?: string;
  /** Called with the text as typed (even while invalid) or the picked colour. */
  onChange?: (value: string) => void;
  /** A server error; the field's own check ('Couleur invalide (format #RRGGBB)') shows otherwise. */
  error?: string | null;
  description?: ReactNode;
  /** When false (default) an empty text is accepted. */
  required?: boolean;
  /** Colour shown by the picker while the text is empty or invalid. */
  fallback?: string;
  disabled?: boolean;
  className?: string;
}

/**
 * A colour picker and its #RRGGBB text, kept in sync: picking a colour writes the text,
 * typing a valid text moves the picker. An invalid text shows 'Couleur invalide (format
 * #RRGGBB)' once the field was left (or as soon as seven characters are typed).
 */
export function ColorField({
  label,
  name,
  value,
  defaultValue = "",
  onChange,
  error,
  description,
  required = false,
  fallback = "#000000",
  disabled,
  className,
}: ColorFieldProps) {
  const id = useId();
  const [own, setOwn] = useState(defaultValue);
  const [touched, setTouched] = useState(false);
  const text = value ?? own;
  const valid = isHexColor(text.trim());
  const showOwnError =
    (touched || text.trim().length >= 7) && !valid && (required || text.trim() !== "");
  const message = error || (showOwnError ? INVALID_COLOR_MESSAGE : null);
  const { describedBy } = fieldNoteIds(id, description, message);

  const update = (next: string) => {
    if (value === undefined) setOwn(next);
    onChange?.(next);
  };

  return (
    <div className={cn("flex flex-col gap-1.5", className)}>
      <label htmlFor={id} className="text-sm font-semibold text-ink">
        {label}
      </label>
      <div className="flex items-center gap-2">
        <input
          type="color"
          aria-label={`${label} : sélecteur de couleur`}
          value={(valid ? text.trim() : fallback).toLowerCase()}
          onChange={(event) => update(event.target.value.toUpperCase())}
          disabled={disabled}
          className="h-10 w-12 shrink-0 cursor-pointer rounded-md border border-gray-400 bg-white p-1 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-dark disabled:cursor-not-allowed"
        />
        <input
          id={id}
          type="text"
          name={name}
          value={text}
          onChange={(event) => update(event.target.value)}
          onBlur={() => setTouched(true)}
          placeholder="#RRGGBB"
          maxLength={7}
          spellCheck={false}
          autoComplete="off"
          disabled={disabled}
          aria-invalid={message ? true : undefined}
          aria-required={required || undefined}
          aria-describedby={describedBy}
          className={cn(textControlClasses, "max-w-36 font-mono uppercase")}
        />
      </div>
      <FieldNotes controlId={id} description={description} error={message} />
    </div>
  );
}
