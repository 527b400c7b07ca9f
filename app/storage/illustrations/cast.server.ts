import type { Look } from "./figure.server";
import { COLORS, SKIN } from "./geometry.server";

/* The cast: the same few people come back from picture to picture. */

export const MAN: Look = {
  skin: SKIN.medium,
  hair: { style: "short", color: COLORS.ink },
  top: COLORS.tealDark,
  sleeves: true,
  bottom: { color: COLORS.ink },
  hands: COLORS.red,
};
export const WOMAN: Look = {
  skin: SKIN.light,
  hair: { style: "ponytail", color: "#6b3e26" },
  top: COLORS.teal,
  bottom: { color: COLORS.ink, long: true },
  hands: COLORS.gold,
};
export const WOMAN_2: Look = {
  skin: SKIN.dark,
  hair: { style: "bun", color: COLORS.ink },
  top: COLORS.gold,
  bottom: { color: COLORS.tealDark, long: true },
  hands: COLORS.red,
};
export const COACH: Look = {
  skin: SKIN.dark,
  hair: { style: "buzz", color: COLORS.ink },
  top: COLORS.white,
  sleeves: true,
  bottom: { color: COLORS.slate, long: true },
  shoes: COLORS.ink,
  hands: "pads",
};
export const TEEN: Look = {
  skin: SKIN.tan,
  hair: { style: "curly", color: COLORS.ink },
  top: COLORS.white,
  sleeves: true,
  bottom: { color: COLORS.tealDark },
  hands: COLORS.red,
  headgear: COLORS.red,
};
export const KID: Look = {
  skin: SKIN.dark,
  hair: { style: "curly", color: COLORS.ink },
  top: COLORS.gold,
  sleeves: true,
  bottom: { color: COLORS.tealDark },
  hands: COLORS.red,
  headgear: COLORS.tealDark,
};
export const KID_2: Look = {
  skin: SKIN.light,
  hair: { style: "ponytail", color: COLORS.goldDark },
  top: COLORS.teal,
  sleeves: true,
  bottom: { color: COLORS.ink },
  hands: COLORS.gold,
  headgear: COLORS.red,
};
export const TEEN_2: Look = {
  ...TEEN,
  skin: SKIN.light,
  hair: { style: "short", color: COLORS.goldDark },
  top: COLORS.ink,
  bottom: { color: COLORS.ink },
  hands: COLORS.gold,
  headgear: COLORS.tealDark,
};
export const KID_3: Look = {
  ...KID,
  skin: SKIN.medium,
  top: COLORS.white,
  headgear: COLORS.teal,
  hands: COLORS.tealDark,
};
export const RED_CORNER: Look = {
  ...MAN,
  top: COLORS.red,
  sleeves: false,
  bottom: { color: COLORS.red },
};
export const BLUE_CORNER: Look = {
  ...MAN,
  skin: SKIN.light,
  hair: { style: "buzz", color: "#6b3e26" },
  top: COLORS.teal,
  sleeves: false,
  bottom: { color: COLORS.teal },
  hands: COLORS.teal,
};
export const SENIOR: Look = {
  skin: SKIN.light,
  hair: { style: "bun", color: COLORS.grey },
  top: COLORS.tealDark,
  sleeves: true,
  bottom: { color: COLORS.ink, long: true },
  hands: COLORS.gold,
};
