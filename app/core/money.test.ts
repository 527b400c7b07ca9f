import { describe, expect, it } from "vitest";
import {
  allocate,
  euroDecimal,
  euroFigure,
  formatEuros,
  parseEuros,
  splitInstalments,
} from "./money";

describe("formatEuros", () => {
  it("writes whole amounts without decimals and others with two, the French way", () => {
    expect(formatEuros(18000)).toBe("180\u00a0€");
    expect(formatEuros(18050)).toBe("180,50\u00a0€");
    expect(formatEuros(18005)).toBe("180,05\u00a0€");
    expect(formatEuros(120000)).toBe("1\u202f200\u00a0€");
    expect(formatEuros(99)).toBe("0,99\u00a0€");
  });

  it("gives the editor's figure without the sign", () => {
    expect(formatEuros(18050, { sign: false })).toBe("180,50");
    expect(formatEuros(18000, { sign: false })).toBe("180");
  });
});

describe("parseEuros", () => {
  it("reads euros typed with a comma or a point, spaces or a sign", () => {
    expect(parseEuros("180")).toBe(18000);
    expect(parseEuros("180,50")).toBe(18050);
    expect(parseEuros("180,5")).toBe(18050);
    expect(parseEuros("180.05")).toBe(18005);
    expect(parseEuros(" 1 200 € ")).toBe(120000);
    expect(parseEuros("1\u202f200,00\u00a0€")).toBe(120000);
  });

  it("reads back what formatEuros wrote", () => {
    for (const cents of [0, 5, 99, 18000, 18050, 120050]) {
      expect(parseEuros(formatEuros(cents))).toBe(cents);
      expect(parseEuros(formatEuros(cents, { sign: false }))).toBe(cents);
    }
  });

  it("refuses what is not an amount", () => {
    for (const text of ["", "  ", "abc", "-20", "180,505", "18O", "1,2,3", "€", "180 euros"]) {
      expect(parseEuros(text)).toBeNull();
    }
  });
});

describe("splitInstalments", () => {
  it("splits into whole euros with the rest on the first cheque", () => {
    expect(splitInstalments(27000, 3)).toEqual([9000, 9000, 9000]);
    expect(splitInstalments(24550, 3)).toEqual([8350, 8100, 8100]);
    expect(splitInstalments(24550, 1)).toEqual([24550]);
    expect(splitInstalments(24550, 3).reduce((a, b) => a + b)).toBe(24550);
  });
});

describe("allocate", () => {
  it("shares one cheque between two children in proportion, to the cent", () => {
    expect(allocate(9000, [11000, 16000])).toEqual([3667, 5333]);
    expect(allocate(10001, [5000, 5000, 0])).toEqual([5001, 5000, 0]);
    expect(allocate(500, [0, 0])).toEqual([500, 0]);
  });
});

describe("euroFigure and euroDecimal", () => {
  it("writes the editor's figure and the spreadsheet's number", () => {
    expect(euroFigure(4500)).toBe("45");
    expect(euroFigure(1250)).toBe("12,50");
    expect(euroFigure(120000)).toBe("1200");
    expect(euroFigure(5)).toBe("0,05");
    expect(euroFigure(-150)).toBe("-1,50");
    expect(euroDecimal(12345)).toBe("123,45");
    expect(euroDecimal(5)).toBe("0,05");
    expect(euroDecimal(9000)).toBe("90,00");
    expect(euroDecimal(-150)).toBe("-1,50");
  });
});
