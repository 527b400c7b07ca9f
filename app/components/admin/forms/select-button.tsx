import type { ReactNode } from "react";
import { cn } from "~/components/ui/cn";

/**
 * An item of a list beside an editor (records, pages): the button that opens it in the
 * editor, marked aria-current and tinted while it is the one open.
 */
export function SelectButton({
  selected,
  onSelect,
  className,
  children,
}: {
  selected: boolean;
  onSelect: () => void;
  className?: string;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-current={selected ? "true" : undefined}
      onClick={onSelect}
      className={cn(
        "rounded-md px-3 py-2 text-left",
        "hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-dark",
        selected && "bg-teal-light/60 hover:bg-teal-light/60",
        className,
      )}
    >
      {children}
    </button>
  );
}
