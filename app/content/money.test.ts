import { describe, expect, it } from "vitest";
import { formatEuros, parseEuros } from "./money";

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
