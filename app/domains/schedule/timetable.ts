/*
 * Pure layout of the public weekly timetable (spec §9): which days and hours show, where
 * each class block sits and how tall it is, and a readable text colour on its background.
 */
import { SETTINGS_DEFAULTS, TIMETABLE_COLUMN_MIN_HEIGHT_PX } from "~/domains/content";
import { FRENCH_WEEKDAYS, WEEKDAY_KEYS, weekdayIndex } from "~/core/club-time";
import { blockHeight, SLOT_HEIGHT_PX, SLOT_MINUTES, toMinutes } from "~/core/time-of-day";

export const HOUR_HEIGHT_PX = (60 / SLOT_MINUTES) * SLOT_HEIGHT_PX;

export interface TimetableDisplay {
  visible_days: Record<string, boolean>;
  start_hour: number;
  end_hour: number;
}

export interface TimetableActivity {
  id: number;
  day: string;
  start_time: string;
  end_time: string;
  position_x?: number | null;
  width?: number | null;
}

export interface TimetableDay {
  index: number;
  key: (typeof WEEKDAY_KEYS)[number];
  name: (typeof FRENCH_WEEKDAYS)[number];
}

/** The hour range to draw: the settings' when they make sense, else 6–22. */
export function hourRange(display: TimetableDisplay): { start: number; end: number } {
  const { start_hour: start, end_hour: end } = display;
  const valid =
    Number.isInteger(start) && Number.isInteger(end) && start >= 0 && end <= 24 && start < end;
  return valid
    ? { start, end }
    : {
        start: SETTINGS_DEFAULTS.schedule_display.start_hour,
        end: SETTINGS_DEFAULTS.schedule_display.end_hour,
      };
}

/** Lundi → Dimanche, less the days hidden in the settings (all seven if all are hidden). */
export function visibleDays(display: TimetableDisplay): TimetableDay[] {
  const all = WEEKDAY_KEYS.map((key, index) => ({ index, key, name: FRENCH_WEEKDAYS[index]! }));
  const shown = all.filter((day) => display.visible_days[day.key] !== false);
  return shown.length > 0 ? shown : all;
}

/** Activities on a visible day whose time overlaps the hour range, in the given order. */
export function activitiesOnTimetable<A extends TimetableActivity>(
  activities: A[],
  display: TimetableDisplay,
): A[] {
  const days = new Set(visibleDays(display).map((day) => day.index));
  const { start, end } = hourRange(display);
  return activities.filter((activity) => {
    const from = toMinutes(activity.start_time);
    if (from === null || !days.has(weekdayIndex(activity.day))) return false;
    const to = toMinutes(activity.end_time) ?? from + SLOT_MINUTES;
    return from < end * 60 && Math.max(to, from + 1) > start * 60;
  });
}

/** Column height: the hour range at 80 px an hour, never under 600 px. */
export function columnHeight(display: TimetableDisplay): number {
  const { start, end } = hourRange(display);
  return Math.max(TIMETABLE_COLUMN_MIN_HEIGHT_PX, (end - start) * HOUR_HEIGHT_PX);
}

export interface PlacedBlock<A> {
  activity: A;
  top: number;
  height: number;
  /** Horizontal placement in percent of the day column. */
  left: number;
  width: number;
}

/**
 * Places one day's activities: top from the start time, height by the block rule,
 * and side by side when they overlap (or where the admin dragged them).
 */
export function placeDay<A extends TimetableActivity>(
  activities: A[],
  display: TimetableDisplay,
): PlacedBlock<A>[] {
  const { start } = hourRange(display);
  const blocks = activities
    .map((activity) => {
      const from = toMinutes(activity.start_time) ?? start * 60;
      const top = Math.max(0, ((from - start * 60) / SLOT_MINUTES) * SLOT_HEIGHT_PX);
      return {
        activity,
        top: Math.round(top),
        height: blockHeight(activity.start_time, activity.end_time),
        left: 0,
        width: 100,
      };
    })
    .sort((a, b) => a.top - b.top || a.activity.id - b.activity.id);

  // Overlapping blocks (by drawn height) form a cluster that shares the column width.
  let cluster: { block: PlacedBlock<A>; lane: number }[] = [];
  let clusterEnd = -1;
  const flush = () => {
    const lanes = Math.max(1, ...cluster.map((c) => c.lane + 1));
    for (const { block, lane } of cluster) {
      block.width = 100 / lanes;
      block.left = lane * block.width;
    }
    cluster = [];
  };
  for (const block of blocks) {
    if (block.top >= clusterEnd) flush();
    const used = new Set(
      cluster.filter((c) => c.block.top + c.block.height > block.top).map((c) => c.lane),
    );
    let lane = 0;
    while (used.has(lane)) lane += 1;
    cluster.push({ block, lane });
    clusterEnd = Math.max(clusterEnd, block.top + block.height);
  }
  flush();

  for (const block of blocks) {
    const { position_x: x, width } = block.activity;
    if (x === null || x === undefined) continue;
    block.left = Math.min(Math.max(x, 0), 70);
    block.width = Math.min(Math.max(width ?? 100, 15), 100 - block.left);
  }
  return blocks;
}

/** "#5ECFCB" or "#5cc" → [r, g, b]; null for anything else. */
export function parseHexColour(colour: string): [number, number, number] | null {
  const hex = colour.trim().replace(/^#/, "");
  const full = /^[0-9a-f]{3}$/i.test(hex) ? [...hex].map((c) => c + c).join("") : hex;
  if (!/^[0-9a-f]{6}$/i.test(full)) return null;
  return [0, 2, 4].map((i) => Number.parseInt(full.slice(i, i + 2), 16)) as [
    number,
    number,
    number,
  ];
}

/** WCAG relative luminance of an sRGB colour. */
export function relativeLuminance([r, g, b]: [number, number, number]): number {
  const channel = (value: number) => {
    const c = value / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

export function contrastRatio(a: number, b: number): number {
  const [light, dark] = a > b ? [a, b] : [b, a];
  return (light + 0.05) / (dark + 0.05);
}

export const DARK_TEXT = "#111827";
export const LIGHT_TEXT = "#ffffff";

/** Dark ink or white, whichever reads better on the background (AA needs 4.5:1). */
export function readableTextColour(background: string): string {
  const rgb = parseHexColour(background);
  if (!rgb) return DARK_TEXT;
  const bg = relativeLuminance(rgb);
  const dark = relativeLuminance(parseHexColour(DARK_TEXT)!);
  return contrastRatio(bg, dark) >= contrastRatio(bg, 1) ? DARK_TEXT : LIGHT_TEXT;
}
