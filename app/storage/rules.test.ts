import { describe, expect, it } from "vitest";
import { isSeedIllustration } from "./rules";

describe("isSeedIllustration", () => {
  it("recognises the seed's example pictures and their variants", () => {
    for (const url of [
      "/uploads/site-images/seed-art-hero.jpg",
      "/uploads/disciplines/seed-art-loisir.jpg",
      "/uploads/disciplines/seed-art-loisir-480.webp",
      "/uploads/schedule-activities/seed-art-activity-kids-960.avif",
      "/uploads/site-images/seed-post-1.jpg",
      " https://club.example/uploads/site-images/seed-art-hero.jpg?v=2 ",
    ]) {
      expect(isSeedIllustration(url), url).toBe(true);
    }
  });

  it("leaves the club's own images, the logo badge and other addresses alone", () => {
    for (const url of [
      "/uploads/site-images/1700000000000-seed-art-hero.jpg",
      "/uploads/site-images/seed-logo.png",
      "/images/placeholder.webp",
      "/uploads/site-images/seed-art-hero.jpg/../1700000000000-x.jpg",
      "https://autre.example/seed-art-hero.jpg",
      "",
      null,
      undefined,
    ]) {
      expect(isSeedIllustration(url), String(url)).toBe(false);
    }
  });
});
