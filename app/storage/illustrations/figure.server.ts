import {
  angleOf,
  bandFill,
  bandOutline,
  circle,
  COLORS,
  ellipsePath,
  lerp,
  line,
  place,
  placePath,
  pt,
  shape,
  type Placement,
  type Point,
} from "./geometry.server";
import { glove, pad } from "./parts.server";
import { POSES, type PoseName, type Pose, type Side } from "./poses.server";

/*
 * People: a pose (where the joints are, for an adult 560 px tall standing at the origin and
 * facing right) dressed by a look (skin, hair, clothes, gloves or pads). A child is the
 * same pose, smaller, with a bigger head and bigger gloves: the way children read.
 */

export interface Look {
  skin: string;
  hair: { style: "short" | "ponytail" | "bun" | "curly" | "buzz"; color: string };
  top: string;
  /** A tank top shows the upper arm; a tee covers it. */
  sleeves?: boolean;
  bottom: { color: string; long?: boolean };
  shoes?: string;
  /** Glove colour; "pads" for the coach's focus pads; "bare" for empty hands. */
  hands: string | "pads" | "bare";
  headgear?: string;
}

export type Build = "adult" | "teen" | "child";

/** legs: the legs' share of the height; thick: limbs and trunk, wider for a child. */
const BUILDS: Record<
  Build,
  { scale: number; head: number; glove: number; legs: number; thick: number }
> = {
  adult: { scale: 1, head: 1, glove: 1, legs: 1, thick: 1 },
  teen: { scale: 0.9, head: 1.06, glove: 1.02, legs: 1, thick: 1 },
  child: { scale: 0.7, head: 1.4, glove: 1.4, legs: 0.8, thick: 1.2 },
};

/** Mixes a colour with ink: the far side's limbs sit a step back. */
export function shade(hex: string, amount = 0.18): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const mix = (c: number, ink: number) => Math.round(c + (ink - c) * amount);
  const r = mix((n >> 16) & 255, 0x11);
  const g = mix((n >> 8) & 255, 0x18);
  const b = mix(n & 255, 0x27);
  return `#${((r << 16) | (g << 8) | b).toString(16).padStart(6, "0")}`;
}

