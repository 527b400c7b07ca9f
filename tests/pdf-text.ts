/*
 * The text of a PDF as a reader's tool extracts it: `pdftotext` (Debian's poppler-utils,
 * installed by npm test and CI as Chromium is). It reads the embedded fonts' own mapping
 * to Unicode, so a name that comes back exact prints exact for a works council too.
 */
import { execFileSync } from "node:child_process";

const MISSING =
  "pdftotext est introuvable : installez le paquet Debian poppler-utils (sudo apt-get install poppler-utils). " +
  "npm test l'installe lui-même quand il tourne en root. Les tests des PDF ne sont jamais sautés.";

/** The PDF's lines of text, top to bottom, without empty lines. */
export function pdfText(pdf: Uint8Array): string[] {
  let out: Buffer;
  try {
    out = execFileSync("pdftotext", ["-enc", "UTF-8", "-", "-"], {
      input: Buffer.from(pdf),
      stdio: ["pipe", "pipe", "pipe"],
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") throw new Error(MISSING);
    throw error;
  }
  return out
    .toString("utf8")
    .split(/\r?\n|\f/)
    .map((line) => line.trim())
    .filter(Boolean);
}

/** The PDF's text on one line, every run of spaces and line breaks as one space. */
export function pdfPlainText(pdf: Uint8Array): string {
  return pdfText(pdf).join(" ").replace(/\s+/g, " ");
}
