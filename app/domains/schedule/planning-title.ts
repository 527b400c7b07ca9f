/*
 * The big title of /planning. The spec's default ("PLANNING - SEPTEMBRE 2024 - JUIN 2025")
 * goes stale every September, so (DESIGN.md, departures from the spec) a title the club
 * typed wins, and otherwise the title follows the season: "PLANNING - SEPTEMBRE 2026 -
 * JUIN 2027", from the season's first and last months.
 *
 * Decided here: an empty season in the "Changements" tab means the default season of the
 * current date (1 September to 30 June, the coming one from July: defaultSeason), as it
 * does for the dated weeks and the feed. A season thus always exists, and the spec's
 * default title is never shown: stored as is (the seed stores it), it counts as not
 * typed. An empty title field follows the season too.
 */
import { defaultSeason, seasonOf, type Season } from "./dated-sessions";
import { isIsoDate, type IsoDate } from "~/core/club-time";
import { SETTINGS_DEFAULTS } from "~/domains/content";

/** The spec's default title (spec §9), stored by the seed. */
export const SPEC_PLANNING_TITLE = SETTINGS_DEFAULTS.planning_title.title;

const MONTHS = [
  "JANVIER",
  "FÉVRIER",
  "MARS",
  "AVRIL",
  "MAI",
  "JUIN",
  "JUILLET",
  "AOÛT",
  "SEPTEMBRE",
  "OCTOBRE",
  "NOVEMBRE",
  "DÉCEMBRE",
] as const;

/** True for a title the club typed itself: neither empty nor the spec's default. */
export function isTypedTitle(title: string): boolean {
  const typed = title.trim();
  return typed !== "" && typed !== SPEC_PLANNING_TITLE;
}

function monthAndYear(date: IsoDate): string {
  const [year, month] = date.split("-").map(Number) as [number, number];
  return `${MONTHS[month - 1]} ${year}`;
}

/** "PLANNING - SEPTEMBRE 2026 - JUIN 2027" for the season 2026-09-01 to 2027-06-30. */
export function seasonTitle(season: Season): string {
  return `PLANNING - ${monthAndYear(season.start)} - ${monthAndYear(season.end)}`;
}

/**
 * The title /planning shows: the one the club typed, else the season's (the season set
 * in "Changements", else the default season around `today`).
 */
export function planningTitle(
  settings: { title: string; season: { start: string; end: string } },
  today: IsoDate,
): string {
  return isTypedTitle(settings.title)
    ? settings.title.trim()
    : seasonTitle(seasonOf(settings.season, today));
}

/** Month names without accents, as a title may be typed ("FEVRIER", "Août"…). */
const MONTH_PATTERN = MONTHS.map((month) => month.normalize("NFD").replace(/\p{M}/gu, "")).join(
  "|",
);
/**
 * A year, maybe after a month ("JUIN 2025"), maybe followed by a second year as seasons
 * are written ("2025-2026", "2025/26").
 */
const YEAR_TOKEN = new RegExp(
  `(?:\\b(${MONTH_PATTERN})\\s+)?\\b((?:19|20)\\d{2})(?:\\s*[-–—/]\\s*((?:19|20)?\\d{2}))?\\b`,
  "g",
);

/** Months since year 0 (year × 12 + month − 1): comparable points in time. */
const monthIndex = (year: number, month: number) => year * 12 + month - 1;

/**
 * The last month each year of the title can mean: "JUIN 2025" June 2025; a season written
 * "2025-2026" June 2026 (seasons end in June); a bare "2025" December 2025.
 */
function latestMonths(title: string): number[] {
  const text = title.normalize("NFD").replace(/\p{M}/gu, "").toUpperCase();
  const months: number[] = [];
  for (const [, monthName, first, second] of text.matchAll(YEAR_TOKEN)) {
    const year = Number(first);
    const month = monthName ? MONTH_PATTERN.split("|").indexOf(monthName) + 1 : 12;
    months.push(monthIndex(year, month));
    if (second === undefined) continue;
    const next = second.length === 2 ? Math.floor(year / 100) * 100 + Number(second) : +second;
    months.push(next === year + 1 ? monthIndex(next, 6) : monthIndex(next, 12));
  }
  return months;
}

/**
 * True when the club's typed title only names months and years before the current season
 * (by default the one around `today`): "SEPTEMBRE 2025 - JUIN 2026" from July 2026 on.
 * A title without a year, or not typed (empty, the spec's default: the page then shows
 * the season's title), is never stale. For the dashboard's to-do list.
 */
export function isPlanningTitleStale(
  title: string,
  today: IsoDate,
  season: Season = defaultSeason(today),
): boolean {
  if (!isTypedTitle(title) || !isIsoDate(season.start)) return false;
  const months = latestMonths(title);
  const [year, month] = season.start.split("-").map(Number) as [number, number];
  const start = monthIndex(year, month);
  return months.length > 0 && months.every((latest) => latest < start);
}
