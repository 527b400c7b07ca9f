import { describe, expect, it } from "vitest";
import { colourContrast, formatRatio, nearestReadableColour } from "./contrast";

describe("colourContrast", () => {
  it("measures black on navy as unreadable and black on white as 21:1", () => {
    expect(colourContrast("#000000", "#001F3F")).toBeLessThan(1.5);
    expect(colourContrast("#000000", "#FFFFFF")).toBeCloseTo(21, 5);
    expect(colourContrast("rouge", "#FFFFFF")).toBeNull();
  });
});

describe("nearestReadableColour", () => {
  it("lightens black on navy to the nearest colour above 4.5:1", () => {
    const fixed = nearestReadableColour("#000000", "#001F3F");
    expect(fixed).toMatch(/^#[0-9A-F]{6}$/);
    expect(colourContrast(fixed, "#001F3F")).toBeGreaterThanOrEqual(4.5);
    // The nearest one, not white.
    expect(fixed).not.toBe("#FFFFFF");
  });

  it("darkens a pale grey on white, and keeps a colour that already reads", () => {
    const fixed = nearestReadableColour("#CCCCCC", "#FFFFFF");
    expect(colourContrast(fixed, "#FFFFFF")).toBeGreaterThanOrEqual(4.5);
    expect(nearestReadableColour("#111827", "#FFFFFF")).toBe("#111827");
  });

  it("writes the ratio the French way", () => {
    expect(formatRatio(4.56)).toBe("4,5:1");
  });
});
