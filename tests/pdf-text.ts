/*
 * The text of a PDF written with the standard fonts (pdf-lib): its content streams
 * inflated, each shown string decoded from WinAnsi. Enough to read back what a page says.
 */
import { inflateSync } from "node:zlib";

/** WinAnsi's bytes 0x80–0x9F that differ from Latin-1. */
const WIN_ANSI: Record<number, string> = {
  0x80: "€",
  0x85: "…",
  0x91: "‘",
  0x92: "’",
  0x93: "“",
  0x94: "”",
  0x96: "–",
  0x97: "—",
  0x9c: "œ",
};

function decode(bytes: number[]): string {
  return bytes.map((byte) => WIN_ANSI[byte] ?? String.fromCharCode(byte)).join("");
}

/** The PDF's lines of text, in the order they are drawn. */
export function pdfText(pdf: Uint8Array): string[] {
  const raw = Buffer.from(pdf);
  const lines: string[] = [];
  let at = 0;
  for (;;) {
    const start = raw.indexOf("stream", at, "latin1");
    if (start < 0) break;
    let from = start + "stream".length;
    if (raw[from] === 0x0d) from += 1;
    if (raw[from] === 0x0a) from += 1;
    const end = raw.indexOf("endstream", from, "latin1");
    if (end < 0) break;
    at = end + "endstream".length;
    let content: string;
    try {
      content = inflateSync(raw.subarray(from, end)).toString("latin1");
    } catch {
      content = raw.subarray(from, end).toString("latin1");
    }
    for (const match of content.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)) {
      const hex = match[1] ?? "";
      const bytes: number[] = [];
      for (let i = 0; i < hex.length; i += 2) bytes.push(parseInt(hex.slice(i, i + 2), 16));
      lines.push(decode(bytes));
    }
  }
  return lines;
}
