/*
 * The few drawing primitives the illustrations are built from. Every shape is computed in
 * picture coordinates (no SVG transform on a stroked shape), so that one stroke weight is
 * kept whatever the size or the angle of the part: that is the set's style.
 */

/** The ink outline of every shape, in pixels of the 1600 × 1000 picture. */
export const STROKE = 9;

export const COLORS = {
  ink: "#111827",
  inkSoft: "#1f2937",
  slate: "#374151",
  teal: "#5ecfcb",
  tealLight: "#d8f4f3",
  tealDark: "#0f766e",
  gold: "#d4af37",
  goldLight: "#f6ecc9",
  goldDark: "#a8841f",
  white: "#f8fafc",
  grey: "#cbd5e1",
  red: "#c2410c",
} as const;

export const SKIN = {
  light: "#f2c9a0",
  medium: "#d9a066",
  tan: "#b97a45",
  dark: "#7a4a2a",
} as const;

export interface Point {
  x: number;
  y: number;
}

export const pt = (x: number, y: number): Point => ({ x, y });

/** An affine map: rotation by `angle` (radians), uniform `scale`, optional mirror, then a move. */
export interface Placement {
  x: number;
  y: number;
  angle?: number;
  scale?: number;
  mirror?: boolean;
}

export function place(p: Point, { x, y, angle = 0, scale = 1, mirror = false }: Placement): Point {
  const px = (mirror ? -p.x : p.x) * scale;
  const py = p.y * scale;
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  return { x: x + px * cos - py * sin, y: y + px * sin + py * cos };
}

const round = (n: number) => Math.round(n * 10) / 10;

/**
 * A path written with absolute M, L, C, Q and Z commands only (every number belongs to an
 * x, y pair), moved by `placement`.
 */
export function placePath(d: string, placement: Placement): string {
  return d.replace(/(-?\d+(?:\.\d+)?)[ ,]+(-?\d+(?:\.\d+)?)/g, (_, x: string, y: string) => {
    const p = place(pt(Number(x), Number(y)), placement);
    return `${round(p.x)} ${round(p.y)}`;
  });
}

/** An ellipse as four cubic curves, so that placePath can move and turn it. */
export function ellipsePath(cx: number, cy: number, rx: number, ry: number): string {
  const k = 0.5523;
  return [
    `M${cx + rx} ${cy}`,
    `C${cx + rx} ${cy + ry * k} ${cx + rx * k} ${cy + ry} ${cx} ${cy + ry}`,
    `C${cx - rx * k} ${cy + ry} ${cx - rx} ${cy + ry * k} ${cx - rx} ${cy}`,
    `C${cx - rx} ${cy - ry * k} ${cx - rx * k} ${cy - ry} ${cx} ${cy - ry}`,
    `C${cx + rx * k} ${cy - ry} ${cx + rx} ${cy - ry * k} ${cx + rx} ${cy}Z`,
  ].join(" ");
}

/** A filled shape with the ink outline. */
export function shape(d: string, fill: string, stroke: string | null = COLORS.ink): string {
  const outline = stroke
    ? ` stroke="${stroke}" stroke-width="${STROKE}" stroke-linejoin="round" stroke-linecap="round"`
    : "";
  return `<path d="${d}" fill="${fill}"${outline}/>`;
}

export function polyline(points: Point[]): string {
  return points.map((p, i) => `${i === 0 ? "M" : "L"}${round(p.x)} ${round(p.y)}`).join(" ");
}

/** A plain ink line (rope, chain, motion mark). */
export function line(
  points: Point[],
  color: string = COLORS.ink,
  width = STROKE,
  cap: "round" | "butt" = "round",
): string {
  return `<path d="${polyline(points)}" fill="none" stroke="${color}" stroke-width="${width}" stroke-linecap="${cap}" stroke-linejoin="round"/>`;
}

/**
 * A thick rounded band along points (a limb, a rope): its ink outline then its colour,
 * so the outline is STROKE wide on every side.
 */
export function band(points: Point[], width: number, color: string): string {
  return bandOutline(points, width) + bandFill(points, width, color);
}

export function bandOutline(points: Point[], width: number, cap: "round" | "butt" = "round") {
  return line(points, COLORS.ink, width + 2 * STROKE, cap);
}

export function bandFill(
  points: Point[],
  width: number,
  color: string,
  cap: "round" | "butt" = "round",
): string {
  return line(points, color, width, cap);
}

export function circle(c: Point, r: number, fill: string, stroke: string | null = COLORS.ink) {
  return shape(ellipsePath(c.x, c.y, r, r), fill, stroke);
}

export const lerp = (a: Point, b: Point, t: number): Point => ({
  x: a.x + (b.x - a.x) * t,
  y: a.y + (b.y - a.y) * t,
});

export const angleOf = (from: Point, to: Point) => Math.atan2(to.y - from.y, to.x - from.x);
