import type { HTMLAttributes } from "react";
import { cn } from "./cn";

export type BadgeTone = "neutral" | "teal" | "gold" | "success" | "warning" | "danger";

/** A small label (Publié, Brouillon, En avant…): the component classes of app/admin.css. */
export function Badge({
  tone = "neutral",
  className,
  ...props
}: HTMLAttributes<HTMLSpanElement> & { tone?: BadgeTone }) {
  return <span className={cn("badge", `badge-${tone}`, className)} {...props} />;
}
