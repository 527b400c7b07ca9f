import { ChevronDown } from "lucide-react";
import type { Ref, SelectHTMLAttributes } from "react";
import { cn } from "./cn";
import { controlClasses } from "./input";

export type SelectProps = SelectHTMLAttributes<HTMLSelectElement> & {
  ref?: Ref<HTMLSelectElement>;
  /** Shorthand for the options; children work too. */
  options?: readonly { value: string; label: string; disabled?: boolean }[];
};

/** The native select (keyboard, mobile pickers and forms work as usual), styled. */
export function Select({ className, options, children, ref, ...props }: SelectProps) {
  return (
    <div className="relative">
      <select
        ref={ref}
        className={cn(controlClasses, "appearance-none pr-9", className)}
        {...props}
      >
        {options?.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
        {children}
      </select>
      <ChevronDown
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-gray-600"
      />
    </div>
  );
}
