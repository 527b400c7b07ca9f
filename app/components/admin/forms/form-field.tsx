import {
  useEffect,
  useId,
  useRef,
  useState,
  type FormEvent,
  type InputHTMLAttributes,
  type Ref,
  type RefObject,
} from "react";
import type { z } from "zod";
import { fieldErrors, formText } from "~/core/form";

type FieldProps = InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  name: string;
  error?: string;
  ref?: Ref<HTMLInputElement>;
};

/** A labelled input with its error message tied to it (aria-invalid, aria-describedby). */
export function FormField({ label, name, error, className = "", ref, ...input }: FieldProps) {
  const id = useId();
  const errorId = `${id}-erreur`;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-semibold text-ink">
        {label}
      </label>
      <input
        ref={ref}
        id={id}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={`rounded-md border px-3 py-2 text-base text-ink outline-none read-only:bg-gray-100 read-only:text-gray-600 focus-visible:ring-2 focus-visible:ring-teal-dark focus-visible:ring-offset-1 ${
          error ? "border-red-700" : "border-gray-400"
        } ${className}`}
        {...input}
      />
      {error && (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** A required password; `autoComplete` tells password managers which one it is. */
export function PasswordField({
  autoComplete,
  ...field
}: Omit<FieldProps, "type" | "autoComplete"> & {
  autoComplete: "current-password" | "new-password";
}) {
  return <FormField {...field} type="password" autoComplete={autoComplete} aria-required="true" />;
}

export function SubmitButton({
  busy,
  children,
  busyLabel,
}: {
  busy: boolean;
  children: string;
  busyLabel: string;
}) {
  return (
    <button
      type="submit"
      disabled={busy}
      className="rounded-md bg-teal-dark px-4 py-2 font-semibold text-white hover:bg-ink focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-dark disabled:opacity-70"
    >
      {busy ? busyLabel : children}
    </button>
  );
}

/** Moves the focus to the first invalid field whenever a new set of errors arrives. */
export function useFocusFirstInvalid(
  formRef: RefObject<HTMLFormElement | null>,
  errors: unknown,
): void {
  useEffect(() => {
    if (!errors) return;
    formRef.current?.querySelector<HTMLInputElement>('[aria-invalid="true"]')?.focus();
  }, [formRef, errors]);
}

/**
 * A plain form posted to its page's action, checked in the browser first when script runs:
 * `formProps` go on the <Form>; an invalid submit is stopped and its errors shown (and the
 * first invalid field focused) instead of the server's last ones.
 */
export function useCheckedForm<Errors extends Partial<Record<string, string>>>({
  schema,
  names,
  serverErrors,
}: {
  schema: z.ZodType;
  names: readonly string[];
  serverErrors: Errors | undefined;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const [clientErrors, setClientErrors] = useState<Errors | null>(null);
  const errors = clientErrors ?? serverErrors;
  useFocusFirstInvalid(formRef, errors);

  function validate(event: FormEvent<HTMLFormElement>) {
    const parsed = schema.safeParse(formText(new FormData(event.currentTarget), names));
    if (parsed.success) return setClientErrors(null);
    event.preventDefault();
    setClientErrors(fieldErrors(parsed.error) as Errors);
  }

  return { errors, formProps: { ref: formRef, noValidate: true, onSubmit: validate } };
}
