import { describe, expect, it } from "vitest";
import { formatPhone } from "./phone";

describe("formatPhone", () => {
  it("writes a French number in pairs, however it was typed", () => {
    for (const typed of ["0611223344", "06.11.22.33.44", "06-11-22-33-44", " 06 1122 3344 "]) {
      expect(formatPhone(typed)).toBe("06 11 22 33 44");
    }
  });

  it("keeps the country code of a French number given with it", () => {
    for (const typed of ["+33611223344", "+33 (0)6 11 22 33 44", "0033 6 11 22 33 44"]) {
      expect(formatPhone(typed)).toBe("+33 6 11 22 33 44");
    }
  });

  it("keeps any other number as typed, its spaces tidied", () => {
    expect(formatPhone("+41  21 123 45 67")).toBe("+41 21 123 45 67");
    expect(formatPhone("123 456")).toBe("123 456");
    expect(formatPhone("")).toBe("");
  });
});
