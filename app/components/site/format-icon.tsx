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

/*
 * The lucide icons an admin can name in content (formats: Users, Target, Heart, spec §9).
 * NOTE: a Map, not an object: the name is stored text, and an object would answer
 * "constructor" or "__proto__" with what its prototype holds.
 */
const ICONS: ReadonlyMap<string, LucideIcon> = new Map([
  ["Users", Users],
  ["Target", Target],
  ["Heart", Heart],
  ["Briefcase", Briefcase],
  ["CalendarDays", CalendarDays],
  ["Dumbbell", Dumbbell],
  ["HeartPulse", HeartPulse],
  ["Shield", Shield],
  ["Trophy", Trophy],
]);

/** The names an admin can choose (content editor's icon fields). */
export const FORMAT_ICON_NAMES: readonly string[] = [...ICONS.keys()];

export function isIconName(name: string): boolean {
  return ICONS.has(name);
}

/** A named lucide icon, decorative; an unknown name shows the default Users icon. */
export function FormatIcon({ name, className = "size-7" }: { name: string; className?: string }) {
  // createElement: the lint rule takes a component read from a Map for one made in render.
  return createElement(ICONS.get(name) ?? Users, {
    "aria-hidden": true,
    className,
    strokeWidth: 2,
  });
}
