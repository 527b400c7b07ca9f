/*
 * The fontkit that pdf-lib embeds the attestation's fonts with (@pdf-lib/fontkit), with two
 * changes:
 * - each font file is parsed once per process rather than once per PDF: the parsed font
 *   keeps its tables and glyphs, and each document still makes its own subset (a PDF two to
 *   four times faster);
 * - its subsets of a TrueType font keep every glyph. NOTE: @pdf-lib/fontkit 1.1.1 writes a
 *   subset's glyph offsets in the short format (offset / 2) without padding each glyph to
 *   an even length, so after a glyph of odd length every glyph drawn is another's or none
 *   (Noto Sans: « Box g C b de Mey e » for « Boxing Club de Meyzieu »). Upstream fontkit
 *   fixed it (foliojs/fontkit#191, in 1.8.0) by padding; so do we, on each subset.
 */
import type { PDFDocument } from "pdf-lib";

type Fontkit = Parameters<PDFDocument["registerFontkit"]>[0];
type Font = ReturnType<Fontkit["create"]>;

/** The TrueType subset's internals that the padding touches (fontkit's TTFSubset). */
interface TrueTypeSubset {
  glyf?: Uint8Array[];
  offset?: number;
  _addGlyph?: (gid: number) => number;
}

const parsedFonts = new WeakMap<Uint8Array, Font>();

/** Pads each glyph the subset copies to an even length, as the short offsets need. */
function padGlyphs(subset: TrueTypeSubset): void {
  const addGlyph = subset._addGlyph;
  if (typeof addGlyph !== "function") return;
  subset._addGlyph = function (this: TrueTypeSubset, gid: number) {
    const index = addGlyph.call(this, gid);
    const glyph = this.glyf?.[index];
    if (glyph && glyph.length % 2 === 1 && this.glyf && this.offset !== undefined) {
      // Of the glyph's own Buffer class (fontkit's bundled one): its encoder takes no other.
      const padded = (glyph.constructor as typeof Buffer).alloc(glyph.length + 1);
      padded.set(glyph);
      this.glyf[index] = padded;
      this.offset += 1;
    }
    return index;
  };
}

export function attestationFontkit(fontkit: Fontkit): Fontkit {
  return {
    create(bytes, postscriptName) {
      let font = parsedFonts.get(bytes);
      if (!font) {
        font = fontkit.create(bytes, postscriptName);
        const createSubset = font.createSubset.bind(font);
        font.createSubset = () => {
          const subset = createSubset();
          padGlyphs(subset as unknown as TrueTypeSubset);
          return subset;
        };
        parsedFonts.set(bytes, font);
      }
      return font;
    },
  };
}
