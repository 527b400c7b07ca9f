import { describe, expect, it } from "vitest";
import { copyrightYears } from "./site-footer";

describe("copyrightYears", () => {
  it("runs from the spec's 2024 to the club's current year, in Paris", () => {
    expect(copyrightYears(new Date("2026-11-26T12:00:00Z"))).toBe("2024–2026");
    // 31 December, 23:30 UTC is already New Year's Day in Meyzieu.
    expect(copyrightYears(new Date("2026-12-31T23:30:00Z"))).toBe("2024–2027");
    expect(copyrightYears(new Date("2024-06-01T12:00:00Z"))).toBe("2024");
  });
});
