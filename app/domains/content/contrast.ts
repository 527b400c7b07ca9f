import { contrastRatio, parseHexColour, relativeLuminance } from "~/domains/schedule";

/*
 * The readability guard of the colours a volunteer picks: WCAG 2 AA asks
 * 4.5:1 between normal text and its background
 * (https://www.w3.org/TR/WCAG22/#contrast-minimum).
 */

export const AA_TEXT_CONTRAST = 4.5;

/** The contrast ratio of two #RRGGBB colours; null when one of them is not a colour. */
export function colourContrast(foreground: string, background: string): number | null {
  const fg = parseHexColour(foreground);
  const bg = parseHexColour(background);
  if (!fg || !bg) return null;
  return contrastRatio(relativeLuminance(fg), relativeLuminance(bg));
}

function toHex(rgb: number[]): string {
  return `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, "0")).join("")}`.toUpperCase();
}

/**
 * The colour closest to `foreground` (the same hue, darkened or lightened as little as
 * possible) that reads on `background` at `minimum`:1; `foreground` itself when it does.
 */
export function nearestReadableColour(
  foreground: string,
  background: string,
  minimum = AA_TEXT_CONTRAST,
): string {
  const fg = parseHexColour(foreground);
  const bg = parseHexColour(background);
  if (!fg || !bg) return foreground;
  const bgLuminance = relativeLuminance(bg);
  const reads = (rgb: number[]) =>
    contrastRatio(relativeLuminance(rgb as [number, number, number]), bgLuminance) >= minimum;
  if (reads(fg)) return foreground;
  let best: number[] | null = null;
  let bestStep = Infinity;
  for (const target of [0, 255]) {
    for (let step = 1; step <= 100; step += 1) {
      const t = step / 100;
      const mixed = fg.map((c) => Math.round(c + (target - c) * t));
      if (reads(mixed)) {
        if (step < bestStep) [best, bestStep] = [mixed, step];
        break;
      }
    }
  }
  return best ? toHex(best) : foreground;
}

/** "4,5:1" as a French reader writes it. */
export function formatRatio(ratio: number): string {
  return `${(Math.floor(ratio * 10) / 10).toFixed(1).replace(".", ",")}:1`;
}
