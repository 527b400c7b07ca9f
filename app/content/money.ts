/*
 * Money as the club writes it. Amounts are stored as integer cents (never a float, so
 * 180,50 € stays 18050) and written the French way: "180 €", "180,50 €", "1 200 €".
 */

/** The largest amount accepted, in euros: beyond it the figure is surely a typo. */
export const MAX_EUROS = 10_000;

/** Narrow no-break space between thousands, no-break space before the sign (French usage). */
const THOUSANDS = "\u202f";
const BEFORE_SIGN = "\u00a0";

/**
 * The amount as a visitor reads it: "180 €", "180,50 €", "1 200 €". With `sign: false`,
 * the same figure without "€", as the editor's field shows it ("180,50").
 */
export function formatEuros(cents: number, { sign = true }: { sign?: boolean } = {}): string {
  const whole = Math.floor(cents / 100);
  const rest = cents % 100;
  const grouped = String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, THOUSANDS);
  const figure = rest === 0 ? grouped : `${grouped},${String(rest).padStart(2, "0")}`;
  return sign ? `${figure}${BEFORE_SIGN}€` : figure;
}

/**
 * Cents from what an editor typed in euros: "180", "180,50", "180.5", "1 200 €". Null for
 * anything else (letters, three decimals, a negative or empty amount).
 */
export function parseEuros(text: string): number | null {
  const compact = text.replace(/\s+/g, "").replace(/€$/, "");
  const match = /^(\d{1,6})(?:[.,](\d{1,2}))?$/.exec(compact);
  if (!match) return null;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? "0").padEnd(2, "0"));
  return Number.isSafeInteger(cents) ? cents : null;
}
