/*
 * The attestation's PDF (pdf-lib, pure JavaScript): one A4 page in the standard Helvetica,
 * so nothing is embedded but the text. Helvetica's WinAnsi alphabet covers French; any
 * other letter a family typed is written without its accent, never dropped.
 */
import { formatNumericDate, formatPlainDate } from "~/core/date-format";
import type { PDFFont } from "pdf-lib";
import { parisToday } from "~/core/club-time";
import { agree, elide } from "~/core/french";
import { formatEuros } from "~/core/money";
import { onOneLine, withoutInvisible } from "~/core/typed-text";
import type { AttestationFacts } from "./attestation.server";

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 64;

/**
 * The text as the font can write it: line breaks and other controls (an address typed on
 * two lines, a text stored before they were refused) and thin spaces as spaces, invisible
 * direction marks dropped, unknown letters unaccented.
 */
export function writable(font: PDFFont, text: string): string {
  const known = new Set(font.getCharacterSet());
  return [...withoutInvisible(onOneLine(text)).replace(/[\u202f\u2009]/g, " ")]
    .map((char) => {
      if (known.has(char.codePointAt(0) ?? 0)) return char;
      const bare = char.normalize("NFD").replace(/\p{M}/gu, "");
      return [...bare].every((c) => known.has(c.codePointAt(0) ?? 0)) ? bare : "?";
    })
    .join("");
}

/** Splits a paragraph into lines that fit `width`. */
function wrap(font: PDFFont, text: string, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(" ")) {
    const next = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(next, size) > width) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

export async function attestationPdf(
  facts: AttestationFacts,
  { now = new Date() }: { now?: Date } = {},
): Promise<Uint8Array> {
  // Loaded here, by the few requests that print: pdf-lib takes about 0.3 s of CPU to import,
  // which every process (and every test file) reaching the membership domain paid at start.
  const { PDFDocument, rgb, StandardFonts } = await import("pdf-lib");
  const INK = rgb(0.1, 0.1, 0.12);
  const MUTED = rgb(0.35, 0.35, 0.4);
  const doc = await PDFDocument.create();
  const title = `Attestation de paiement ${facts.number}`;
  doc.setTitle(title);
  doc.setAuthor(facts.club.name);
  doc.setCreator(facts.club.name);
  doc.setProducer(facts.club.name);
  doc.setLanguage("fr-FR");
  doc.setCreationDate(now);
  doc.setModificationDate(now);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const page = doc.addPage(A4);
  const width = A4[0] - 2 * MARGIN;
  let y = A4[1] - MARGIN;

  const write = (
    text: string,
    {
      size = 11,
      font = regular,
      color = INK,
      gap = 6,
    }: { size?: number; font?: PDFFont; color?: typeof INK; gap?: number } = {},
  ) => {
    for (const line of wrap(font, writable(font, text), size, width)) {
      y -= size;
      page.drawText(line, { x: MARGIN, y, size, font, color });
      y -= gap;
    }
  };
  const space = (points: number) => {
    y -= points;
  };

  write(facts.club.name, { size: 14, font: bold, gap: 4 });
  if (facts.club.address) write(facts.club.address, { size: 10, color: MUTED });
  space(36);
  write("Attestation de paiement de cotisation", { size: 18, font: bold, gap: 8 });
  write(`Saison ${facts.season.label}`, { size: 12 });
  write(`N° ${facts.number}`, { size: 10, color: MUTED });
  space(24);

  const paid = formatEuros(facts.paidCents);
  const member = `${facts.member.firstName} ${facts.member.lastName}`;
  const sex = facts.member.sex;
  write(
    `Je soussigné(e), représentant l'association ${facts.club.name}, atteste ${elide("que", member)}, ` +
      `${agree(sex, "né")} le ${formatNumericDate(facts.member.birthDate)}, est ${agree(sex, "adhérent")} du club pour la saison ` +
      `${facts.season.label} (du ${formatNumericDate(facts.season.startsOn)} au ${formatNumericDate(facts.season.endsOn)}), ` +
      `formule « ${facts.tariffLabel} ».`,
    { gap: 5 },
  );
  space(10);
  write(
    `Montant réglé pour ${agree(sex, "cet adhérent", "cette adhérente", "cet adhérent")} : ${paid}`,
    { size: 13, font: bold },
  );
  if (facts.licenceCents > 0) {
    write(`dont licence fédérale (FFBoxe) : ${formatEuros(facts.licenceCents)}`);
  }
  space(10);
  write("Cette attestation est délivrée pour servir et valoir ce que de droit.");
  space(28);
  write(`Fait à ${facts.club.city || "Meyzieu"}, le ${formatPlainDate(parisToday(now))}`);
  space(28);
  write(facts.club.signatory, { font: bold });
  write("Signature :", { color: MUTED });
  space(40);
  page.drawLine({
    start: { x: MARGIN, y },
    end: { x: MARGIN + 200, y },
    thickness: 0.6,
    color: MUTED,
  });
  return doc.save();
}
