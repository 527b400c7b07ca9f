import { createElement } from "react";
import {
  Briefcase,
  CalendarDays,
  Dumbbell,
  Heart,
  HeartPulse,
  Shield,
  Target,
  Trophy,
  Users,
  type LucideIcon,
} from "lucide-react";
import type { FormatIconName } from "~/domains/content/icon-names";

/*
 * The lucide icon of each name an admin can type in content (app/domains/content/icon-names.ts).
 * NOTE: a Map, not an object: the name is stored text, and an object would answer
 * "constructor" or "__proto__" with what its prototype holds.
 */
const ICON_OF: Record<FormatIconName, LucideIcon> = {
  Users,
  Target,
  Heart,
  Briefcase,
  CalendarDays,
  Dumbbell,
  HeartPulse,
  Shield,
  Trophy,
};
const ICONS: ReadonlyMap<string, LucideIcon> = new Map(Object.entries(ICON_OF));

/** A named lucide icon, decorative; an unknown name shows the default Users icon. */
export function FormatIcon({ name, className = "size-7" }: { name: string; className?: string }) {
  // createElement: the lint rule takes a component read from a Map for one made in render.
  return createElement(ICONS.get(name) ?? Users, {
    "aria-hidden": true,
    className,
    strokeWidth: 2,
  });
}
