import { describe, it, expect } from "vitest";
import { CARD_EXCERPT_LENGTH, HOME_EXCERPT_LENGTH, excerpt } from "./excerpt";

describe("excerpt", () => {
  it("exposes the standard lengths", () => {
    expect(HOME_EXCERPT_LENGTH).toBe(100);
    expect(CARD_EXCERPT_LENGTH).toBe(150);
  });

  it("prefers a non-blank explicit excerpt, trimmed and never cut", () => {
    const long = "x".repeat(300);
    expect(excerpt({ excerpt: "  Résumé du gala  ", content: "Autre texte" })).toBe(
      "Résumé du gala",
    );
    expect(excerpt({ excerpt: long }, 10)).toBe(long);
  });

  it("falls back to content when the excerpt is blank or missing", () => {
    expect(excerpt({ excerpt: "   ", content: "Contenu" })).toBe("Contenu");
    expect(excerpt({ excerpt: null, content: "Contenu" })).toBe("Contenu");
    expect(excerpt({ content: "Contenu" })).toBe("Contenu");
  });

  it("returns an empty string when nothing is available", () => {
    expect(excerpt({})).toBe("");
    expect(excerpt({ excerpt: null, content: null })).toBe("");
    expect(excerpt({ content: "![photo](/img/a.jpg)" })).toBe("");
  });

  it("removes markdown images and collapses whitespace", () => {
    const content =
      "Premier paragraphe.\n\n![Affiche du gala](/uploads/affiche.jpg)\n\nSecond   paragraphe\tici.";
    expect(excerpt({ content })).toBe("Premier paragraphe. Second paragraphe ici.");
    expect(excerpt({ content: "Avant ![x](y.png) après" })).toBe("Avant après");
  });

  it("cuts long content and appends three dots", () => {
    const content = "a".repeat(120);
    expect(excerpt({ content })).toBe(`${"a".repeat(100)}...`);
    expect(excerpt({ content }, CARD_EXCERPT_LENGTH)).toBe(content);
    expect(excerpt({ content: "abcdefghij" }, 4)).toBe("abcd...");
  });

  it("does not add dots when the content fits exactly", () => {
    const content = "b".repeat(100);
    expect(excerpt({ content })).toBe(content);
    expect(excerpt({ content: `${"c".repeat(101)}` })).toBe(`${"c".repeat(100)}...`);
  });

  it("measures length after whitespace collapsing", () => {
    expect(excerpt({ content: "  un    deux  " }, 7)).toBe("un deux");
  });

  it("does not split surrogate pairs", () => {
    expect(excerpt({ content: "🥊🥊🥊" }, 2)).toBe("🥊🥊...");
  });
});
