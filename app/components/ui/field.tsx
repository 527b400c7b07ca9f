import { cloneElement, isValidElement, useId, type ReactElement, type ReactNode } from "react";
import { cn } from "./cn";

/** What a control needs to be tied to its label, description and error. */
export interface FieldControlProps {
  id: string;
  "aria-describedby"?: string;
  "aria-invalid"?: true;
  "aria-required"?: true;
}

export interface FieldProps {
  label: ReactNode;
  /** The control: an element (its id and aria props are set by cloneElement) or a render
   *  prop receiving them, for controls that spread them somewhere else. */
  children:
    ReactElement<{ "aria-describedby"?: string }> | ((control: FieldControlProps) => ReactNode);
  description?: ReactNode;
  error?: string | null;
  required?: boolean;
  /** An id for the control instead of a generated one. */
  id?: string;
  className?: string;
  /** Hides the label visually (it stays for screen readers). */
  hideLabel?: boolean;
}

/**
 * A label, a control, an optional description and an error message, wired together:
 * label[for], aria-describedby (description then error) and aria-invalid.
 *
 *   <Field label="Titre" error={errors.title}><Input name="title" /></Field>
 *   <Field label="Couleur">{(props) => <ColorInput {...props} />}</Field>
 */
export function Field({
  label,
  children,
  description,
  error,
  required,
  id,
  className,
  hideLabel,
}: FieldProps) {
  const generated = useId();
  const controlId = id ?? generated;
  const { describedBy } = fieldNoteIds(controlId, description, error);
  const control: FieldControlProps = {
    id: controlId,
    "aria-describedby": describedBy,
    "aria-invalid": error ? true : undefined,
    "aria-required": required ? true : undefined,
  };

  let rendered: ReactNode;
  if (typeof children === "function") {
    rendered = children(control);
  } else if (isValidElement(children)) {
    const own = children.props["aria-describedby"];
    rendered = cloneElement(children as ReactElement<Partial<FieldControlProps>>, {
      ...control,
      "aria-describedby": [own, describedBy].filter(Boolean).join(" ") || undefined,
    });
  } else {
    rendered = children;
  }

  return (
    <div className={cn("flex flex-col gap-1.5", className)}>
      <div className={cn("flex items-baseline gap-0.5", hideLabel && "sr-only")}>
        <label htmlFor={controlId} className="text-sm font-semibold text-ink">
          {label}
        </label>
        {/* Outside the label: its text stays exactly the field's name (aria-required says it). */}
        {required && (
          <span aria-hidden="true" className="text-sm font-semibold text-red-700">
            *
          </span>
        )}
      </div>
      {rendered}
      <FieldNotes controlId={controlId} description={description} error={error} />
    </div>
  );
}

/**
 * The ids of a control's description and error (its own id, suffixed) and its
 * aria-describedby: the description then the error, of those shown; undefined for none.
 */
export function fieldNoteIds(controlId: string, description: ReactNode, error?: string | null) {
  const descriptionId = `${controlId}-description`;
  const errorId = `${controlId}-erreur`;
  const describedBy =
    [description ? descriptionId : null, error ? errorId : null].filter(Boolean).join(" ") ||
    undefined;
  return { descriptionId, errorId, describedBy };
}

/**
 * A control's description and error message under it, with the ids fieldNoteIds gives.
 * `alert`: the error is announced as it appears (an upload's failure).
 */
export function FieldNotes({
  controlId,
  description,
  error,
  alert = false,
}: {
  controlId: string;
  description?: ReactNode;
  error?: string | null;
  alert?: boolean;
}) {
  const { descriptionId, errorId } = fieldNoteIds(controlId, description, error);
  return (
    <>
      {description && (
        <p id={descriptionId} className="text-sm text-gray-600">
          {description}
        </p>
      )}
      {error && (
        <p
          id={errorId}
          role={alert ? "alert" : undefined}
          className="text-sm font-medium text-red-700"
        >
          {error}
        </p>
      )}
    </>
  );
}
