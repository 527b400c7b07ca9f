import {
  BLUE_CORNER,
  COACH,
  KID,
  KID_2,
  KID_3,
  MAN,
  RED_CORNER,
  SENIOR,
  TEEN,
  TEEN_2,
  WOMAN,
  WOMAN_2,
} from "./cast.server";
import { figure } from "./figure.server";
import { circle, COLORS, pt, STROKE } from "./geometry.server";
import {
  bottle,
  glove,
  heart,
  heavyBag,
  leaf,
  medal,
  motion,
  pulse,
  ringPost,
  ropes,
  skippingRope,
  sparkle,
  sportsBag,
} from "./parts.server";

/*
 * The pictures of the seed, one per subject, all framed alike: a flat background, a disc
 * of light behind the subject, a floor at FLOOR_Y, people about 560 px tall. The subject
 * stays in the middle square, which every crop of the site keeps (16:10 cards, 4:3
 * sections, a phone's tall banner, the 48 px thumbnails).
 */

export const WIDTH = 1600;
export const HEIGHT = 1000;
const FLOOR_Y = 900;

interface Frame {
  background: string;
  disc: string;
  floor: string;
}

function frame({ background, disc, floor }: Frame, ...content: string[]): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}"><rect width="${WIDTH}" height="${HEIGHT}" fill="${background}"/>${circle(pt(800, 500), 400, disc, null)}<rect x="0" y="${FLOOR_Y}" width="${WIDTH}" height="${HEIGHT - FLOOR_Y}" fill="${floor}"/><path d="M0 ${FLOOR_Y} L${WIDTH} ${FLOOR_Y}" stroke="${COLORS.ink}" stroke-width="${STROKE}"/>${content.join("")}</svg>`;
}

const FRAMES = {
  light: { background: COLORS.tealLight, disc: "#b5e9e6", floor: "#9fd8d4" },
  cream: { background: COLORS.goldLight, disc: "#efdc9f", floor: "#e3cd86" },
  teal: { background: COLORS.teal, disc: "#86dcd9", floor: "#3fb3ae" },
  gold: { background: COLORS.gold, disc: "#e2c562", floor: "#b8942a" },
  night: { background: COLORS.ink, disc: "#16403f", floor: "#1f2937" },
  deep: { background: COLORS.tealDark, disc: "#1b8a80", floor: "#0b5a54" },
} satisfies Record<string, Frame>;

const RING_ROPES = [
  { y: 430, color: COLORS.red },
  { y: 540, color: COLORS.white },
  { y: 650, color: COLORS.teal },
];

/** A post of the ring, from above its top rope to the floor, padded where each rope meets it. */
const ringCornerPost = (x: number, padColor: string) =>
  ringPost(
    pt(x, 300),
    FLOOR_Y,
    RING_ROPES.map((r) => r.y),
    padColor,
  );

const ground = (x: number, width: number) =>
  `<ellipse cx="${x}" cy="${FLOOR_Y + 14}" rx="${width}" ry="16" fill="${COLORS.ink}" opacity="0.18"/>`;

/** People's scale: an adult stands from the floor to about 200 px from the top. */
const S = 1.22;

