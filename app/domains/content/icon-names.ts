/*
 * The icon names an admin can type in content (formats: Users, Target, Heart, spec §9):
 * what the content editor's schema accepts. The icons themselves are drawn by
 * app/components/site/format-icon.tsx, which has one for each name.
 */
const NAMES_IN_ORDER = [
  "Users",
  "Target",
  "Heart",
  "Briefcase",
  "CalendarDays",
  "Dumbbell",
  "HeartPulse",
  "Shield",
  "Trophy",
] as const;

export type FormatIconName = (typeof NAMES_IN_ORDER)[number];

/** The names an admin can choose (content editor's icon fields), in the editor's order. */
export const FORMAT_ICON_NAMES: readonly string[] = NAMES_IN_ORDER;

/*
 * NOTE: a Set, not an object: the name is stored text, and an object would answer
 * "constructor" or "__proto__" with what its prototype holds.
 */
const NAMES: ReadonlySet<string> = new Set(FORMAT_ICON_NAMES);

export function isIconName(name: string): boolean {
  return NAMES.has(name);
}
