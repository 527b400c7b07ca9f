import { describe, expect, it } from "vitest";
import {
  isPlanningTitleStale,
  isTypedTitle,
  planningTitle,
  seasonTitle,
  SPEC_PLANNING_TITLE,
} from "./planning-title";

const NO_SEASON = { start: "", end: "" };

describe("planningTitle", () => {
  it("follows the default season of today while no title is typed and no season set", () => {
    const title = planningTitle({ title: SPEC_PLANNING_TITLE, season: NO_SEASON }, "2026-11-26");
    expect(title).toBe("PLANNING - SEPTEMBRE 2026 - JUIN 2027");
    expect(planningTitle({ title: "", season: NO_SEASON }, "2026-11-26")).toBe(title);
    expect(planningTitle({ title: "   ", season: NO_SEASON }, "2027-06-30")).toBe(title);
    // From July, the coming season.
    expect(planningTitle({ title: "", season: NO_SEASON }, "2027-07-01")).toBe(
      "PLANNING - SEPTEMBRE 2027 - JUIN 2028",
    );
  });

  it("follows the season set in Changements, its months as they are", () => {
    expect(
      planningTitle(
        { title: SPEC_PLANNING_TITLE, season: { start: "2026-08-24", end: "2027-07-03" } },
        "2026-11-26",
      ),
    ).toBe("PLANNING - AOÛT 2026 - JUILLET 2027");
    expect(seasonTitle({ start: "2026-12-01", end: "2027-02-28" })).toBe(
      "PLANNING - DÉCEMBRE 2026 - FÉVRIER 2027",
    );
    // A season that is not two dates reads as the default one.
    expect(
      planningTitle({ title: "", season: { start: "2026-09-01", end: "" } }, "2026-11-26"),
    ).toBe("PLANNING - SEPTEMBRE 2026 - JUIN 2027");
  });

  it("keeps a title the club typed, whatever the season", () => {
    expect(planningTitle({ title: "  Nos horaires 2026  ", season: NO_SEASON }, "2026-11-26")).toBe(
      "Nos horaires 2026",
    );
    expect(isTypedTitle("PLANNING - SEPTEMBRE 2025 - JUIN 2026")).toBe(true);
    expect(isTypedTitle(SPEC_PLANNING_TITLE)).toBe(false);
    expect(isTypedTitle("")).toBe(false);
  });
});

describe("isPlanningTitleStale", () => {
  it("says a season's title is stale once the next season has begun", () => {
    const lastSeason = "PLANNING - SEPTEMBRE 2025 - JUIN 2026";
    expect(isPlanningTitleStale(lastSeason, "2026-06-30")).toBe(false);
    expect(isPlanningTitleStale(lastSeason, "2026-07-01")).toBe(true);
    expect(isPlanningTitleStale(lastSeason, "2026-11-26")).toBe(true);
    expect(isPlanningTitleStale("PLANNING - SEPTEMBRE 2026 - JUIN 2027", "2026-11-26")).toBe(false);
  });

  it("reads seasons written with two years, accents or none, any case", () => {
    expect(isPlanningTitleStale("Saison 2025-2026", "2026-11-26")).toBe(true);
    expect(isPlanningTitleStale("Saison 2025/26", "2026-11-26")).toBe(true);
    expect(isPlanningTitleStale("Saison 2026-2027", "2026-11-26")).toBe(false);
    expect(isPlanningTitleStale("Planning septembre 2025 - Aout 2026", "2026-11-26")).toBe(true);
    expect(isPlanningTitleStale("Planning de février 2026", "2026-11-26")).toBe(true);
    expect(isPlanningTitleStale("Planning décembre 2026", "2026-11-26")).toBe(false);
  });

  it("keeps a bare year of the current season, or no year at all", () => {
    expect(isPlanningTitleStale("Planning 2026", "2026-11-26")).toBe(false);
    expect(isPlanningTitleStale("Planning 2025", "2026-11-26")).toBe(true);
    expect(isPlanningTitleStale("Nos horaires", "2026-11-26")).toBe(false);
    // One year of the current season is enough to keep it.
    expect(isPlanningTitleStale("Depuis 2019, toujours en 2027", "2026-11-26")).toBe(false);
  });

  it("never flags a title that is not typed: the page shows the season's", () => {
    expect(isPlanningTitleStale(SPEC_PLANNING_TITLE, "2026-11-26")).toBe(false);
    expect(isPlanningTitleStale("", "2026-11-26")).toBe(false);
  });

  it("measures against the season set in Changements when given", () => {
    const season = { start: "2027-01-04", end: "2027-06-30" };
    expect(isPlanningTitleStale("Planning 2026", "2026-12-01", season)).toBe(true);
    expect(isPlanningTitleStale("Planning janvier 2027", "2026-12-01", season)).toBe(false);
  });
});