export const SCENES = {
  /** The club: a boxer in guard in the ring, by the heavy bag. */
  hero: () =>
    frame(
      FRAMES.night,
      ropes(-40, 1640, RING_ROPES, { sag: 10 }),
      ringCornerPost(1420, COLORS.gold),
      heavyBag(pt(540, 260), {
        color: COLORS.red,
        band: COLORS.white,
        height: 460,
        chain: COLORS.grey,
      }),
      ground(540, 110),
      figure(
        "guard",
        { ...MAN, top: COLORS.teal },
        { x: 1000, y: FLOOR_Y, mirror: true, scale: S },
      ),
      sparkle(pt(1180, 200), 34),
      sparkle(pt(330, 640), 22, COLORS.teal),
    ),
  /** People training together: the coach holds the pads, a child jabs, a woman waits. */
  about: () =>
    frame(
      FRAMES.light,
      heavyBag(pt(170, 230), { color: COLORS.tealDark }),
      figure("guard", WOMAN_2, { x: 400, y: FLOOR_Y, scale: 1.1 }),
      figure("jab", KID, { x: 700, y: FLOOR_Y, build: "child", scale: 1.3 }),
      figure("padsLow", COACH, { x: 1130, y: FLOOR_Y, mirror: true, scale: S }),
    ),
  loisir: () =>
    frame(
      FRAMES.cream,
      figure("jab", MAN, { x: 470, y: FLOOR_Y, scale: S }),
      heavyBag(pt(930, 250), { angle: -0.06, color: COLORS.tealDark, width: 200, height: 480 }),
      ground(930, 100),
      motion(pt(1070, 400), 0, COLORS.ink),
      sparkle(pt(1240, 230), 32),
    ),
  competition: () =>
    frame(
      FRAMES.night,
      ropes(-40, 1640, RING_ROPES, { sag: 10 }),
      ringCornerPost(110, COLORS.red),
      ringCornerPost(1490, COLORS.teal),
      figure("guard", RED_CORNER, { x: 540, y: FLOOR_Y, scale: S }),
      figure("guard", BLUE_CORNER, { x: 1060, y: FLOOR_Y, mirror: true, scale: S }),
      sparkle(pt(800, 170), 36),
    ),
  educative: () =>
    frame(
      FRAMES.gold,
      figure("guardLow", KID, { x: 740, y: FLOOR_Y, build: "child", scale: 1.7 }),
      sparkle(pt(1120, 270), 44, COLORS.white),
      sparkle(pt(440, 330), 28, COLORS.white),
      sparkle(pt(1230, 520), 22, COLORS.tealDark),
    ),
  ados: () =>
    frame(
      FRAMES.teal,
      figure("salute", TEEN, { x: 570, y: FLOOR_Y, build: "teen", scale: S }),
      figure("salute", TEEN_2, { x: 1030, y: FLOOR_Y, mirror: true, build: "teen", scale: S }),
      sparkle(pt(800, 300), 30, COLORS.white),
    ),
  feminine: () =>
    frame(
      FRAMES.light,
      figure("jab", WOMAN_2, { x: 420, y: FLOOR_Y, scale: 1.05 }),
      figure("guard", WOMAN, { x: 930, y: FLOOR_Y, scale: 1.3 }),
      sparkle(pt(1240, 240), 32),
    ),
  cardio: () => {
    const lift = 60;
    const hands = FLOOR_Y - lift - 300 * S;
    return frame(
      FRAMES.gold,
      skippingRope(pt(800 - 120 * S, hands), pt(800 + 120 * S, hands), pt(800, 40), COLORS.ink),
      ground(800, 130),
      figure(
        "skip",
        { ...WOMAN, top: COLORS.tealDark, hands: "bare" },
        { x: 800, y: FLOOR_Y - lift, scale: S },
      ),
      heart(pt(1180, 300), 130),
      heart(pt(1290, 470), 76),
    );
  },
  collectif: () =>
    frame(
      FRAMES.teal,
      figure("guard", WOMAN, { x: 340, y: FLOOR_Y, scale: 1.12 }),
      figure("guard", MAN, { x: 760, y: FLOOR_Y, scale: S }),
      figure("guard", TEEN, { x: 1170, y: FLOOR_Y, build: "teen", scale: S }),
    ),
  coaching: () =>
    frame(
      FRAMES.deep,
      figure("jab", { ...MAN, top: COLORS.gold }, { x: 480, y: FLOOR_Y, scale: S }),
      figure(
        "pads",
        { ...COACH, top: COLORS.white },
        { x: 1000, y: FLOOR_Y, mirror: true, scale: S },
      ),
    ),
  sante: () =>
    frame(
      FRAMES.light,
      heart(pt(1080, 420), 360),
      pulse(620, 1500, pt(1080, 440), COLORS.white),
      figure("guard", SENIOR, { x: 500, y: FLOOR_Y, scale: S }),
    ),
  "activity-adult": () =>
    frame(
      FRAMES.deep,
      heavyBag(pt(1140, 250), { color: COLORS.gold, band: COLORS.ink, width: 200, height: 480 }),
      figure("guard", MAN, { x: 330, y: FLOOR_Y, scale: 1.1 }),
      figure("jab", WOMAN, { x: 700, y: FLOOR_Y, scale: S }),
    ),
  "activity-junior": () =>
    frame(
      FRAMES.teal,
      figure("jab", TEEN, { x: 500, y: FLOOR_Y, build: "teen", scale: S }),
      figure("pads", COACH, { x: 980, y: FLOOR_Y, mirror: true, scale: S }),
    ),
  "activity-kids": () =>
    frame(
      FRAMES.cream,
      figure("guardLow", KID_2, { x: 360, y: FLOOR_Y, build: "child", scale: 1.45 }),
      figure("guardLow", KID, { x: 760, y: FLOOR_Y, build: "child", scale: 1.45 }),
      figure("guardLow", KID_3, { x: 1160, y: FLOOR_Y, build: "child", scale: 1.45 }),
    ),
  "post-stage": () => {
    const lift = 40;
    const scale = 1.45;
    const hands = FLOOR_Y - lift - 300 * 0.66 * scale;
    return frame(
      FRAMES.cream,
      leaf({ x: 260, y: 180, angle: 0.6 }, COLORS.red),
      leaf({ x: 1320, y: 150, angle: -0.4 }, COLORS.gold),
      leaf({ x: 1420, y: 520, angle: 1.2 }, COLORS.red),
      leaf({ x: 180, y: 560, angle: -0.9 }, COLORS.goldDark),
      leaf({ x: 820, y: 120, angle: 2.2 }, COLORS.tealDark),
      skippingRope(
        pt(1060 - 120 * 0.66 * scale, hands),
        pt(1060 + 120 * 0.66 * scale, hands),
        pt(1060, 150),
        COLORS.ink,
      ),
      ground(1060, 90),
      figure(
        "skip",
        { ...KID_2, hands: "bare", headgear: undefined },
        { x: 1060, y: FLOOR_Y - lift, build: "child", scale },
      ),
      figure("guardLow", KID, { x: 520, y: FLOOR_Y, build: "child", scale }),
    );
  },
  "post-interclubs": () => {
    const scale = 1.6;
    return frame(
      FRAMES.teal,
      ropes(-40, 1640, RING_ROPES, { sag: 10 }),
      figure(
        "victory",
        { ...KID_2, headgear: undefined },
        { x: 800, y: FLOOR_Y, build: "child", scale },
      ),
      medal(pt(800, FLOOR_Y - 450 * 0.66 * scale), 1.2),
      sparkle(pt(470, 230), 40, COLORS.white),
      sparkle(pt(1130, 190), 32, COLORS.gold),
      sparkle(pt(1200, 420), 22, COLORS.white),
    );
  },
  "post-rentree": () =>
    frame(
      FRAMES.light,
      sportsBag(pt(750, FLOOR_Y), COLORS.tealDark, 1.5),
      glove({ x: 640, y: 590, angle: -2.05, scale: 2.1 }, COLORS.red),
      glove({ x: 860, y: 590, angle: -1.1, scale: 2.1, mirror: true }, COLORS.red),
      bottle(pt(1150, FLOOR_Y), COLORS.teal, 1.5),
      sparkle(pt(1210, 300), 36),
      sparkle(pt(380, 360), 26, COLORS.teal),
    ),
} as const;

export type SceneName = keyof typeof SCENES;
