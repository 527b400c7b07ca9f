import { describe, expect, it } from "vitest";
import { keyGuard, wordOf } from "./keys";

describe("keyGuard", () => {
  const isColor = keyGuard({ red: "Rouge", teal: "Bleu canard" } as const);

  it("accepts the map's own keys only", () => {
    expect(isColor("red")).toBe(true);
    expect(isColor("teal")).toBe(true);
    expect(isColor("Rouge")).toBe(false);
    expect(isColor("toString")).toBe(false);
    expect(isColor("__proto__")).toBe(false);
  });

  it("refuses what is not a string", () => {
    expect(isColor(undefined)).toBe(false);
    expect(isColor(null)).toBe(false);
    expect(isColor(1)).toBe(false);
    expect(isColor(["red"])).toBe(false);
  });
});

describe("wordOf", () => {
  const colors = { red: "Rouge", teal: "Bleu canard" } as const;

  it("gives the word of a known value", () => {
    expect(wordOf(colors, "red")).toBe("Rouge");
    expect(wordOf(colors, "teal")).toBe("Bleu canard");
  });

  it("gives back a value the vocabulary does not know, its own keys only", () => {
    expect(wordOf(colors, "gold")).toBe("gold");
    expect(wordOf(colors, "toString")).toBe("toString");
    expect(wordOf(colors, "__proto__")).toBe("__proto__");
  });
});