/** A person in a pose, feet at `at` (x, y), facing right unless mirrored. */
export function figure(poseName: PoseName, look: Look, at: Placement & { build?: Build }): string {
  const pose: Pose = POSES[poseName];
  const build = BUILDS[at.build ?? "adult"];
  const s = (at.scale ?? 1) * build.scale;
  const where: Placement = { x: at.x, y: at.y, scale: s, mirror: at.mirror };
  // A child's legs are shorter: below the hips the pose is squashed, above it moves down.
  const hipY = pose.hip.y;
  const P = (p: Point) =>
    place(pt(p.x, p.y >= hipY ? p.y * build.legs : p.y - hipY * (1 - build.legs)), where);
  const dir = at.mirror ? -1 : 1;

  const t = s * build.thick;
  const arm = 30 * t;
  const sleeve = 42 * t;
  const leg = 40 * t;
  const thigh = 58 * t;

  const limbArm = (side: Side, far: boolean) => {
    const skin = far ? shade(look.skin) : look.skin;
    const top = far ? shade(look.top) : look.top;
    const pts = [P(side.shoulder), P(side.elbow), P(side.wrist)];
    const upper = [pts[0]!, lerp(pts[0]!, pts[1]!, 0.62)];
    const parts = [bandOutline(pts, arm)];
    if (look.sleeves) parts.push(bandOutline(upper, sleeve));
    parts.push(bandFill(pts, arm, skin));
    if (look.sleeves) parts.push(bandFill(upper, sleeve, top));
    parts.push(hand(pts[1]!, pts[2]!, far));
    return parts.join("");
  };

  const hand = (elbow: Point, wrist: Point, far: boolean) => {
    const angle = angleOf(elbow, wrist);
    if (look.hands === "pads")
      return pad({ x: wrist.x, y: wrist.y, angle: dir > 0 ? 0 : Math.PI, scale: s });
    if (look.hands === "bare") return circle(wrist, 19 * s, far ? shade(look.skin) : look.skin);
    const color = far ? shade(look.hands) : look.hands;
    return glove(
      { x: wrist.x, y: wrist.y, angle, scale: s * build.glove * 0.9, mirror: far },
      color,
    );
  };

  const limbLeg = (side: Side, far: boolean) => {
    const skin = far ? shade(look.skin) : look.skin;
    const cloth = far ? shade(look.bottom.color) : look.bottom.color;
    const pts = [P(side.hip), P(side.knee), P(side.ankle)];
    const shoe = shoeOf(pts[2]!, far);
    if (look.bottom.long) {
      return bandOutline(pts, leg + 6 * s) + bandFill(pts, leg + 6 * s, cloth) + shoe;
    }
    // Square hems, so the shorts end on the thigh instead of in a ball.
    const shorts = [lerp(pts[1]!, pts[0]!, 1.15), lerp(pts[0]!, pts[1]!, 0.62)];
    return (
      bandOutline(pts, leg) +
      bandOutline(shorts, thigh, "butt") +
      bandFill(pts, leg, skin) +
      bandFill(shorts, thigh, cloth, "butt") +
      shoe
    );
  };

  const shoeOf = (ankle: Point, far: boolean) => {
    const color = far ? shade(look.shoes ?? COLORS.white) : (look.shoes ?? COLORS.white);
    const front = pose.view === "front";
    const toe = front ? pt(ankle.x, ankle.y + 8 * s) : pt(ankle.x + dir * 40 * s, ankle.y + 2 * s);
    const heel = front ? pt(ankle.x, ankle.y - 4 * s) : pt(ankle.x - dir * 6 * s, ankle.y);
    const width = front ? 40 * s : 30 * s;
    return bandOutline([heel, toe], width) + bandFill([heel, toe], width, color);
  };

  const neck = P(pose.neck);
  const hip = P(pose.hip);
  const headR = 46 * s * build.head;
  const head = lerp(neck, P(pose.head), build.head);
  const front = pose.view === "front";
  const torsoTop = (front ? 128 : 104) * t;
  const torsoBottom = (front ? 104 : 92) * t;

  const torsoShape = torso(neck, hip, torsoTop, torsoBottom, look.top);
  const shorts = torso(
    lerp(hip, neck, 0.12),
    lerp(hip, neck, -0.1),
    torsoBottom,
    torsoBottom + 8 * s,
    look.bottom.color,
    false,
  );
  const neckBand =
    bandOutline([neck, lerp(neck, head, 0.5)], 28 * s) +
    bandFill([neck, lerp(neck, head, 0.5)], 28 * s, look.skin);
  const headShape = headOf(head, headR, look, front, dir);

  const parts = front
    ? [
        limbLeg(pose.near, false),
        limbLeg(pose.far, false),
        shorts,
        torsoShape,
        neckBand,
        headShape,
        limbArm(pose.near, false),
        limbArm(pose.far, false),
      ]
    : [
        limbLeg(pose.far, true),
        limbArm(pose.far, true),
        limbLeg(pose.near, false),
        shorts,
        torsoShape,
        neckBand,
        headShape,
        limbArm(pose.near, false),
      ];
  return `<g>${parts.join("")}</g>`;
}

