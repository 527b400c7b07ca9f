import { describe, expect, it } from "vitest";
import { buildCalendar, escapeText, foldLine, type CalendarActivity } from "./ical";

const options = {
  name: "Boxing Club de Meyzieu",
  uidDomain: "club.example",
  location: "Rue de la République, 69330 MEYZIEU",
  season: { start: "2025-09-01", end: "2026-06-30" },
  changes: [],
};

const monday: CalendarActivity = {
  id: 7,
  title: "Boxe anglaise loisir",
  day: "Lundi",
  start_time: "19h00",
  end_time: "20h30",
  description: "Séance complète, pour tous; débutants bienvenus",
  categoryLabel: "Adultes",
  ageRange: "18 ans et +",
  url: "https://club.example/activite/7",
};

/** Unfolds the text and splits it into content lines. */
function contentLines(text: string): string[] {
  return text.replace(/\r\n /g, "").split("\r\n");
}

describe("escapeText", () => {
  it("escapes backslashes, semicolons, commas and newlines", () => {
    expect(escapeText("a\\b; c, d\ne\r\nf")).toBe("a\\\\b\\; c\\, d\\ne\\nf");
  });
});

describe("foldLine", () => {
  it("leaves a line of 75 octets alone", () => {
    const line = "X".repeat(75);
    expect(foldLine(line)).toBe(line);
  });

  it("folds longer lines so that no physical line exceeds 75 octets", () => {
    const line = `DESCRIPTION:${"é".repeat(100)}`;
    const folded = foldLine(line);
    const physical = folded.split("\r\n");
    expect(physical.length).toBeGreaterThan(1);
    for (const [i, part] of physical.entries()) {
      expect(Buffer.byteLength(part, "utf8")).toBeLessThanOrEqual(75);
      if (i > 0) expect(part.startsWith(" ")).toBe(true);
    }
    // Never splits a multi-byte character, and unfolding gives the line back.
    expect(folded.replace(/\r\n /g, "")).toBe(line);
  });
});

describe("buildCalendar", () => {
  // Wednesday 25 March 2026, 23:30 UTC = Thursday 26 March 00:30 in Paris.
  const now = new Date("2026-03-25T23:30:00Z");

  it("uses CRLF line endings and wraps events in a VCALENDAR with a Paris VTIMEZONE", () => {
    const text = buildCalendar([monday], { ...options, now });
    expect(text.endsWith("\r\n")).toBe(true);
    expect(text.replace(/\r\n/g, "")).not.toContain("\n");
    const lines = contentLines(text);
    expect(lines[0]).toBe("BEGIN:VCALENDAR");
    expect(lines).toContain("VERSION:2.0");
    expect(lines).toContain("BEGIN:VTIMEZONE");
    expect(lines).toContain("TZID:Europe/Paris");
    expect(lines).toContain("TZNAME:CET");
    expect(lines).toContain("TZNAME:CEST");
    expect(lines).toContain("RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU");
    expect(lines).toContain("RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU");
    expect(lines.at(-2)).toBe("END:VCALENDAR");
  });

  it("starts each class on its first weekday of the season and ends with the season", () => {
    const thursday = { ...monday, id: 8, day: "Jeudi", start_time: "12h15", end_time: "13h15" };
    const lines = contentLines(buildCalendar([monday, thursday], { ...options, now }));
    // The season starts on Monday 1 September 2025, in wall-clock time; it ends on 30 June
    // 2026 at midnight in Paris, in summer time: 21:59:59 UTC (UNTIL is always UTC).
    expect(lines).toContain("DTSTART;TZID=Europe/Paris:20250901T190000");
    expect(lines).toContain("DTEND;TZID=Europe/Paris:20250901T203000");
    expect(lines).toContain("RRULE:FREQ=WEEKLY;BYDAY=MO;UNTIL=20260630T215959Z");
    expect(lines).toContain("DTSTART;TZID=Europe/Paris:20250904T121500");
    expect(lines).toContain("RRULE:FREQ=WEEKLY;BYDAY=TH;UNTIL=20260630T215959Z");
    expect(lines.filter((l) => l === "BEGIN:VEVENT")).toHaveLength(2);
    expect(lines.some((l) => /^DTSTART:.*Z$/.test(l))).toBe(false);
    // A season ending in winter time: 22:59:59 UTC.
    const winter = contentLines(
      buildCalendar([monday], { ...options, season: { start: "2025-09-01", end: "2025-12-31" } }),
    );
    expect(winter).toContain("RRULE:FREQ=WEEKLY;BYDAY=MO;UNTIL=20251231T225959Z");
  });

  it("maps every French weekday to its BYDAY code", () => {
    const days = ["Lundi", "Mardi", "Mercredi", "Jeudi", "Vendredi", "Samedi", "Dimanche"];
    const activities = days.map((day, i) => ({ ...monday, id: i + 1, day }));
    const lines = contentLines(buildCalendar(activities, { ...options, now }));
    const codes = lines
      .filter((l) => l.startsWith("RRULE:FREQ=WEEKLY"))
      .map((l) => /BYDAY=(\w\w)/.exec(l)?.[1]);
    expect(codes).toEqual(["MO", "TU", "WE", "TH", "FR", "SA", "SU"]);
  });

  it("gives each activity a stable UID and escapes its texts", () => {
    const first = contentLines(buildCalendar([monday], { ...options, now }));
    const later = contentLines(
      buildCalendar([monday], { ...options, now: new Date("2026-11-02T10:00:00Z") }),
    );
    const uid = first.find((l) => l.startsWith("UID:"));
    expect(uid).toBe("UID:activite-7@club.example");
    expect(later.find((l) => l.startsWith("UID:"))).toBe(uid);
    expect(first).toContain("SUMMARY:Boxe anglaise loisir");
    expect(first).toContain(
      "DESCRIPTION:Séance complète\\, pour tous\\; débutants bienvenus\\nAdultes · 18 ans et +\\nhttps://club.example/activite/7",
    );
    expect(first).toContain("LOCATION:Rue de la République\\, 69330 MEYZIEU");
  });

  it("skips activities whose day or start time cannot be read", () => {
    const broken = [
      { ...monday, day: "Funday" },
      { ...monday, start_time: "soir" },
    ];
    const text = buildCalendar(broken, { ...options, now });
    expect(text).not.toContain("BEGIN:VEVENT");
  });

  it("folds long lines at 75 octets", () => {
    const long = { ...monday, description: "Un cours très complet, ".repeat(20) };
    const text = buildCalendar([long], { ...options, now });
    for (const line of text.split("\r\n")) {
      expect(Buffer.byteLength(line, "utf8")).toBeLessThanOrEqual(75);
    }
  });
});
