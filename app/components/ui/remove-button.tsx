import { Trash2 } from "lucide-react";
import { Button, type ButtonProps } from "./button";
import { cn } from "./cn";

/**
 * A red ghost button with a bin (its spinner instead while `busy`): removes or deletes.
 * A list's rows leave the bin out (`icon={false}`): their buttons are words alone.
 */
export function RemoveButton({
  size = "sm",
  busy = false,
  icon = true,
  className,
  children,
  ...props
}: Omit<ButtonProps, "variant"> & { icon?: boolean }) {
  return (
    <Button
      variant="ghost"
      size={size}
      busy={busy}
      className={cn("text-red-700 hover:bg-red-50", className)}
      {...props}
    >
      {!busy && icon && <Trash2 aria-hidden="true" className="size-4" />}
      {children}
    </Button>
  );
}
