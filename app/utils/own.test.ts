import { describe, expect, it } from "vitest";
import { own } from "./own";

describe("own", () => {
  const labels: Record<string, string> = { facebook: "Facebook" };

  it("reads own keys only", () => {
    expect(own(labels, "facebook")).toBe("Facebook");
    for (const key of ["constructor", "__proto__", "hasOwnProperty", "valueOf", "toString"]) {
      expect(own(labels, key), key).toBeUndefined();
    }
  });
});
