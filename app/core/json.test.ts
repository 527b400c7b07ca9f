import { describe, expect, it } from "vitest";
import { mergeDefaults } from "./json";

describe("mergeDefaults", () => {
  const defaults = { title: "Titre", nested: { text: "x" } };

  it("lays the stored object over the defaults", () => {
    expect(mergeDefaults(defaults, { nested: { text: "y" }, extra: 1 })).toEqual({
      title: "Titre",
      nested: { text: "y" },
      extra: 1,
    });
  });

  it("takes stored prototype names as plain keys and never as a prototype", () => {
    const stored = JSON.parse(
      '{"__proto__": {"title": "piège"}, "constructor": "texte", "valueOf": 3}',
    ) as unknown;
    const merged = mergeDefaults(defaults, stored) as Record<string, unknown>;
    expect(Object.getPrototypeOf(merged)).toBe(Object.prototype);
    expect(merged.title).toBe("Titre");
    expect(Object.hasOwn(merged, "__proto__")).toBe(false);
    expect(merged.constructor).toBe("texte");
    expect(merged.valueOf).toBe(3);
  });
});
