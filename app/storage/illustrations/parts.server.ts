import {
  band,
  circle,
  COLORS,
  ellipsePath,
  line,
  place,
  placePath,
  pt,
  shape,
  STROKE,
  type Placement,
  type Point,
} from "./geometry.server";

/*
 * The objects of the set, each drawn once in its own coordinates and placed where a
 * picture needs it: glove, focus pad, heavy bag, ring ropes and post, skipping rope,
 * heart, medal, sports bag, bottle, leaves and the little marks of movement.
 */

/** A lighter shade of a part's colour, for its one flat highlight. */
const HIGHLIGHT: Record<string, string> = {
  [COLORS.gold]: "#ecd27a",
  [COLORS.teal]: "#a6e6e3",
  [COLORS.tealDark]: "#2a9d93",
  [COLORS.red]: "#e0703f",
  [COLORS.inkSoft]: "#4b5563",
  [COLORS.ink]: "#374151",
  [COLORS.white]: "#ffffff",
};
const highlightOf = (color: string) => HIGHLIGHT[color] ?? COLORS.white;

/**
 * A boxing glove at the wrist, its knuckles along `angle`. `mirror` puts the thumb on the
 * other side (the other hand). Scale 1 is an adult's glove, about 120 px long.
 */
export function glove(at: Placement, color: string = COLORS.red): string {
  // The other hand: the thumb on the other side of the same axis.
  const flip = (d: string) =>
    at.mirror ? d.replace(/(-?\d+(?:\.\d+)?) (-?\d+(?:\.\d+)?)/g, (_, x, y) => `${x} ${-y}`) : d;
  const where: Placement = { ...at, mirror: false };
  const put = (d: string) => placePath(flip(d), where);
  const cuff = "M-56 -25 L-14 -25 L-14 25 L-56 25 Q-62 25 -62 19 L-62 -19 Q-62 -25 -56 -25Z";
  const stripe = "M-44 -25 L-32 -25 L-32 25 L-44 25Z";
  const fist = "M-18 -32 C0 -50 44 -52 60 -27 C73 -8 70 22 52 34 C36 44 0 44 -18 31Z";
  const thumb = "M-16 18 C-20 62 38 70 54 34 C36 44 6 42 -16 18Z";
  const shine = "M8 -33 C24 -40 42 -35 52 -22";
  return [
    shape(put(cuff), color),
    shape(put(stripe), COLORS.white, null),
    shape(put(cuff), "none"),
    shape(put(fist), color),
    shape(put(thumb), color),
    `<path d="${put(shine)}" fill="none" stroke="${highlightOf(color)}" stroke-width="${10 * (at.scale ?? 1)}" stroke-linecap="round"/>`,
  ].join("");
}

/** A focus pad held at the hand, its face turned along `angle`. */
export function pad(at: Placement, color: string = COLORS.inkSoft): string {
  return [
    shape(placePath(ellipsePath(6, 0, 30, 58), at), color),
    shape(placePath(ellipsePath(16, 0, 18, 40), at), COLORS.white),
    shape(placePath(ellipsePath(20, 0, 9, 18), at), COLORS.gold),
  ].join("");
}

/** A heavy bag hanging from the top edge, its top centre at `top`, leaning by `angle`. */
export function heavyBag(
  top: Point,
  {
    width = 170,
    height = 420,
    angle = 0,
    color = COLORS.inkSoft as string,
    band: bandColor = COLORS.gold as string,
    chain = COLORS.ink as string,
  } = {},
): string {
  const at: Placement = { x: top.x, y: top.y, angle };
  const w = width / 2;
  const r = w * 0.6;
  const body = `M${-w} ${r} Q${-w} 0 ${-w + r} 0 L${w - r} 0 Q${w} 0 ${w} ${r} L${w} ${height - r} Q${w} ${height} ${w - r} ${height} L${-w + r} ${height} Q${-w} ${height} ${-w} ${height - r}Z`;
  const strip = (y0: number, y1: number) => `M${-w} ${y0} L${w} ${y0} L${w} ${y1} L${-w} ${y1}Z`;
  const hook = place(pt(0, -70), at);
  return [
    line([place(pt(0, -400), at), hook], chain, STROKE + 3),
    line([hook, place(pt(-w * 0.7, 4), at)], chain, STROKE - 2),
    line([hook, place(pt(w * 0.7, 4), at)], chain, STROKE - 2),
    circle(hook, 12, COLORS.grey),
    shape(placePath(body, at), color),
    shape(placePath(strip(height * 0.12, height * 0.2), at), bandColor, null),
    shape(placePath(strip(height * 0.8, height * 0.88), at), bandColor, null),
    `<path d="${placePath(`M${-w * 0.55} ${height * 0.28} L${-w * 0.55} ${height * 0.68}`, at)}" stroke="${highlightOf(color)}" stroke-width="16" stroke-linecap="round"/>`,
    shape(placePath(body, at), "none"),
  ].join("");
}

