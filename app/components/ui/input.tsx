import type { InputHTMLAttributes, Ref, TextareaHTMLAttributes } from "react";
import { cn } from "./cn";

/** Shared look of text controls (the component class of app/admin.css). */
export const controlClasses = "control";

/** Text controls also grey out when read-only (a <select> always matches :read-only). */
export const textControlClasses = "control control-text";

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