/** The trunk: rounded shoulders at the neck, narrowing to the hips (or a plain band). */
function torso(
  neck: Point,
  hip: Point,
  top: number,
  bottom: number,
  color: string,
  shoulders = true,
): string {
  const a = angleOf(neck, hip);
  const n = pt(Math.cos(a + Math.PI / 2), Math.sin(a + Math.PI / 2));
  const u = pt(Math.cos(a), Math.sin(a));
  const at = (p: Point, side: number, w: number, along = 0) =>
    pt(p.x + n.x * side * w + u.x * along, p.y + n.y * side * w + u.y * along);
  const drop = shoulders ? 30 : 0;
  const A = at(neck, 1, top / 2, drop);
  const B = at(neck, -1, top / 2, drop);
  const ca = at(neck, 1, top / 2, shoulders ? -14 : 0);
  const cb = at(neck, -1, top / 2, shoulders ? -14 : 0);
  const C = at(hip, -1, bottom / 2);
  const D = at(hip, 1, bottom / 2);
  const f = (p: Point) => `${Math.round(p.x)} ${Math.round(p.y)}`;
  return shape(`M${f(D)} L${f(A)} C${f(ca)} ${f(cb)} ${f(B)} L${f(C)}Z`, color);
}

function headOf(c: Point, r: number, look: Look, front: boolean, dir: number): string {
  const hairColor = look.hair.color;
  const at: Placement = { x: c.x, y: c.y, scale: r / 100, mirror: dir < 0 };
  const back = (d: string) => shape(placePath(d, at), hairColor);
  const parts: string[] = [];
  if (look.hair.style === "ponytail") {
    parts.push(
      back(
        front
          ? "M70 -40 C140 -10 150 60 120 110 C110 60 90 20 60 0Z"
          : "M-70 -50 C-150 -40 -170 40 -150 110 C-120 60 -100 20 -60 -10Z",
      ),
    );
  }
  if (look.hair.style === "bun")
    parts.push(shape(placePath(ellipsePath(front ? 0 : -60, -104, 38, 38), at), hairColor));
  parts.push(circle(c, r, look.skin));
  const caps = {
    short: front
      ? "M-104 6 C-112 -120 112 -120 104 6 C90 -40 40 -62 0 -62 C-40 -62 -90 -40 -104 6Z"
      : "M62 -80 C20 -122 -96 -116 -106 -10 C-108 20 -100 40 -92 50 L-46 30 C-50 -10 -20 -36 58 -50Z",
    buzz: front
      ? "M-100 -10 C-100 -116 100 -116 100 -10 C80 -60 -80 -60 -100 -10Z"
      : "M58 -78 C20 -112 -90 -110 -102 -10 L-60 -10 C-56 -40 -10 -56 56 -58Z",
    curly: front
      ? "M-110 10 C-130 -70 -80 -130 0 -124 C80 -130 130 -70 110 10 C96 -30 70 -50 40 -56 C10 -40 -30 -40 -50 -56 C-80 -50 -100 -30 -110 10Z"
      : "M70 -76 C40 -130 -90 -136 -118 -40 C-130 10 -112 56 -84 70 L-46 34 C-54 -4 -24 -30 62 -44Z",
  };
  const cap =
    look.hair.style === "curly" ? caps.curly : look.hair.style === "buzz" ? caps.buzz : caps.short;
  parts.push(back(cap));
  if (look.headgear) {
    const gear = front
      ? "M-116 30 C-130 -130 130 -130 116 30 L110 70 C100 84 80 84 76 60 L74 10 C60 -40 -60 -40 -74 10 L-76 60 C-80 84 -100 84 -110 70Z"
      : "M60 -84 C20 -134 -112 -128 -122 -20 C-126 40 -104 92 -44 106 L10 104 C28 100 30 84 20 74 L-6 40 C-20 20 -20 -20 -4 -40 L58 -54Z";
    parts.push(shape(placePath(gear, at), look.headgear));
  }
  // Eyes and a smile: enough to read a face at card size.
  const eye = (x: number) => circle(place(pt(x, -2), at), r * 0.075, COLORS.ink, null);
  if (front) {
    parts.push(eye(-34), eye(34));
    parts.push(
      line([place(pt(-22, 36), at), place(pt(0, 46), at), place(pt(22, 36), at)], COLORS.ink, 5),
    );
  } else {
    parts.push(eye(58));
    parts.push(line([place(pt(52, 44), at), place(pt(74, 40), at)], COLORS.ink, 5));
  }
  return parts.join("");
}