/** Points along a rope sagging between two posts. */
function sagging(from: Point, to: Point, sag: number, steps = 16): Point[] {
  const mid = pt((from.x + to.x) / 2, (from.y + to.y) / 2 + sag * 2);
  return Array.from({ length: steps + 1 }, (_, i) => {
    const t = i / steps;
    const u = 1 - t;
    return pt(
      u * u * from.x + 2 * u * t * mid.x + t * t * to.x,
      u * u * from.y + 2 * u * t * mid.y + t * t * to.y,
    );
  });
}

/** The ring's ropes between x0 and x1, at the given heights, with their colours. */
export function ropes(
  x0: number,
  x1: number,
  rows: { y: number; color: string }[],
  { sag = 14, width = 18 } = {},
): string {
  return rows.map((r) => band(sagging(pt(x0, r.y), pt(x1, r.y), sag), width, r.color)).join("");
}

/** A ring's corner post from `top` down to `bottomY`, with a pad on each rope. */
export function ringPost(top: Point, bottomY: number, ropeYs: number[], padColor: string): string {
  const w = 34;
  const post = `M${top.x - w / 2} ${top.y} L${top.x + w / 2} ${top.y} L${top.x + w / 2} ${bottomY} L${top.x - w / 2} ${bottomY}Z`;
  const pads = ropeYs.map((y) => {
    const d = `M${top.x - 30} ${y - 26} L${top.x + 30} ${y - 26} Q${top.x + 36} ${y - 26} ${top.x + 36} ${y - 20} L${top.x + 36} ${y + 20} Q${top.x + 36} ${y + 26} ${top.x + 30} ${y + 26} L${top.x - 30} ${y + 26} Q${top.x - 36} ${y + 26} ${top.x - 36} ${y + 20} L${top.x - 36} ${y - 20} Q${top.x - 36} ${y - 26} ${top.x - 30} ${y - 26}Z`;
    return shape(d, padColor);
  });
  return shape(post, COLORS.grey) + pads.join("");
}

/** A skipping rope from one hand to the other, passing through `apex`, with its handles. */
export function skippingRope(left: Point, right: Point, apex: Point, color: string): string {
  const c1 = pt(left.x - 40, apex.y);
  const c2 = pt(right.x + 40, apex.y);
  const rope = `<path d="M${left.x} ${left.y} C${c1.x} ${c1.y} ${c2.x} ${c2.y} ${right.x} ${right.y}" fill="none" stroke="${color}" stroke-width="${STROKE}" stroke-linecap="round"/>`;
  const handle = (p: Point) => band([pt(p.x, p.y - 26), pt(p.x, p.y + 26)], 18, COLORS.gold);
  return rope + handle(left) + handle(right);
}

/** A heart centred at `c`, `size` px wide. */
export function heart(c: Point, size: number, color: string = COLORS.red): string {
  const d =
    "M0 34 C-30 10 -52 -6 -52 -26 C-52 -44 -38 -56 -22 -56 C-10 -56 -3 -49 0 -40 C3 -49 10 -56 22 -56 C38 -56 52 -44 52 -26 C52 -6 30 10 0 34Z";
  const at: Placement = { x: c.x, y: c.y + size * 0.1, scale: size / 104 };
  const shine = placePath("M-36 -30 C-36 -40 -28 -46 -20 -46", at);
  return (
    shape(placePath(d, at), color) +
    `<path d="${shine}" fill="none" stroke="${highlightOf(color)}" stroke-width="${10 * (at.scale ?? 1)}" stroke-linecap="round"/>`
  );
}

/** A heartbeat trace across, peaking at `c`: a light band with the ink outline. */
export function pulse(x0: number, x1: number, c: Point, color: string): string {
  const h = 90;
  return band(
    [
      pt(x0, c.y),
      pt(c.x - 90, c.y),
      pt(c.x - 60, c.y - h * 0.4),
      pt(c.x - 30, c.y + h * 0.5),
      pt(c.x + 8, c.y - h),
      pt(c.x + 44, c.y + h * 0.4),
      pt(c.x + 74, c.y),
      pt(x1, c.y),
    ],
    12,
    color,
  );
}

