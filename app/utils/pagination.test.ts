import { describe, it, expect } from "vitest";
import { clampPage, paginationItems } from "./pagination";

describe("paginationItems", () => {
  it("shows nothing for zero or one page", () => {
    expect(paginationItems(1, 0)).toEqual([]);
    expect(paginationItems(1, 1)).toEqual([]);
    expect(paginationItems(1, -4)).toEqual([]);
    expect(paginationItems(1, Number.NaN)).toEqual([]);
  });

  it("lists every page up to seven pages", () => {
    expect(paginationItems(1, 2)).toEqual([1, 2]);
    expect(paginationItems(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it("windows around the current page", () => {
    expect(paginationItems(1, 20)).toEqual([1, 2, "ellipsis", 20]);
    expect(paginationItems(3, 20)).toEqual([1, 2, 3, 4, "ellipsis", 20]);
    expect(paginationItems(10, 20)).toEqual([1, "ellipsis", 9, 10, 11, "ellipsis", 20]);
    expect(paginationItems(18, 20)).toEqual([1, "ellipsis", 17, 18, 19, 20]);
    expect(paginationItems(20, 20)).toEqual([1, "ellipsis", 19, 20]);
  });

  it("uses an ellipsis even for a single missing page", () => {
    expect(paginationItems(4, 8)).toEqual([1, "ellipsis", 3, 4, 5, "ellipsis", 8]);
    expect(paginationItems(2, 8)).toEqual([1, 2, 3, "ellipsis", 8]);
  });

  it("clamps an out-of-range current page", () => {
    expect(paginationItems(0, 20)).toEqual([1, 2, "ellipsis", 20]);
    expect(paginationItems(99, 20)).toEqual([1, "ellipsis", 19, 20]);
    expect(paginationItems(Number.NaN, 20)).toEqual([1, 2, "ellipsis", 20]);
  });
});

describe("clampPage", () => {
  it("parses a valid page", () => {
    expect(clampPage("3", 5)).toBe(3);
    expect(clampPage(" 2 ", 5)).toBe(2);
  });

  it("defaults to 1 for missing or invalid values", () => {
    expect(clampPage(null, 5)).toBe(1);
    expect(clampPage("", 5)).toBe(1);
    expect(clampPage("abc", 5)).toBe(1);
    expect(clampPage("2abc", 5)).toBe(1);
    expect(clampPage("-3", 5)).toBe(1);
    expect(clampPage("1.5", 5)).toBe(1);
    expect(clampPage("0", 5)).toBe(1);
  });

  it("clamps to the last page", () => {
    expect(clampPage("9", 5)).toBe(5);
    expect(clampPage("99999999999999999999", 5)).toBe(5);
  });

  it("treats an empty collection as one page", () => {
    expect(clampPage("4", 0)).toBe(1);
    expect(clampPage("1", 0)).toBe(1);
  });
});
