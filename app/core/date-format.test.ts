import { describe, it, expect } from "vitest";
import { FRENCH_WEEKDAYS, WEEKDAY_KEYS, weekdayIndex } from "./club-time";
import {
  formatDayMonthTime,
  formatFrenchDate,
  formatFrenchDateTime,
  formatLongDateTime,
  formatMediumDateTime,
  formatNumericDate,
  formatPlainDate,
  formatWeekdayDateTime,
} from "./date-format";

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

describe("the named formats", () => {
  const AT = "2026-12-03T13:05:00.000Z";
  it("writes each of the club's date shapes, in Paris time", () => {
    expect(formatNumericDate("2026-09-14")).toBe("14/09/2026");
    expect(formatNumericDate("2026-09-13T22:30:00.000Z")).toBe("14/09/2026");
    expect(formatPlainDate("2026-12-01")).toBe("1 décembre 2026");
    expect(formatWeekdayDateTime(AT)).toBe("jeu. 3 décembre 2026 à 14:05");
    expect(formatMediumDateTime(AT)).toBe("3 déc. 2026, 14:05");
    expect(formatLongDateTime(AT)).toBe("3 décembre 2026 à 14:05");
    expect(formatFrenchDateTime(AT)).toBe("3 décembre 2026 à 14h05");
    expect(formatDayMonthTime(AT, new Date("2026-11-28T12:00:00Z"))).toBe("3 décembre à 14:05");
    expect(formatDayMonthTime("2027-01-01T08:30:00.000Z", new Date(AT))).toBe(
      "1er janvier 2027 à 09:30",
    );
  });
});
