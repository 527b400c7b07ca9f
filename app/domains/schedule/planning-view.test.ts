import { describe, expect, it } from "vitest";
import { planningHref, planningSearch, readPlanningView, trialHref } from "./planning-view";

describe("readPlanningView", () => {
  it("opens on this week for everyone", () => {
    expect(readPlanningView("")).toEqual({
      view: { week: "cette", audience: null },
      canonical: true,
    });
  });

  it("reads the week and the audience, in either order, canonical in one", () => {
    expect(readPlanningView("?semaine=type&public=enfants")).toEqual({
      view: { week: "type", audience: "enfants" },
      canonical: true,
    });
    expect(readPlanningView("?public=enfants&semaine=type")).toEqual({
      view: { week: "type", audience: "enfants" },
      canonical: false,
    });
    expect(readPlanningView("?semaine=prochaine").canonical).toBe(true);
    expect(readPlanningView("?public=adultes").canonical).toBe(true);
  });

  it("reads an unknown value as the default, and never calls such a query canonical", () => {
    for (const junk of [
      "?",
      "?semaine=cette",
      "?semaine=autre",
      "?public=seniors",
      "?public=Adultes",
      "?public=adulte%73",
      "?utm_source=facebook",
      "?public=adultes&public=enfants",
      "?public=adultes&x=1",
    ]) {
      expect(readPlanningView(junk).canonical, junk).toBe(false);
    }
    expect(readPlanningView("?semaine=autre&public=juniors").view).toEqual({
      week: "cette",
      audience: "juniors",
    });
  });

  it("writes 12 canonical queries, each read back as itself", () => {
    const searches = new Set<string>();
    for (const week of ["cette", "prochaine", "type"] as const) {
      for (const audience of [null, "enfants", "juniors", "adultes"] as const) {
        const search = planningSearch({ week, audience });
        expect(readPlanningView(search)).toEqual({ view: { week, audience }, canonical: true });
        searches.add(search);
      }
    }
    expect(searches.size).toBe(12);
  });
});

describe("links", () => {
  it("lead to the view's timetable", () => {
    expect(planningHref({ week: "cette", audience: null })).toBe("/planning#cette-semaine");
    expect(planningHref({ week: "prochaine", audience: "adultes" })).toBe(
      "/planning?semaine=prochaine&public=adultes#semaine-prochaine",
    );
  });

  it("book a trial for the class's audience", () => {
    expect(trialHref("kids")).toBe("/essai?pour=enfant");
    expect(trialHref("junior")).toBe("/essai?pour=ado");
    expect(trialHref("adult")).toBe("/essai?pour=adulte");
    expect(trialHref(null)).toBe("/essai");
  });
});
