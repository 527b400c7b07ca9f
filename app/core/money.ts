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

/** The figure an editor's field shows and takes back: "180", "180,50" (no grouping, no sign). */
export function euroFigure(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  const rest = abs % 100;
  const euros = String(Math.floor(abs / 100));
  return `${sign}${rest === 0 ? euros : `${euros},${String(rest).padStart(2, "0")}`}`;
}

/** Euros as French Excel reads a number, always two decimals: "165,50", "0,05", "-12,00". */
export function euroDecimal(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, "0")}`;
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

/**
 * Splits an amount into `count` instalments (1 to 3 cheques): whole euros where it can,
 * the odd cents and euros on the first one, so the cheques read as the families write them.
 */
export function splitInstalments(totalCents: number, count: number): number[] {
  const n = Math.max(1, Math.floor(count));
  const euros = Math.floor(totalCents / 100);
  const share = Math.floor(euros / n) * 100;
  const first = totalCents - share * (n - 1);
  return [first, ...Array.from({ length: n - 1 }, () => share)];
}

/**
 * Splits one payment over the members it pays for, in proportion to what each owes
 * (one cheque for two children). Whole cents; the rounding's leftover goes to the first
 * shares so the parts always add up to the amount.
 */
export function allocate(amountCents: number, owedCents: readonly number[]): number[] {
  const owed = owedCents.map((cents) => Math.max(0, cents));
  const total = owed.reduce((sum, cents) => sum + cents, 0);
  if (owed.length === 0) return [];
  if (total === 0) return owed.map((_, i) => (i === 0 ? amountCents : 0));
  const parts = owed.map((cents) => Math.floor((amountCents * cents) / total));
  let left = amountCents - parts.reduce((sum, cents) => sum + cents, 0);
  for (let i = 0; left > 0; i = (i + 1) % parts.length) {
    if (owed[i]! > 0) {
      parts[i]! += 1;
      left -= 1;
    }
  }
  return parts;
}
