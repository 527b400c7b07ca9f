export const SLOT_MINUTES = 30;
export const SLOT_HEIGHT_PX = 40;
export const MIN_BLOCK_HEIGHT_PX = 60;

export interface TimeOfDay {
  hours: number;
  minutes: number;
}

const TIME_PATTERN = /^(\d{1,2})(?:[hH](\d{2})?|:(\d{2}))$/;

/** Parses "18h30", "18:30", "19H00", "19h", "9h05" or "09:05"; null when invalid. */
export function parseTime(text: string): TimeOfDay | null {
  const match = TIME_PATTERN.exec(text.trim());
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2] ?? match[3] ?? "0");
  if (minutes > 59 || hours > 24 || (hours === 24 && minutes !== 0)) return null;
  return { hours, minutes };
}

/** Minutes since midnight, or null when the text is not a valid time. */
export function toMinutes(text: string): number | null {
  const time = parseTime(text);
  return time ? time.hours * 60 + time.minutes : null;
}

/** Formats as "9h05" / "18h30": hours unpadded, minutes on two digits. */
export function formatTime(time: TimeOfDay): string {
  return `${time.hours}h${String(time.minutes).padStart(2, "0")}`;
}

/** Timetable block height in px: 40 px per 30 minutes, never below 60 px. */
export function blockHeight(start: string, end: string): number {
  const from = toMinutes(start);
  const to = toMinutes(end);
  if (from === null || to === null || to <= from) return MIN_BLOCK_HEIGHT_PX;
  const height = Math.round(((to - from) / SLOT_MINUTES) * SLOT_HEIGHT_PX);
  return Math.max(MIN_BLOCK_HEIGHT_PX, height);
}
