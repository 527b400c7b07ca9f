/*
 * The back office's CSV files (trial bookings, the membership's exports, a deposit slip),
 * written the one way French Excel opens them: UTF-8 with a BOM, ";" between fields, CRLF
 * line ends, every field quoted when needed and a formula a visitor typed neutralised.
 */

export type CsvCell = string | number | null;

/**
 * One CSV field: quoted when needed, and a leading = + - @ neutralised so a spreadsheet
 * never runs a formula a visitor typed.
 */
export function csvField(value: CsvCell): string {
  let text = value === null ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[";\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The whole file: BOM, the header, then the rows, each field through csvField. */
export function csvDocument(
  header: readonly string[],
  rows: readonly (readonly CsvCell[])[],
): string {
  const lines = [header, ...rows].map((row) => row.map(csvField).join(";"));
  return "\uFEFF" + lines.join("\r\n") + "\r\n";
}
