/* Months (YYYY-MM) for test data, in the club's time: shared by Vitest and Playwright. */

/** The month `n` months after `month` (n may be negative). */
export function monthAfter(month: string, n: number): string {
  const [year, index] = month.split("-").map(Number);
  return new Date(Date.UTC(year!, index! - 1 + n, 1)).toISOString().slice(0, 7);
}

/** The current month in Paris, as the server counts it. */
export function clubMonth(now: Date = new Date()): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Paris" }).format(now).slice(0, 7);
}
