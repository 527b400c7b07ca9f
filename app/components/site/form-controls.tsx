import type { ReactNode } from "react";
import { Link } from "react-router";
import { PUBLIC_FORM_HONEYPOT, PUBLIC_FORM_STAMP } from "~/domains/messages/contact-schema";

/*
 * What the public forms (/contact, /essai) share: the look of a field, the message under
 * it, the focus on the first invalid one with no script, the anti-robot fields and the
 * privacy notice. Plain HTML (ADR 006): no state, no effect.
 */

export const FIELD_INPUT =
  "mt-2 block w-full rounded-xl border border-gray-400 bg-white px-4 py-3 text-base text-ink " +
  "focus:border-teal-dark focus:outline-none focus:ring-2 focus:ring-teal-dark " +
  "aria-[invalid=true]:border-red-700";

export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1 text-sm font-semibold text-red-700">
      {message}
    </p>
  );
}

/**
 * The attributes of an invalid field: its message as description, and `autofocus` on the
 * first one in the form's order (the action URL has no fragment: one would cancel it).
 */
export function invalidProps<K extends string>(
  errors: Partial<Record<K, string>>,
  order: readonly K[],
): (name: K) => Record<string, unknown> {
  const firstInvalid = order.find((name) => errors[name]);
  return (name) =>
    errors[name]
      ? {
          "aria-invalid": true,
          "aria-describedby": `${name}-error`,
          autoFocus: name === firstInvalid,
        }
      : {};
}

/** A public form's group of fields (a fieldset's box) and its explanatory text. */
export const FORM_BOX = "grid gap-5 rounded-2xl bg-white p-5 ring-1 ring-ink/10 sm:p-6";
export const FORM_NOTE = "text-gray-700";

/**
 * The props of a form's fields from its values and errors: name, value, error, and the
 * invalid state (the first field in error takes the focus).
 */
export function fieldProps<K extends string>(
  values: Partial<Record<K, string>>,
  errors: Partial<Record<K, string>>,
  order: readonly K[],
): (name: K) => { name: K; value: string; error?: string; invalid: Record<string, unknown> } {
  const invalid = invalidProps(errors, order);
  return (name) => ({
    name,
    value: values[name] ?? "",
    error: errors[name],
    invalid: invalid(name),
  });
}

/** A field's frame: its label above, its control, its error under it. */
function LabelledField({
  id,
  name,
  label,
  error,
  className,
  children,
}: Pick<FieldBase, "id" | "name" | "label" | "error"> & {
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <label htmlFor={id} className="font-semibold">
        {label}
      </label>
      {children}
      <FieldError id={`${name}-error`} message={error} />
    </div>
  );
}

/** The props every field of a public form takes from `fieldProps`, and its id. */
type FieldBase = {
  id: string;
  name: string;
  label: ReactNode;
  value: string;
  error?: string;
  invalid: Record<string, unknown>;
};

export type TextFieldProps = FieldBase & {
  type?: "text" | "email" | "tel";
  optional?: boolean;
  /** A line under the label (an example, a format). */
  hint?: string;
  autoComplete?: string;
  maxLength?: number;
  inputMode?: "numeric" | "text";
};

/** A labelled one-line field with its error under it. */
export function TextField({
  id,
  name,
  label,
  value,
  error,
  invalid,
  type = "text",
  optional = false,
  hint,
  ...input
}: TextFieldProps) {
  return (
    <LabelledField
      id={id}
      name={name}
      error={error}
      label={
        <>
          {label}
          {optional ? <span className="font-normal text-gray-700"> (facultatif)</span> : null}
        </>
      }
    >
      {hint ? (
        <span id={`${id}-hint`} className="block text-sm text-gray-700">
          {hint}
        </span>
      ) : null}
      <input
        id={id}
        name={name}
        type={type}
        required={!optional}
        defaultValue={value}
        className={FIELD_INPUT}
        {...input}
        {...invalid}
        aria-describedby={
          [error ? `${name}-error` : "", hint ? `${id}-hint` : ""].filter(Boolean).join(" ") ||
          undefined
        }
      />
    </LabelledField>
  );
}

/** The attributes of a field's control, its own ones (`own`) after its name and rule. */
function controlProps(
  {
    id,
    name,
    value,
    invalid,
    required,
  }: Omit<FieldBase, "label" | "error"> & { required: boolean },
  own: Record<string, unknown> = {},
) {
  return {
    id,
    name,
    required,
    ...own,
    defaultValue: value,
    className: FIELD_INPUT,
    ...invalid,
  };
}

/** A labelled text area with its error under it (its label says itself if it is optional). */
export function TextAreaField({
  rows,
  maxLength,
  ...field
}: FieldBase & { required: boolean; rows: number; maxLength: number }) {
  return (
    <LabelledField {...field}>
      <textarea {...controlProps(field, { rows, maxLength })} />
    </LabelledField>
  );
}

/** A labelled list to choose from (its options as children) with its error under it. */
export function SelectField({
  className,
  children,
  ...field
}: FieldBase & { required: boolean; className?: string; children: ReactNode }) {
  return (
    <LabelledField {...field} className={className}>
      <select {...controlProps(field)}>{children}</select>
    </LabelledField>
  );
}

/**
 * The signed time the form was shown and the honeypot, hidden from people and filled by
 * robots that fill every field (app/domains/messages/contact-guard.server.ts judges both).
 */
export function RobotGuardFields({ stamp }: { stamp: string }) {
  return (
    <>
      <input type="hidden" name={PUBLIC_FORM_STAMP} value={stamp} />
      <HoneypotField />
    </>
  );
}

/** The honeypot alone, for a form that has no signed time (the start of /adhesion). */
export function HoneypotField() {
  return (
    <div className="absolute -left-[10000px] h-px w-px overflow-hidden" aria-hidden="true">
      <label htmlFor={PUBLIC_FORM_HONEYPOT}>Ne remplissez pas ce champ</label>
      <input
        id={PUBLIC_FORM_HONEYPOT}
        name={PUBLIC_FORM_HONEYPOT}
        type="text"
        tabIndex={-1}
        autoComplete="off"
        defaultValue=""
      />
    </div>
  );
}

/** The consent notice: what the data is for, and where the privacy policy is. */
export function PrivacyNotice({ purpose }: { purpose: string }) {
  return (
    <p className="text-sm text-gray-700">
      {purpose} ; elles sont conservées le temps indiqué dans notre{" "}
      <Link to="/confidentialite" className="font-semibold text-teal-dark underline">
        politique de confidentialité
      </Link>
      , qui explique aussi comment en demander l'accès ou la suppression.
    </p>
  );
}

/** The banner at the top of a form the server sent back with errors. */
export function FormAlert({ message }: { message: string }) {
  return (
    <p role="alert" className="rounded-xl bg-red-50 p-4 font-semibold text-red-800">
      {message}
    </p>
  );
}
