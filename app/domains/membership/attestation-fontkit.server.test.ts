import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import fontkit from "@pdf-lib/fontkit";
import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { attestationFontkit } from "./attestation-fontkit.server";
import { attestationFonts } from "./attestation-images.server";

const LINE = "Boxing Club de Meyzieu : Łukasz Nguyễn Wąsowski, 63,75 € le 05/10/2026";

/** A line in Noto Sans, its font embedded whole or as a subset. */
async function linePdf(kit: Parameters<PDFDocument["registerFontkit"]>[0], subset: boolean) {
  const doc = await PDFDocument.create();
  doc.registerFontkit(kit);
  const font = await doc.embedFont((await attestationFonts()).regular, { subset });
  doc.addPage([520, 40]).drawText(LINE, { x: 10, y: 14, size: 14, font });
  return doc.save();
}

/** The dark pixels of the PDF as poppler draws it (pdftoppm, poppler-utils). */
function ink(pdf: Uint8Array): number {
  const dir = mkdtempSync(path.join(tmpdir(), "attestation-ink-"));
  writeFileSync(path.join(dir, "line.pdf"), pdf);
  execFileSync("pdftoppm", ["-gray", "-r", "100", "-singlefile", "line.pdf", "line"], {
    cwd: dir,
  });
  const pgm = readFileSync(path.join(dir, "line.pgm"));
  // P5 header: magic, width, height, maxval, each followed by one whitespace byte.
  let fields = 0;
  let at = 0;
  while (fields < 4) {
    while (/\s/.test(String.fromCharCode(pgm[at]!))) at += 1;
    while (!/\s/.test(String.fromCharCode(pgm[at]!))) at += 1;
    fields += 1;
  }
  return pgm.subarray(at + 1).filter((value) => value < 128).length;
}

describe("the attestation's fontkit", () => {
  it("makes subsets that draw every letter as the whole font does", async () => {
    const whole = ink(await linePdf(fontkit, false));
    expect(whole).toBeGreaterThan(1000);
    for (const round of [1, 2]) {
      // The second document reuses the parsed font.
      const subset = ink(await linePdf(attestationFontkit(fontkit), true));
      expect(Math.abs(subset - whole) / whole, `document ${round}`).toBeLessThan(0.03);
    }
  });
});
