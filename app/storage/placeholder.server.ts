import sharp from "sharp";

/*
 * Generated artwork for the seeded rows, so that no page shows an empty box before the
 * club uploads its own photos. Abstract shapes in the spec's teal, dark and gold; no text,
 * so no font is needed on the server.
 */

const PALETTES = [
  ["#0f172a", "#5ECFCB", "#D4AF37"],
  ["#111827", "#D4AF37", "#5ECFCB"],
  ["#0b3b3a", "#5ECFCB", "#f8fafc"],
  ["#1f2937", "#F28C28", "#D4AF37"],
  ["#18181b", "#5ECFCB", "#F28C28"],
  ["#134e4a", "#D4AF37", "#f8fafc"],
] as const;

export function placeholderSvg({
  variant,
  width = 1600,
  height = 1000,
}: {
  variant: number;
  width?: number;
  height?: number;
}): string {
  const [dark, main, accent] = PALETTES[variant % PALETTES.length]!;
  const angle = 15 + ((variant * 37) % 60);
  const cx = width * (0.25 + ((variant * 0.17) % 0.5));
  const cy = height * (0.35 + ((variant * 0.11) % 0.3));
  const r = Math.min(width, height) * 0.32;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${dark}"/><stop offset="1" stop-color="${main}" stop-opacity="0.55"/>
    </linearGradient>
    <radialGradient id="glow" cx="0.5" cy="0.5" r="0.5">
      <stop offset="0" stop-color="${accent}" stop-opacity="0.9"/><stop offset="1" stop-color="${accent}" stop-opacity="0"/>
    </radialGradient>
  </defs>
  <rect width="100%" height="100%" fill="${dark}"/>
  <rect width="100%" height="100%" fill="url(#bg)"/>
  <g transform="rotate(${angle} ${width / 2} ${height / 2})" opacity="0.35">
    <rect x="${-width}" y="${height * 0.42}" width="${width * 3}" height="${height * 0.08}" fill="${accent}"/>
    <rect x="${-width}" y="${height * 0.56}" width="${width * 3}" height="${height * 0.03}" fill="${main}"/>
  </g>
  <circle cx="${cx}" cy="${cy}" r="${r}" fill="url(#glow)"/>
  <circle cx="${cx}" cy="${cy}" r="${r * 0.55}" fill="none" stroke="${main}" stroke-width="${r * 0.06}" opacity="0.8"/>
  <circle cx="${width - cx}" cy="${height - cy * 0.6}" r="${r * 0.3}" fill="${accent}" opacity="0.25"/>
</svg>`;
}

/** A JPEG rendering of placeholderSvg: the "original" that the variants are made from. */
export async function placeholderJpeg(
  options: Parameters<typeof placeholderSvg>[0],
): Promise<Buffer> {
  return sharp(Buffer.from(placeholderSvg(options)))
    .jpeg({ quality: 82, mozjpeg: true })
    .toBuffer();
}

/** The club badge until a logo is uploaded: rings in teal and gold on dark. */
export async function placeholderLogoPng(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">
  <circle cx="128" cy="128" r="124" fill="#111827"/>
  <circle cx="128" cy="128" r="108" fill="none" stroke="#D4AF37" stroke-width="10"/>
  <circle cx="128" cy="128" r="84" fill="#5ECFCB"/>
  <path d="M92 150 q0 -58 40 -62 q40 -2 36 40 v26 q0 14 -14 14 h-48 q-14 0 -14 -18z" fill="#111827"/>
  <rect x="96" y="160" width="64" height="18" rx="4" fill="#D4AF37"/>
</svg>`;
  return sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer();
}
