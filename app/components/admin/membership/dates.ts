import { CLUB_TIMEZONE } from "~/content/dated-sessions";

/** A stamp (ISO UTC) or a day (YYYY-MM-DD) as the club reads it: « 14/09/2026 ». */
export function formatParisDate(value: string): string {
  const date = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T12:00:00Z`) : new Date(value);
  return new Intl.DateTimeFormat("fr-FR", { timeZone: CLUB_TIMEZONE, dateStyle: "short" }).format(
    date,
  );
}
