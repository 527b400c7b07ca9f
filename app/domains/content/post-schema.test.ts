import { describe, expect, it } from "vitest";
import { clubLocalToIso, isoToClubLocal } from "~/core/club-time";
import { insertImageLine, markdownImageLine } from "./post-schema";

describe("club time of the publication date", () => {
  it("reads the input as Paris wall-clock time, winter and summer", () => {
    expect(clubLocalToIso("2025-01-15T18:30")).toBe("2025-01-15T17:30:00.000Z");
    expect(clubLocalToIso("2025-07-14T22:00")).toBe("2025-07-14T20:00:00.000Z");
    expect(clubLocalToIso("2025-07-14T22:00:30")).toBe("2025-07-14T20:00:30.000Z");
  });

  it("handles the days the clocks change", () => {
    // 30 March 2025: 02:00 → 03:00; 26 October 2025: 03:00 → 02:00.
    expect(clubLocalToIso("2025-03-30T12:00")).toBe("2025-03-30T10:00:00.000Z");
    expect(clubLocalToIso("2025-10-26T12:00")).toBe("2025-10-26T11:00:00.000Z");
  });

  it("refuses what is not a date", () => {
    for (const value of [
      "",
      "demain",
      "2025-02-30T10:00",
      "2025-13-01T10:00",
      "2025-01-01T24:00",
      "2025-01-01",
    ]) {
      expect(clubLocalToIso(value), value).toBeNull();
    }
  });

  it("shows a stored instant back in club time, the way round", () => {
    expect(isoToClubLocal("2025-01-15T17:30:00.000Z")).toBe("2025-01-15T18:30");
    expect(isoToClubLocal("2025-07-14T20:00:00.000Z")).toBe("2025-07-14T22:00");
    expect(isoToClubLocal("pas une date")).toBe("");
    const now = new Date().toISOString();
    expect(clubLocalToIso(isoToClubLocal(now))!.slice(0, 16)).toBe(
      new Date(Math.floor(Date.parse(now) / 60_000) * 60_000).toISOString().slice(0, 16),
    );
  });
});

describe("image insertion in the content", () => {
  it("writes a markdown image line whose alt cannot break it", () => {
    expect(markdownImageLine("Le ring", "/uploads/a.jpg")).toBe("![Le ring](/uploads/a.jpg)");
    expect(markdownImageLine("a]b[c\nd", "/u.jpg")).toBe("![a b c d](/u.jpg)");
  });

  it("puts the line on its own line at the cursor", () => {
    const line = "![x](/u.jpg)";
    expect(insertImageLine("", 0, line)).toEqual({ content: `${line}\n`, cursor: line.length + 1 });
    expect(insertImageLine("Avant Après", 5, line).content).toBe(`Avant\n${line}\n Après`);
    expect(insertImageLine("Un\nDeux", 3, line).content).toBe(`Un\n${line}\nDeux`);
    expect(insertImageLine("Fin", 99, line)).toEqual({
      content: `Fin\n${line}\n`,
      cursor: `Fin\n${line}\n`.length,
    });
  });
});
