import type { InputHTMLAttributes, Ref, TextareaHTMLAttributes } from "react";
import { cn } from "./cn";

/** Shared look of text controls; the red border follows aria-invalid. */
export const controlClasses = cn(
  "w-full rounded-md border border-gray-400 bg-white px-3 py-2 text-base text-ink",
  "placeholder:text-gray-500 outline-none",
  "focus-visible:border-teal-dark focus-visible:ring-2 focus-visible:ring-teal-dark/40",
  "aria-invalid:border-red-700 aria-invalid:focus-visible:ring-red-700/30",
  "disabled:cursor-not-allowed disabled:bg-gray-100 disabled:text-gray-600",
);

/** Text controls also grey out when read-only (a <select> always matches :read-only). */
export const textControlClasses = cn(
  controlClasses,
  "read-only:bg-gray-100 read-only:text-gray-600",
);

export type InputProps = InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> };

export function Input({ className, type = "text", ref, ...props }: InputProps) {
  return <input ref={ref} type={type} className={cn(textControlClasses, className)} {...props} />;
}

/** A whole number, typed on the digits keyboard. */
export function WholeNumberInput(props: Omit<InputProps, "type" | "step" | "inputMode">) {
  return <Input type="number" step={1} inputMode="numeric" {...props} />;
}

export type TextareaProps = TextareaHTMLAttributes<HTMLTextAreaElement> & {
  ref?: Ref<HTMLTextAreaElement>;
};

export function Textarea({ className, rows = 4, ref, ...props }: TextareaProps) {
  return (
    <textarea
      ref={ref}
      rows={rows}
      className={cn(textControlClasses, "min-h-20 resize-y", className)}
      {...props}
    />
  );
}
