import sharp from "sharp";
import { circle, COLORS, pt } from "./illustrations/geometry.server";
import { glove } from "./illustrations/parts.server";
import { SCENES, type SceneName } from "./illustrations/scenes.server";

/*
 * The seed's pictures until the club uploads its own photos: the illustration set drawn
 * for the site (app/storage/illustrations/), rendered by sharp. No text in them, so no
 * font is needed on the server.
 */

export type { SceneName };

/**
 * A JPEG rendering of one illustration: the "original" the variants are made from.
 * Full chroma: flat colours against ink outlines would bleed with 4:2:0.
 */
export async function illustrationJpeg(scene: SceneName): Promise<Buffer> {
  return sharp(Buffer.from(SCENES[scene]()))
    .jpeg({ quality: 86, mozjpeg: true, chromaSubsampling: "4:4:4" })
    .toBuffer();
}

/** The club badge until a logo is uploaded: a glove on teal, in a gold ring, on ink. */
export async function placeholderLogoPng(): Promise<Buffer> {
  const c = pt(128, 128);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">${circle(c, 124, COLORS.ink, null)}${circle(c, 104, COLORS.teal, COLORS.gold)}${glove({ x: 121, y: 131, angle: -1.35, scale: 1.15 }, COLORS.red)}</svg>`;
  return sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer();
}

/**
 * The broken-image fallback (public/images/placeholder.webp, written once by hand with
 * this function): one glove on teal, a few kilobytes.
 */
export async function placeholderWebp(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="750" viewBox="0 0 1200 750"><rect width="1200" height="750" fill="${COLORS.teal}"/>${circle(pt(600, 375), 285, "#86dcd9", null)}${glove({ x: 580, y: 383, angle: -1.35, scale: 3 }, COLORS.red)}</svg>`;
  return sharp(Buffer.from(svg)).webp({ quality: 70 }).toBuffer();
}
