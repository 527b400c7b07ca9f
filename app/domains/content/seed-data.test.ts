import { describe, expect, it } from "vitest";
import { slugify } from "~/core/slug";
import { seedPosts } from "./seed-data";

/** Noon UTC on a day of 2026 (month 1–12). */
const on = (month: number, day: number) => new Date(Date.UTC(2026, month - 1, day, 12));
const monthOf = (iso: string) => new Date(iso).getUTCMonth() + 1;

describe("seedPosts", () => {
  it("three articles, one put forward, distinct addresses, none dated after the install", () => {
    for (let month = 1; month <= 12; month++) {
      for (const day of [1, 15, 28]) {
        const now = on(month, day);
        const posts = seedPosts(now);
        expect(posts).toHaveLength(3);
        expect(posts.filter((post) => post.isFeatured)).toHaveLength(1);
        expect(new Set(posts.map((post) => slugify(post.title))).size).toBe(3);
        for (const post of posts) {
          expect(new Date(post.publishedAt).getTime()).toBeLessThan(now.getTime());
        }
      }
    }
  });

  it("installed on 26 November: the stage is for Christmas, no rentrée a month later", () => {
    const [stage, interclubs, join] = seedPosts(on(11, 26));
    expect(stage!.title).toBe("Stage de boxe pendant les vacances de Noël");
    expect(stage!.excerpt).toMatch(/^Pendant les vacances de Noël,/);
    expect(stage!.publishedAt.slice(0, 10)).toBe("2026-11-23");
    expect(interclubs!.excerpt).toContain("première rencontre interclubs de la saison");
    expect(join!.title).toBe("Il est encore temps de rejoindre le club !");
    expect(join!.publishedAt.slice(0, 10)).toBe("2026-10-27");
  });

  it("the stage's holidays follow the month it is announced in", () => {
    const holidays = (month: number) => seedPosts(on(month, 20))[0]!.title;
    expect(holidays(10)).toMatch(/de la Toussaint$/);
    expect(holidays(12)).toMatch(/de Noël$/);
    expect(holidays(2)).toMatch(/d'hiver$/);
    expect(holidays(4)).toMatch(/de printemps$/);
    expect(holidays(6)).toMatch(/d'été$/);
    for (let month = 1; month <= 12; month++) {
      expect(seedPosts(on(month, 10))[0]!.content).not.toMatch(/automne|approchent/);
    }
  });

  it("no interclubs in July or August, and the rentrée only around September", () => {
    for (let month = 1; month <= 12; month++) {
      for (const day of [1, 15, 28]) {
        const [, interclubs, join] = seedPosts(on(month, day));
        expect([7, 8]).not.toContain(monthOf(interclubs!.publishedAt));
        if (join!.title.includes("rentrée")) {
          expect([8, 9, 10]).toContain(monthOf(join!.publishedAt));
        }
      }
    }
    expect(seedPosts(on(9, 25))[2]!.title).toBe(
      "C'est la rentrée : les inscriptions sont ouvertes !",
    );
    expect(seedPosts(on(7, 10))[2]!.title).toBe(
      "Saison prochaine : les inscriptions sont ouvertes",
    );
    expect(seedPosts(on(8, 5))[1]!.publishedAt.slice(0, 10)).toBe("2026-06-21");
  });
});
