import { Switch as SwitchPrimitive } from "radix-ui";
import { useId, type ReactNode } from "react";
import { cn } from "./cn";

export interface SwitchProps {
  label: ReactNode;
  checked?: boolean;
  defaultChecked?: boolean;
  onCheckedChange?: (checked: boolean) => void;
  /** With a name, the switch posts "on" in a form when checked (Radix adds a hidden input). */
  name?: string;
  value?: string;
  disabled?: boolean;
  description?: ReactNode;
  id?: string;
  className?: string;
}

/** An on/off switch (role="switch") with its label on the right. */
export function Switch({ label, description, id, className, ...props }: SwitchProps) {
  const generated = useId();
  const switchId = id ?? generated;
  const descriptionId = description ? `${switchId}-description` : undefined;
  return (
    <div className={cn("flex items-start gap-3", className)}>
      <SwitchPrimitive.Root
        id={switchId}
        aria-describedby={descriptionId}
        className={cn(
          "relative mt-0.5 inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full bg-gray-400 transition-colors",
          "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-dark",
          "disabled:cursor-not-allowed disabled:opacity-60 data-[state=checked]:bg-teal-dark",
        )}
        {...props}
      >
        <SwitchPrimitive.Thumb className="block size-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[1.375rem]" />
      </SwitchPrimitive.Root>
      <div className="flex flex-col">
        <label htmlFor={switchId} className="cursor-pointer text-sm font-semibold text-ink">
          {label}
        </label>
        {description && (
          <p id={descriptionId} className="text-sm text-gray-600">
            {description}
          </p>
        )}
      </div>
    </div>
  );
}
