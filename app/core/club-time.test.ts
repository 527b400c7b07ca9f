import { describe, expect, it } from "vitest";
import { addDays, isIsoDate, mondayOf, parisDayClock, parisToday } from "./club-time";
import { frenchDay } from "./date-format";

describe("dates of the club", () => {
  it("reads today in Paris, whose day starts an hour or two before UTC's", () => {
    expect(parisToday(new Date("2026-11-24T22:59:59Z"))).toBe("2026-11-24");
    expect(parisToday(new Date("2026-11-24T23:00:00Z"))).toBe("2026-11-25");
    expect(parisToday(new Date("2026-06-30T22:00:00Z"))).toBe("2026-07-01");
  });

  it("turns the day within a second of Paris midnight, reading the date once a second", () => {
    let now = Date.parse("2026-11-24T22:59:59.500Z");
    const today = parisDayClock(() => now);
    expect(today()).toBe("2026-11-24");
    now += 600; // midnight in Paris has passed, but less than a second since the last read
    expect(today()).toBe("2026-11-24");
    now += 500;
    expect(today()).toBe("2026-11-25");
  });

  it("walks dates across months, years and the daylight-saving change", () => {
    expect(addDays("2026-12-28", 7)).toBe("2027-01-04");
    expect(addDays("2027-03-27", 2)).toBe("2027-03-29");
    expect(mondayOf("2026-11-29")).toBe("2026-11-23");
    expect(mondayOf("2026-11-23")).toBe("2026-11-23");
    expect(isIsoDate("2027-02-29")).toBe(false);
    expect(isIsoDate("2028-02-29")).toBe(true);
    expect(frenchDay("2026-12-08")).toBe("mardi 8 décembre");
    expect(frenchDay("2026-12-01")).toBe("mardi 1er décembre");
    expect(frenchDay("2026-12-21")).toBe("lundi 21 décembre");
  });
});