/** A medal on its ribbon, hanging from the neck at `neck`. */
export function medal(neck: Point, scale = 1): string {
  const s = scale;
  const disc = pt(neck.x, neck.y + 120 * s);
  return [
    band([pt(neck.x - 34 * s, neck.y), pt(disc.x - 8 * s, disc.y - 20 * s)], 14 * s, COLORS.red),
    band([pt(neck.x + 34 * s, neck.y), pt(disc.x + 8 * s, disc.y - 20 * s)], 14 * s, COLORS.red),
    circle(disc, 30 * s, COLORS.gold),
    circle(disc, 14 * s, "#ecd27a", null),
  ].join("");
}

/** A sports bag standing on the floor, its base centre at `base`. */
export function sportsBag(base: Point, color: string = COLORS.tealDark, scale = 1): string {
  const at: Placement = { x: base.x, y: base.y, scale };
  const body =
    "M-190 0 L190 0 Q214 0 214 -24 L214 -120 Q214 -190 150 -190 L-150 -190 Q-214 -190 -214 -120 L-214 -24 Q-214 0 -190 0Z";
  const handle = "M-90 -186 C-90 -290 90 -290 90 -186";
  const end = "M-214 -40 L-150 -40 L-150 -150 Q-214 -150 -214 -100Z";
  return [
    `<path d="${placePath(handle, at)}" fill="none" stroke="${COLORS.ink}" stroke-width="${STROKE * 3}" stroke-linecap="round"/>`,
    `<path d="${placePath(handle, at)}" fill="none" stroke="${COLORS.inkSoft}" stroke-width="${STROKE}" stroke-linecap="round"/>`,
    shape(placePath(body, at), color),
    shape(placePath(end, at), COLORS.gold),
    line([place(pt(-150, -150), at), place(pt(150, -150), at)]),
  ].join("");
}

/** A water bottle standing with its base centre at `base`. */
export function bottle(base: Point, color: string = COLORS.teal, scale = 1): string {
  const at: Placement = { x: base.x, y: base.y, scale };
  const body =
    "M-34 0 L34 0 Q42 0 42 -10 L42 -150 Q42 -176 20 -184 L20 -196 L-20 -196 L-20 -184 Q-42 -176 -42 -150 L-42 -10 Q-42 0 -34 0Z";
  const cap = "M-22 -196 L22 -196 L22 -226 L-22 -226Z";
  const label = "M-42 -120 L42 -120 L42 -60 L-42 -60Z";
  return [
    shape(placePath(body, at), color),
    shape(placePath(label, at), COLORS.white),
    shape(placePath(cap, at), COLORS.ink),
  ].join("");
}

/** An autumn leaf, pointing along `angle`. */
export function leaf(at: Placement, color: string): string {
  const d = "M-40 0 C-20 -30 20 -30 40 0 C20 30 -20 30 -40 0Z";
  return shape(placePath(d, at), color) + line([place(pt(-40, 0), at), place(pt(30, 0), at)]);
}

/** A four-pointed sparkle (effort, success). */
export function sparkle(c: Point, r: number, color: string = COLORS.gold): string {
  const k = r * 0.22;
  const d = `M${c.x} ${c.y - r} Q${c.x + k} ${c.y - k} ${c.x + r} ${c.y} Q${c.x + k} ${c.y + k} ${c.x} ${c.y + r} Q${c.x - k} ${c.y + k} ${c.x - r} ${c.y} Q${c.x - k} ${c.y - k} ${c.x} ${c.y - r}Z`;
  return shape(d, color);
}

/** Short parallel marks trailing behind a movement going along `angle`. */
export function motion(from: Point, angle: number, color: string = COLORS.ink, count = 3): string {
  const back = angle + Math.PI;
  const normal = angle + Math.PI / 2;
  return Array.from({ length: count }, (_, i) => {
    const offset = (i - (count - 1) / 2) * 34;
    const start = pt(
      from.x + Math.cos(normal) * offset + Math.cos(back) * (i % 2) * 18,
      from.y + Math.sin(normal) * offset + Math.sin(back) * (i % 2) * 18,
    );
    const length = i % 2 === 0 ? 70 : 46;
    return line(
      [start, pt(start.x + Math.cos(back) * length, start.y + Math.sin(back) * length)],
      color,
      STROKE + 1,
    );
  }).join("");
}
