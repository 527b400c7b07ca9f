import { describe, it, expect } from "vitest";
import {
  MIN_BLOCK_HEIGHT_PX,
  SLOT_HEIGHT_PX,
  SLOT_MINUTES,
  blockHeight,
  formatTime,
  parseTime,
  toMinutes,
} from "./time-of-day";

describe("parseTime", () => {
  it("accepts the supported notations", () => {
    expect(parseTime("18h30")).toEqual({ hours: 18, minutes: 30 });
    expect(parseTime("18:30")).toEqual({ hours: 18, minutes: 30 });
    expect(parseTime("19H00")).toEqual({ hours: 19, minutes: 0 });
    expect(parseTime("19h")).toEqual({ hours: 19, minutes: 0 });
    expect(parseTime("9h05")).toEqual({ hours: 9, minutes: 5 });
    expect(parseTime("09:05")).toEqual({ hours: 9, minutes: 5 });
  });

  it("ignores surrounding whitespace", () => {
    expect(parseTime("  18h30 ")).toEqual({ hours: 18, minutes: 30 });
    expect(parseTime("\t07:15\n")).toEqual({ hours: 7, minutes: 15 });
  });

  it("accepts the bounds 0h00 and 24h00", () => {
    expect(parseTime("0h00")).toEqual({ hours: 0, minutes: 0 });
    expect(parseTime("24h")).toEqual({ hours: 24, minutes: 0 });
    expect(parseTime("24:00")).toEqual({ hours: 24, minutes: 0 });
    expect(parseTime("23h59")).toEqual({ hours: 23, minutes: 59 });
  });

  it("rejects out-of-range values", () => {
    expect(parseTime("24h01")).toBeNull();
    expect(parseTime("25h00")).toBeNull();
    expect(parseTime("18h60")).toBeNull();
    expect(parseTime("18:75")).toBeNull();
  });

  it("rejects malformed input", () => {
    for (const bad of [
      "",
      "  ",
      "18",
      "18:",
      ":30",
      "18h3",
      "18h305",
      "118h00",
      "18 h 30",
      "18.30",
      "-1h00",
      "h30",
      "18h30x",
      "abc",
    ]) {
      expect(parseTime(bad)).toBeNull();
    }
  });
});

describe("toMinutes", () => {
  it("converts to minutes since midnight", () => {
    expect(toMinutes("18h30")).toBe(1110);
    expect(toMinutes("0:00")).toBe(0);
    expect(toMinutes("9h05")).toBe(545);
    expect(toMinutes("24h")).toBe(1440);
  });

  it("returns null when invalid", () => {
    expect(toMinutes("nope")).toBeNull();
  });
});

describe("formatTime", () => {
  it("pads minutes but not hours", () => {
    expect(formatTime({ hours: 9, minutes: 5 })).toBe("9h05");
    expect(formatTime({ hours: 18, minutes: 30 })).toBe("18h30");
    expect(formatTime({ hours: 19, minutes: 0 })).toBe("19h00");
    expect(formatTime({ hours: 0, minutes: 0 })).toBe("0h00");
  });

  it("round-trips with parseTime", () => {
    const parsed = parseTime("07:45");
    expect(parsed).not.toBeNull();
    expect(formatTime(parsed!)).toBe("7h45");
  });
});

describe("blockHeight", () => {
  it("exposes the layout constants", () => {
    expect(SLOT_MINUTES).toBe(30);
    expect(SLOT_HEIGHT_PX).toBe(40);
    expect(MIN_BLOCK_HEIGHT_PX).toBe(60);
  });

  it("uses 40 px per 30 minutes", () => {
    expect(blockHeight("18h00", "19h00")).toBe(80);
    expect(blockHeight("18h30", "20h00")).toBe(120);
    expect(blockHeight("9:00", "11:00")).toBe(160);
    expect(blockHeight("18h", "18:45")).toBe(60);
  });

  it("never goes below the minimum height", () => {
    expect(blockHeight("18h00", "18h30")).toBe(60);
    expect(blockHeight("18h00", "18h10")).toBe(60);
  });

  it("rounds to whole pixels", () => {
    expect(blockHeight("18h00", "18h50")).toBe(67);
  });

  it("falls back to the minimum for invalid or inverted ranges", () => {
    expect(blockHeight("19h00", "18h00")).toBe(60);
    expect(blockHeight("18h00", "18h00")).toBe(60);
    expect(blockHeight("bad", "19h00")).toBe(60);
    expect(blockHeight("18h00", "")).toBe(60);
  });
});
