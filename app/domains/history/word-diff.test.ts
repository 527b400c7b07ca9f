import { describe, expect, it } from "vitest";
import { wordDiff } from "./word-diff";
import { compareSnapshots, htmlAsText } from "./history";

describe("wordDiff", () => {
  it("shows the words removed then added, keeping the rest", () => {
    expect(wordDiff("Le club ouvre lundi à 18h", "Le club ouvre mardi à 18h30")).toEqual([
      { op: "same", text: "Le club ouvre " },
      { op: "del", text: "lundi " },
      { op: "add", text: "mardi " },
      { op: "same", text: "à " },
      { op: "del", text: "18h" },
      { op: "add", text: "18h30" },
    ]);
  });

  it("keeps the space between a kept word and words added or removed after it", () => {
    const join = (parts: { text: string }[]) => parts.map((part) => part.text).join("");
    expect(join(wordDiff("Boxe loisir", "Boxe loisir (modifiée)"))).toBe("Boxe loisir (modifiée)");
    expect(join(wordDiff("Boxe loisir (modifiée)", "Boxe loisir"))).toBe("Boxe loisir (modifiée)");
    expect(wordDiff("Boxe loisir", "Boxe loisir (modifiée)")).toEqual([
      { op: "same", text: "Boxe loisir " },
      { op: "add", text: "(modifiée)" },
    ]);
  });

  it("stays bounded on long texts: the middle reads as removed then added", () => {
    const before = Array.from({ length: 3000 }, (_, n) => `a${n}`).join(" ");
    const after = Array.from({ length: 3000 }, (_, n) => `b${n}`).join(" ");
    const parts = wordDiff(`Début ${before} fin`, `Début ${after} fin`);
    expect(parts.map((part) => part.op)).toEqual(["same", "del", "add", "same"]);
  });
});

describe("compareSnapshots", () => {
  it("compares HTML as text and names fields in French", () => {
    const changes = compareSnapshots(
      { content: "<p>Bonjour à tous</p>", is_published: true },
      { content: "<p>Bonjour <strong>à</strong> tous</p>", is_published: false },
      { labels: (field) => (field === "is_published" ? "Publiée" : "Contenu"), html: ["content"] },
    );
    expect(changes).toEqual([
      { field: "is_published", label: "Publiée", before: "Oui", after: "Non", words: null },
    ]);
    expect(htmlAsText("<p>Un &amp; deux</p><p>trois</p>")).toBe("Un & deux\ntrois");
  });
});
