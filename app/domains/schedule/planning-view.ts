/*
 * What /planning shows, read from its address: the week (`?semaine=prochaine|type`, this
 * week by default) and the audience (`?public=enfants|juniors|adultes`, everyone by
 * default). Plain links carry them, so the tabs and the filter work without a script
 * (docs/decisions/016-planning-week-views.md).
 *
 * The page cache keys pages on their whole address (docs/decisions/004-page-cache.md):
 * only the canonical address of each of the 12 views is answered 200 and kept; any other
 * query (unknown name or value, defaults written out, another order) is redirected to the
 * canonical one, and a redirect is never kept. Junk in the query cannot fill the cache.
 */
import type { ActivityCategory } from "~/domains/content";
import { audienceOfCategory, audienceQuery } from "~/domains/trials";

export const WEEK_CHOICES = {
  cette: { label: "Cette semaine", anchor: "cette-semaine" },
  prochaine: { label: "Semaine prochaine", anchor: "semaine-prochaine" },
  type: { label: "Semaine type", anchor: "semaine-type" },
} as const;
export type WeekChoice = keyof typeof WEEK_CHOICES;
const DEFAULT_WEEK: WeekChoice = "cette";

/** The audiences of the filter, by their word in the address, and the category each keeps. */
export const AUDIENCE_CHOICES = {
  enfants: { label: "Enfants", category: "kids" },
  juniors: { label: "Juniors", category: "junior" },
  adultes: { label: "Adultes", category: "adult" },
} as const satisfies Record<string, { label: string; category: ActivityCategory }>;
export type AudienceChoice = keyof typeof AUDIENCE_CHOICES;

export interface PlanningView {
  week: WeekChoice;
  /** null: every audience ("Tous"). */
  audience: AudienceChoice | null;
}

const isWeek = (value: string): value is WeekChoice => Object.hasOwn(WEEK_CHOICES, value);
const isAudience = (value: string): value is AudienceChoice =>
  Object.hasOwn(AUDIENCE_CHOICES, value);

/**
 * The view a query asks for (an unknown value reads as the default) and whether the query
 * is that view's canonical one.
 */
export function readPlanningView(search: string): { view: PlanningView; canonical: boolean } {
  const params = new URLSearchParams(search);
  const week = params.get("semaine") ?? "";
  const audience = params.get("public") ?? "";
  const view: PlanningView = {
    week: isWeek(week) ? week : DEFAULT_WEEK,
    audience: isAudience(audience) ? audience : null,
  };
  const asked = search.startsWith("?") ? search : search ? `?${search}` : "";
  return { view, canonical: asked === planningSearch(view) };
}

/** "", "?semaine=type", "?public=adultes", "?semaine=prochaine&public=enfants". */
export function planningSearch(view: PlanningView): string {
  const params: string[] = [];
  if (view.week !== DEFAULT_WEEK) params.push(`semaine=${view.week}`);
  if (view.audience) params.push(`public=${view.audience}`);
  return params.length > 0 ? `?${params.join("&")}` : "";
}

/**
 * The link to a view, with the anchor of its week so that a phone lands on the
 * timetable rather than on the page's banner.
 */
export function planningHref(view: PlanningView): string {
  return `/planning${planningSearch(view)}#${WEEK_CHOICES[view.week].anchor}`;
}

/** `/essai?pour=enfant|ado|adulte` for a class of `category`; `/essai` for everyone. */
export function trialHref(category: ActivityCategory | null): string {
  return `/essai${audienceQuery(category ? audienceOfCategory(category) : null)}`;
}
