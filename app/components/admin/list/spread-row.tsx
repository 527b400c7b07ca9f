import type { LiHTMLAttributes } from "react";
import { cn } from "~/components/ui/cn";

/**
 * A row of a back-office list: its parts stacked on a phone, spread on one line from the sm
 * breakpoint up (what the row is on the left, what can be done with it on the right). The
 * caller gives its gaps, padding and frame.
 */
export function SpreadRow({ className, ...props }: LiHTMLAttributes<HTMLLIElement>) {
  return (
    <li
      className={cn("flex flex-col sm:flex-row sm:items-center sm:justify-between", className)}
      {...props}
    />
  );
}
