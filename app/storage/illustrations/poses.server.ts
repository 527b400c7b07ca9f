import { pt, type Point } from "./geometry.server";

/*
 * Where the joints are, for an adult 560 px tall standing at the origin and facing right
 * (the figure mirrors itself to face left).
 */

export interface Side {
  shoulder: Point;
  elbow: Point;
  wrist: Point;
  hip: Point;
  knee: Point;
  ankle: Point;
}

export interface Pose {
  view: "side" | "front";
  head: Point;
  neck: Point;
  hip: Point;
  /** The side nearer the viewer (drawn on top); for a front view, the figure's left. */
  near: Side;
  far: Side;
}

/** Shoulder, elbow, wrist, hip, knee and ankle, as x, y pairs. */
function side(...n: number[]): Side {
  const at = (i: number) => pt(n[2 * i] ?? 0, n[2 * i + 1] ?? 0);
  return { shoulder: at(0), elbow: at(1), wrist: at(2), hip: at(3), knee: at(4), ankle: at(5) };
}

export const POSES = {
  guard: {
    view: "side",
    head: pt(36, -506),
    neck: pt(22, -452),
    hip: pt(0, -268),
    near: side(32, -430, 74, -352, 104, -446, 14, -262, 74, -140, 100, -8),
    far: side(4, -434, 44, -348, 70, -470, -12, -262, -54, -140, -96, -8),
  },
  jab: {
    view: "side",
    head: pt(48, -502),
    neck: pt(30, -450),
    hip: pt(0, -266),
    near: side(42, -432, 134, -444, 222, -450, 14, -260, 80, -140, 112, -8),
    far: side(10, -434, 46, -350, 84, -446, -12, -260, -52, -138, -94, -8),
  },
  /** A child's guard: the big gloves in front of the chin, not over the face. */
  guardLow: {
    view: "side",
    head: pt(30, -506),
    neck: pt(20, -452),
    hip: pt(0, -268),
    near: side(30, -430, 84, -364, 136, -412, 14, -262, 74, -140, 100, -8),
    far: side(4, -434, 54, -352, 100, -420, -12, -262, -54, -140, -96, -8),
  },
  /** Arm out at chest height, gloves meeting a partner's (the boxers' salute). */
  salute: {
    view: "side",
    head: pt(30, -508),
    neck: pt(18, -452),
    hip: pt(0, -268),
    near: side(30, -430, 100, -390, 168, -398, 12, -262, 56, -136, 74, -8),
    far: side(2, -434, 40, -350, 66, -466, -10, -262, -44, -138, -70, -8),
  },
  /** Holding focus pads up for a partner on the right. */
  pads: {
    view: "side",
    head: pt(18, -512),
    neck: pt(10, -456),
    hip: pt(0, -268),
    near: side(20, -434, 78, -380, 110, -472, 10, -262, 54, -136, 78, -8),
    far: side(0, -438, 46, -344, 104, -376, -10, -262, -44, -136, -74, -8),
  },
  /** Holding the pads low, for a child. */
  padsLow: {
    view: "side",
    head: pt(22, -510),
    neck: pt(12, -455),
    hip: pt(0, -268),
    near: side(20, -434, 62, -352, 116, -336, 10, -262, 54, -136, 78, -8),
    far: side(0, -438, 40, -350, 104, -404, -10, -262, -44, -136, -74, -8),
  },
  /** Facing the viewer, jumping: hands low and out, the rope's handles in them. */
  skip: {
    view: "front",
    head: pt(0, -512),
    neck: pt(0, -456),
    hip: pt(0, -268),
    near: side(-54, -432, -82, -350, -120, -300, -30, -262, -40, -134, -38, -14),
    far: side(54, -432, 82, -350, 120, -300, 30, -262, 40, -134, 38, -14),
  },
  /** Facing the viewer, both gloves up: the win. */
  victory: {
    view: "front",
    head: pt(0, -512),
    neck: pt(0, -456),
    hip: pt(0, -268),
    near: side(-58, -430, -112, -516, -112, -616, -26, -262, -46, -134, -58, -8),
    far: side(58, -430, 112, -516, 112, -616, 26, -262, 46, -134, 58, -8),
  },
} satisfies Record<string, Pose>;

export type PoseName = keyof typeof POSES;
