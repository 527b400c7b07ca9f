import { describe, expect, it } from "vitest";
import {
  activitiesOnTimetable,
  columnHeight,
  contrastRatio,
  DARK_TEXT,
  hourRange,
  LIGHT_TEXT,
  parseHexColour,
  placeDay,
  readableTextColour,
  relativeLuminance,
  visibleDays,
} from "./timetable";

const allDays = {
  monday: true,
  tuesday: true,
  wednesday: true,
  thursday: true,
  friday: true,
  saturday: true,
  sunday: true,
};
const display = { visible_days: allDays, start_hour: 6, end_hour: 22 };

let nextId = 1;
const activity = (day: string, start_time: string, end_time: string, extra = {}) => ({
  id: nextId++,
  day,
  start_time,
  end_time,
  ...extra,
});

describe("visible days and hours", () => {
  it("lists Lundi to Dimanche less the hidden days", () => {
    expect(visibleDays(display).map((d) => d.name)).toEqual([
      "Lundi",
      "Mardi",
      "Mercredi",
      "Jeudi",
      "Vendredi",
      "Samedi",
      "Dimanche",
    ]);
    const noSunday = { ...display, visible_days: { ...allDays, sunday: false } };
    expect(visibleDays(noSunday).map((d) => d.name)).not.toContain("Dimanche");
  });

  it("falls back to 6–22 when the hour range is unusable", () => {
    expect(hourRange({ ...display, start_hour: 8, end_hour: 20 })).toEqual({ start: 8, end: 20 });
    expect(hourRange({ ...display, start_hour: 20, end_hour: 8 })).toEqual({ start: 6, end: 22 });
  });

  it("keeps activities on visible days that overlap the hour range", () => {
    const list = [
      activity("Lundi", "18h00", "19h00"),
      activity("Dimanche", "10h00", "11h00"),
      activity("Mardi", "5h00", "5h45"),
      activity("Mardi", "22h00", "23h00"),
      activity("Mardi", "5h30", "6h30"),
      activity("Jeudi", "soir", "tard"),
    ];
    const shown = activitiesOnTimetable(list, {
      ...display,
      visible_days: { ...allDays, sunday: false },
    });
    expect(shown.map((a) => a.start_time)).toEqual(["18h00", "5h30"]);
  });

  it("makes columns at least 600 px high, 80 px an hour", () => {
    expect(columnHeight(display)).toBe(16 * 80);
    expect(columnHeight({ ...display, start_hour: 17, end_hour: 21 })).toBe(600);
  });
});

describe("placeDay", () => {
  it("positions by start time and sizes by the block rule", () => {
    const [block] = placeDay([activity("Lundi", "19h00", "20h30")], display);
    expect(block!.top).toBe(13 * 80);
    expect(block!.height).toBe(120);
    expect(block!.left).toBe(0);
    expect(block!.width).toBe(100);
  });

  it("puts overlapping classes side by side", () => {
    const blocks = placeDay(
      [
        activity("Lundi", "18h00", "19h00"),
        activity("Lundi", "18h30", "19h30"),
        activity("Lundi", "20h00", "21h00"),
      ],
      display,
    );
    expect(blocks.map((b) => [b.left, b.width])).toEqual([
      [0, 50],
      [50, 50],
      [0, 100],
    ]);
  });

  it("honours the admin's horizontal placement", () => {
    const [block] = placeDay(
      [activity("Lundi", "18h00", "19h00", { position_x: 40, width: 85 })],
      display,
    );
    expect(block!.left).toBe(40);
    expect(block!.width).toBe(60);
  });
});

describe("colours", () => {
  it("parses short and long hex colours", () => {
    expect(parseHexColour("#5ECFCB")).toEqual([94, 207, 203]);
    expect(parseHexColour("fff")).toEqual([255, 255, 255]);
    expect(parseHexColour("teal")).toBeNull();
  });

  it("chooses dark text on light colours and white on dark ones, at AA contrast", () => {
    for (const colour of ["#5ECFCB", "#D4AF37", "#F28C28", "#ffffff", "#a3e635"]) {
      expect(readableTextColour(colour)).toBe(DARK_TEXT);
    }
    for (const colour of ["#0f766e", "#111827", "#7c3aed", "#b91c1c"]) {
      expect(readableTextColour(colour)).toBe(LIGHT_TEXT);
    }
    for (const colour of ["#5ECFCB", "#D4AF37", "#F28C28", "#0f766e", "#1d4ed8"]) {
      const bg = relativeLuminance(parseHexColour(colour)!);
      const text = relativeLuminance(parseHexColour(readableTextColour(colour))!);
      expect(contrastRatio(bg, text)).toBeGreaterThanOrEqual(4.5);
    }
  });
});
