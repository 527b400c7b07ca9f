import { CircleCheck } from "lucide-react";

/** A list of short points, each behind a check mark in the given colour class. */
export function CheckList({
  items,
  markClassName = "text-teal-dark",
  className = "",
}: {
  items: readonly string[];
  markClassName?: string;
  className?: string;
}) {
  if (items.length === 0) return null;
  return (
    <ul className={`space-y-3 ${className}`}>
      {items.map((item, index) => (
        <li key={`${index}-${item}`} className="flex gap-3">
          <CircleCheck
            aria-hidden="true"
            className={`mt-0.5 size-5 shrink-0 ${markClassName}`}
            strokeWidth={2.25}
          />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}
