/*
 * Where an activity block sits on the back office's visual grid (spec §9): percentages of
 * its day column. x 0–70 %, y 0–90 %, width at most 85 % (a new activity stores 100, the
 * grid shows 85), always whole numbers once clamped. The block's height on the grid is its
 * start time, not position_y (DESIGN.md, departures: the vertical axis is time); position_y
 * is still stored, derived from the start time.
 */
import { ADMIN_GRID } from "~/domains/content";
import { formatTime, toMinutes } from "~/core/time-of-day";

export interface GridPosition {
  position_x: number;
  position_y: number;
  width: number;
}

/** Narrower than this, a block's title cannot be read: the floor of the width. */
export const MIN_BLOCK_WIDTH = 15;

function clamp(value: number, min: number, max: number): number {
  const finite = Number.isFinite(value) ? value : min;
  return Math.min(Math.max(finite, min), max);
}

/** Clamps and rounds a position; a missing width is the stored default (100), so 85. */
export function clampPosition({
  x,
  y,
  width,
}: {
  x: number;
  y: number;
  width?: number | null;
}): GridPosition {
  return {
    position_x: Math.round(clamp(x, 0, ADMIN_GRID.maxX)),
    position_y: Math.round(clamp(y, 0, ADMIN_GRID.maxY)),
    width: Math.round(
      clamp(width ?? ADMIN_GRID.defaultWidth, MIN_BLOCK_WIDTH, ADMIN_GRID.maxWidth),
    ),
  };
}

/** The grid's height in px: 06:00 → 23:00 at 70 px an hour. */
export const GRID_HEIGHT_PX = (ADMIN_GRID.endHour - ADMIN_GRID.startHour) * ADMIN_GRID.hourHeightPx;

/** Vertical percent of the grid at which a start time sits (06:00 = 0 %). */
export function timeToPercent(time: string): number {
  const minutes = toMinutes(time) ?? ADMIN_GRID.startHour * 60;
  const span = (ADMIN_GRID.endHour - ADMIN_GRID.startHour) * 60;
  return ((minutes - ADMIN_GRID.startHour * 60) / span) * 100;
}

/**
 * Where the grid draws an activity: its stored position, or, before it was ever placed,
 * the left edge at the height of its start time.
 */
export function displayPosition(activity: {
  start_time: string;
  position_x: number | null;
  position_y: number | null;
  width: number | null;
}): GridPosition {
  return clampPosition({
    x: activity.position_x ?? 0,
    y: activity.position_y ?? timeToPercent(activity.start_time),
    width: activity.width,
  });
}

/** A position moved by dx, dy percent, clamped. */
export function movePosition(position: GridPosition, dx: number, dy: number): GridPosition {
  return clampPosition({
    x: position.position_x + dx,
    y: position.position_y + dy,
    width: position.width,
  });
}

/** The vertical step of the grid: a class starts on a quarter hour. */
export const TIME_STEP_MINUTES = 15;

export interface ClassTimes {
  start_time: string;
  end_time: string;
}

function clockText(minutes: number): string {
  return formatTime({ hours: Math.floor(minutes / 60), minutes: minutes % 60 });
}

/**
 * The vertical axis is time (DESIGN.md, departures from the spec): a class moved by
 * `minutes` starts on the nearest quarter hour, keeps its duration and stays within the
 * grid's hours (06:00–23:00). Unreadable times are returned as they were.
 */
export function shiftTimes(times: ClassTimes, minutes: number): ClassTimes {
  const from = toMinutes(times.start_time);
  const to = toMinutes(times.end_time);
  if (from === null || to === null || to <= from) return times;
  const duration = to - from;
  const first = ADMIN_GRID.startHour * 60;
  const last = ADMIN_GRID.endHour * 60 - duration;
  if (last < first) return times;
  const snapped = Math.round((from + minutes) / TIME_STEP_MINUTES) * TIME_STEP_MINUTES;
  const start = Math.min(Math.max(snapped, first), last);
  if (start === from) return times;
  return { start_time: clockText(start), end_time: clockText(start + duration) };
}

/** How far (in minutes) a class may move up (negative) and down within the grid's hours. */
export function timeShiftRange(times: ClassTimes): { up: number; down: number } {
  const from = toMinutes(times.start_time);
  const to = toMinutes(times.end_time);
  if (from === null || to === null || to <= from) return { up: 0, down: 0 };
  return {
    up: Math.min(0, ADMIN_GRID.startHour * 60 - from),
    down: Math.max(0, ADMIN_GRID.endHour * 60 - to),
  };
}
