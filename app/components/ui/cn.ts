/** Joins class names, skipping falsy ones (no tailwind-merge: later classes do not win). */
export function cn(...classes: (string | false | null | undefined)[]): string {
  return classes.filter(Boolean).join(" ");
}
