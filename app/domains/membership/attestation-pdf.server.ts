/*
 * The attestation's PDF (pdf-lib, pure JavaScript): one A4 page in Noto Sans, embedded and
 * cut down to the letters used (a few tens of Ko), so that any name in Latin, Latin
 * Extended or Vietnamese prints as typed. A letter beyond the font is written without its
 * accent when that helps, else as « ? », never dropped.
 */
import { formatNumericDate, formatPlainDate } from "~/core/date-format";
import type { PDFDocument, PDFFont } from "pdf-lib";
import { parisToday } from "~/core/club-time";
import { agree, elide } from "~/core/french";
import { formatEuros } from "~/core/money";
import { onOneLine, withoutInvisible } from "~/core/typed-text";
import { attestationFontkit } from "./attestation-fontkit.server";
import { attestationFonts, signatureImage } from "./attestation-images.server";
import type { AttestationFacts } from "./attestation.server";

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 64;

/**
 * The text as the font can write it: line breaks and other controls (an address typed on
 * two lines, a text stored before they were refused) and thin spaces as spaces, invisible
 * direction marks dropped, unknown letters unaccented.
 */
export function writable(font: PDFFont, text: string): string {
  const known = characterSet(font);
  // Composed (« e » and its two marks typed apart become « ễ »): the font draws it whole.
  return [
    ...withoutInvisible(onOneLine(text))
      .normalize("NFC")
      .replace(/[\u202f\u2009]/g, " "),
  ]
    .map((char) => {
      if (known.has(char.codePointAt(0) ?? 0)) return char;
      const bare = char.normalize("NFD").replace(/\p{M}/gu, "");
      return [...bare].every((c) => known.has(c.codePointAt(0) ?? 0)) ? bare : "?";
    })
    .join("");
}

const characterSets = new WeakMap<PDFFont, Set<number>>();

/** The font's letters, read once per document (a full font lists thousands). */
function characterSet(font: PDFFont): Set<number> {
  let known = characterSets.get(font);
  if (!known) {
    known = new Set(font.getCharacterSet());
    characterSets.set(font, known);
  }
  return known;
}

/*
 * The fonts are drawn without OpenType's substitutions and positioning (ligatures, kerning,
 * marks): the text is composed letters, which need none, and shaping each line through
 * fontkit took most of the PDF's time. So a line's width is the sum of its letters'.
 */
const PLAIN: Record<string, boolean> = Object.fromEntries(
  ["ccmp", "locl", "rlig", "mark", "mkmk", "calt", "clig", "liga", "rclt", "curs", "kern"].map(
    (tag) => [tag, false],
  ),
);
const advances = new WeakMap<PDFFont, Map<string, number>>();

/** The width of `text` at `size`, from each letter's advance, measured once per document. */
function widthOf(font: PDFFont, text: string, size: number): number {
  let known = advances.get(font);
  if (!known) advances.set(font, (known = new Map()));
  let width = 0;
  for (const char of text) {
    let advance = known.get(char);
    if (advance === undefined) known.set(char, (advance = font.widthOfTextAtSize(char, 1)));
    width += advance;
  }
  return width * size;
}

/** Splits a paragraph into lines that fit `width`. */
function wrap(font: PDFFont, text: string, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(" ")) {
    const next = line ? `${line} ${word}` : word;
    if (line && widthOf(font, next, size) > width) {
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
  const [{ PDFDocument, rgb }, { default: fontkit }, fonts, signature] = await Promise.all([
    import("pdf-lib"),
    import("@pdf-lib/fontkit"),
    attestationFonts(),
    // Unreadable, the signature is left for a hand: the attestation is still given.
    signatureImage(facts.club.signatureUrl).catch((error: unknown) => {
      console.error("Attestation signature unreadable", error);
      return null;
    }),
  ]);
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
  doc.registerFontkit(attestationFontkit(fontkit));
  const regular = await doc.embedFont(fonts.regular, { subset: true, features: PLAIN });
  const bold = await doc.embedFont(fonts.bold, { subset: true, features: PLAIN });
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

  const { club } = facts;
  write(club.name, { size: 14, font: bold, gap: 4 });
  if (club.address) write(club.address, { size: 10, color: MUTED });
  const ids = [club.rna && `RNA ${club.rna}`, club.siret && `SIRET ${siretText(club.siret)}`];
  if (ids.some(Boolean)) write(ids.filter(Boolean).join(" · "), { size: 10, color: MUTED });
  space(30);
  write("Attestation de paiement de cotisation", { size: 18, font: bold, gap: 8 });
  write(`Saison ${facts.season.label}`, { size: 12 });
  write(`N° ${facts.number}`, { size: 10, color: MUTED });
  space(20);

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
  // Only what is paid is attested: a member not fully paid reads it, with the file's figures.
  if (facts.paidCents < facts.owedCents) {
    write(`paiement partiel : ${paid} payés sur ${formatEuros(facts.owedCents)}`, { font: bold });
  }
  space(6);
  write(facts.payments.length > 1 ? "Paiements reçus :" : "Paiement reçu :", { font: bold });
  for (const payment of facts.payments) {
    write(
      `${formatNumericDate(payment.receivedAt)} – ${payment.method} – ${formatEuros(payment.cents)}`,
      { gap: 4 },
    );
  }
  space(10);
  write("Cette attestation est délivrée pour servir et valoir ce que de droit.");
  space(24);
  write(`Fait à ${club.city || "Meyzieu"}, le ${formatPlainDate(parisToday(now))}`);
  space(24);
  if (club.signatory.name) write(club.signatory.name, { font: bold, gap: 2 });
  if (club.signatory.role) write(club.signatory.role);
  if (signature) await drawSignature(doc, page, signature, MARGIN, y);
  else {
    write("Signature :", { color: MUTED });
    space(40);
    page.drawLine({
      start: { x: MARGIN, y },
      end: { x: MARGIN + 200, y },
      thickness: 0.6,
      color: MUTED,
    });
  }
  return doc.save();
}

/** « 12345678900012 » → « 123 456 789 00012 », as INSEE writes it. */
function siretText(siret: string): string {
  return /^\d{14}$/.test(siret)
    ? `${siret.slice(0, 3)} ${siret.slice(3, 6)} ${siret.slice(6, 9)} ${siret.slice(9)}`
    : siret;
}

/** The signature image below `top`, at most 180 × 70 points, its proportions kept. */
async function drawSignature(
  doc: PDFDocument,
  page: ReturnType<PDFDocument["addPage"]>,
  signature: { format: "png" | "jpg"; bytes: Uint8Array },
  x: number,
  top: number,
) {
  const image =
    signature.format === "png"
      ? await doc.embedPng(signature.bytes)
      : await doc.embedJpg(signature.bytes);
  const { width, height } = image.scaleToFit(180, 70);
  page.drawImage(image, { x, y: top - 8 - height, width, height });
}
