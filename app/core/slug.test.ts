import { describe, it, expect } from "vitest";
import { removeAccents, slugify } from "./slug";

describe("slugify", () => {
  it("lowercases, removes accents and punctuation", () => {
    expect(slugify("Boxe Éducative : les Bases !")).toBe("boxe-educative-les-bases");
  });

  it("collapses runs of separators and trims hyphens", () => {
    expect(slugify("  Été 2025 -- Stage  ")).toBe("ete-2025-stage");
    expect(slugify("--Hello--World--")).toBe("hello-world");
  });

  it("returns an empty string for empty or symbol-only input", () => {
    expect(slugify("")).toBe("");
    expect(slugify("   ")).toBe("");
    expect(slugify("!?:;—")).toBe("");
  });

  it("expands ligatures and sharp s", () => {
    expect(slugify("Cœur de Bœuf")).toBe("coeur-de-boeuf");
    expect(slugify("ŒUVRE Æther")).toBe("oeuvre-aether");
    expect(slugify("Straße")).toBe("strasse");
  });

  it("handles French accented letters and apostrophes", () => {
    expect(slugify("L'entraînement à Meyzieu, ça déménage")).toBe(
      "l-entrainement-a-meyzieu-ca-demenage",
    );
    expect(slugify("Noël ÇA Où")).toBe("noel-ca-ou");
  });

  it("keeps digits and drops non-latin characters", () => {
    expect(slugify("Gala n°3 — 12/05")).toBe("gala-n-3-12-05");
    expect(slugify("Boxe 🥊 club")).toBe("boxe-club");
  });

  it("is idempotent", () => {
    const once = slugify("Stage d'Été : Boxe Anglaise");
    expect(slugify(once)).toBe(once);
  });
});

describe("removeAccents", () => {
  it("keeps case while stripping marks", () => {
    expect(removeAccents("Éléonore Œdipe")).toBe("Eleonore OEdipe");
  });
});
