import { describe, it, expect } from "vitest";
import { FRENCH_WEEKDAYS, WEEKDAY_KEYS, formatFrenchDate, weekdayIndex } from "./dates";

describe("formatFrenchDate", () => {
  it("formats ISO strings in French", () => {
    expect(formatFrenchDate("2026-11-21")).toBe("21 novembre 2026");
    expect(formatFrenchDate("2025-02-03T10:00:00Z")).toBe("3 février 2025");
    expect(formatFrenchDate("2025-08-15T12:00:00+02:00")).toBe("15 août 2025");
  });

  it("accepts Date objects", () => {
    expect(formatFrenchDate(new Date(Date.UTC(2025, 11, 25, 12)))).toBe("25 décembre 2025");
  });

  it("uses the Europe/Paris time zone", () => {
    // 23:30 UTC on 31 Dec is already 1 Jan in Paris (UTC+1 in winter).
    expect(formatFrenchDate("2025-12-31T23:30:00Z")).toBe("1er janvier 2026");
    // 22:30 UTC on 30 June is already 1 July in Paris (UTC+2 in summer).
    expect(formatFrenchDate("2025-06-30T22:30:00Z")).toBe("1er juillet 2025");
    expect(formatFrenchDate("2025-06-30T21:30:00Z")).toBe("30 juin 2025");
  });

  it("writes the first of a month as French does, and only the first", () => {
    expect(formatFrenchDate("2026-12-01T12:00:00Z")).toBe("1er décembre 2026");
    expect(formatFrenchDate("2026-12-11T12:00:00Z")).toBe("11 décembre 2026");
    expect(formatFrenchDate("2026-12-21T12:00:00Z")).toBe("21 décembre 2026");
    expect(formatFrenchDate("2026-12-31T12:00:00Z")).toBe("31 décembre 2026");
  });

  it("returns an empty string for invalid input", () => {
    expect(formatFrenchDate("")).toBe("");
    expect(formatFrenchDate("not a date")).toBe("");
    expect(formatFrenchDate("2025-13-45")).toBe("");
    expect(formatFrenchDate(new Date(Number.NaN))).toBe("");
  });
});

describe("weekday constants", () => {
  it("lists the seven days from Monday", () => {
    expect(FRENCH_WEEKDAYS).toEqual([
      "Lundi",
      "Mardi",
      "Mercredi",
      "Jeudi",
      "Vendredi",
      "Samedi",
      "Dimanche",
    ]);
    expect(WEEKDAY_KEYS).toEqual([
      "monday",
      "tuesday",
      "wednesday",
      "thursday",
      "friday",
      "saturday",
      "sunday",
    ]);
  });
});

describe("weekdayIndex", () => {
  it("finds each French day", () => {
    FRENCH_WEEKDAYS.forEach((day, index) => {
      expect(weekdayIndex(day)).toBe(index);
    });
  });

  it("ignores case, accents and surrounding spaces", () => {
    expect(weekdayIndex("mercredi")).toBe(2);
    expect(weekdayIndex("DIMANCHE")).toBe(6);
    expect(weekdayIndex("  jeudi ")).toBe(3);
    expect(weekdayIndex("Vèndrédi")).toBe(4);
  });

  it("returns -1 for unknown names", () => {
    expect(weekdayIndex("")).toBe(-1);
    expect(weekdayIndex("Monday")).toBe(-1);
    expect(weekdayIndex("Lun")).toBe(-1);
    expect(weekdayIndex("Samedis")).toBe(-1);
  });
});
