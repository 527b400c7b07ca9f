import { describe, expect, it } from "vitest";
import {
  clampPosition,
  displayPosition,
  GRID_HEIGHT_PX,
  movePosition,
  shiftTimes,
  timeToPercent,
} from "./schedule-position";

describe("clampPosition", () => {
  it("keeps a position inside x 0–70 %, y 0–90 %, width at most 85 %", () => {
    expect(clampPosition({ x: 120, y: 150, width: 100 })).toEqual({
      position_x: 70,
      position_y: 90,
      width: 85,
    });
    expect(clampPosition({ x: -12, y: -3, width: 40 })).toEqual({
      position_x: 0,
      position_y: 0,
      width: 40,
    });
  });

  it("rounds to whole percents", () => {
    expect(clampPosition({ x: 12.4, y: 33.5, width: 50.6 })).toEqual({
      position_x: 12,
      position_y: 34,
      width: 51,
    });
    expect(clampPosition({ x: 69.6, y: 89.7, width: 84.9 })).toEqual({
      position_x: 70,
      position_y: 90,
      width: 85,
    });
  });

  it("reads a missing width as the stored default 100, shown as 85", () => {
    expect(clampPosition({ x: 0, y: 0 }).width).toBe(85);
    expect(clampPosition({ x: 0, y: 0, width: null }).width).toBe(85);
  });

  it("never lets a block become unreadably narrow, nor a NaN slip through", () => {
    expect(clampPosition({ x: 10, y: 10, width: 2 }).width).toBe(15);
    expect(
      clampPosition({ x: Number.NaN, y: Number.POSITIVE_INFINITY, width: Number.NaN }),
    ).toEqual({ position_x: 0, position_y: 0, width: 15 });
  });
});

describe("grid geometry", () => {
  it("is 17 hours of 70 px", () => {
    expect(GRID_HEIGHT_PX).toBe(1190);
  });

  it("places a start time at its share of 06:00 → 23:00", () => {
    expect(timeToPercent("6h00")).toBe(0);
    expect(timeToPercent("14h30")).toBe(50);
    expect(timeToPercent("23:00")).toBe(100);
  });

  it("draws an unplaced activity at the left, at its start time (clamped)", () => {
    expect(
      displayPosition({ start_time: "14h30", position_x: null, position_y: null, width: null }),
    ).toEqual({ position_x: 0, position_y: 50, width: 85 });
    expect(
      displayPosition({ start_time: "22h30", position_x: null, position_y: null, width: 100 }),
    ).toEqual({ position_x: 0, position_y: 90, width: 85 });
    expect(
      displayPosition({ start_time: "18h00", position_x: 30, position_y: 12, width: 60 }),
    ).toEqual({ position_x: 30, position_y: 12, width: 60 });
  });

  it("moves by a step and stops at the edges", () => {
    const start = { position_x: 68, position_y: 2, width: 85 };
    expect(movePosition(start, 1, -1)).toEqual({ position_x: 69, position_y: 1, width: 85 });
    expect(movePosition(start, 5, -5)).toEqual({ position_x: 70, position_y: 0, width: 85 });
  });
});

describe("shiftTimes", () => {
  it("moves a class by quarter hours, keeping its duration", () => {
    expect(shiftTimes({ start_time: "10h00", end_time: "11h30" }, 120)).toEqual({
      start_time: "12h00",
      end_time: "13h30",
    });
    // 128 min rounds to the nearest quarter hour: 2 h 15.
    expect(shiftTimes({ start_time: "10h00", end_time: "11h30" }, 128)).toEqual({
      start_time: "12h15",
      end_time: "13h45",
    });
  });

  it("stays within 06:00–23:00 and leaves unreadable times alone", () => {
    expect(shiftTimes({ start_time: "21h00", end_time: "22h30" }, 600)).toEqual({
      start_time: "21h30",
      end_time: "23h00",
    });
    expect(shiftTimes({ start_time: "7h00", end_time: "8h00" }, -300)).toEqual({
      start_time: "6h00",
      end_time: "7h00",
    });
    const odd = { start_time: "midi", end_time: "13h00" };
    expect(shiftTimes(odd, 60)).toBe(odd);
  });
});
