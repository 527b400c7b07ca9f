import { beforeEach, describe, expect, it } from "vitest";
import { addDays, FRENCH_WEEKDAYS, mondayOf, parisToday, weekdayOfDate } from "~/core/club-time";
import { getDb } from "~/db/client.server";
import { saveSettings } from "~/domains/content/settings.server";
import { callRoute, getRequest } from "../../../../tests/auth";
import { createActivity } from "../../../../tests/factories";
import { loader } from "./planning";

/*
 * The loader of /planning with real Requests: only a view's canonical address is answered
 * (the page cache keys on it), the week carries its changes on its classes, the filter
 * keeps one audience, and the title follows the season unless the club typed one.
 */

type Data = Awaited<ReturnType<typeof loader>>;

const load = async (path: string) => callRoute(loader, getRequest(path));
const data = async (path: string) => (await load(path)).data as Data;

beforeEach(async () => {
  await getDb().deleteFrom("schedule_changes").execute();
  await getDb().deleteFrom("schedule_activities").execute();
  await getDb().deleteFrom("site_settings").execute();
});

describe("planning loader", () => {
  it("redirects any query but a view's canonical one", async () => {
    for (const [asked, canonical] of [
      ["/planning?public=enfants&semaine=type", "/planning?semaine=type&public=enfants"],
      ["/planning?public=seniors", "/planning"],
      ["/planning?semaine=cette", "/planning"],
      ["/planning?", "/planning"],
      ["/planning?fbclid=abc", "/planning"],
    ]) {
      const answer = await load(asked!);
      expect(answer.status, asked).toBe(302);
      expect(answer.headers.get("Location"), asked).toBe(canonical);
    }
    expect((await load("/planning?semaine=prochaine&public=adultes")).status).toBe(200);
  });

  it("shows this week's cancellation on the class, not next week's nor the template's", async () => {
    const today = parisToday();
    await saveSettings({
      category: "season",
      settings: { start: addDays(today, -30), end: addDays(today, 60) },
      loadedAt: null,
    });
    const day = FRENCH_WEEKDAYS[weekdayOfDate(today)]!;
    const adults = await createActivity({ title: "Adultes du jour", day, category: "adult" });
    await createActivity({ title: "Enfants du jour", day, category: "kids" });
    const stamp = new Date().toISOString();
    await getDb()
      .insertInto("schedule_changes")
      .values({
        kind: "cancel",
        activity_id: adults.id,
        date: today,
        note: "Coach malade",
        created_at: stamp,
        updated_at: stamp,
      })
      .execute();

    const now = await data("/planning");
    expect(now.week.monday).toBe(mondayOf(today));
    expect(now.week.entries.map((e) => [e.title, e.date, e.state, e.note])).toEqual([
      ["Adultes du jour", today, "cancelled", "Coach malade"],
      ["Enfants du jour", today, "scheduled", ""],
    ]);
    expect(now.week.days?.find((d) => d.today)?.date).toBe(today);

    const next = await data("/planning?semaine=prochaine&public=adultes");
    expect(next.week.entries.map((e) => [e.title, e.date, e.state])).toEqual([
      ["Adultes du jour", addDays(today, 7), "scheduled"],
    ]);
    const template = await data("/planning?semaine=type&public=enfants");
    expect(template.week.days).toBeNull();
    expect(template.week.entries.map((e) => [e.title, e.date, e.state])).toEqual([
      ["Enfants du jour", null, "scheduled"],
    ]);
  });

  it("titles the page after the season unless the club typed a title", async () => {
    await saveSettings({
      category: "season",
      settings: { start: "2026-08-31", end: "2027-07-04" },
      loadedAt: null,
    });
    // The seed's title is the spec's default: not typed.
    await saveSettings({
      category: "planning_title",
      settings: { title: "PLANNING - SEPTEMBRE 2024 - JUIN 2025" },
      loadedAt: null,
    });
    expect((await data("/planning")).title).toBe("PLANNING - AOÛT 2026 - JUILLET 2027");
    await getDb()
      .updateTable("site_settings")
      .set({ settings: JSON.stringify({ title: "Nos cours 2026-2027" }) })
      .where("category", "=", "planning_title")
      .execute();
    expect((await data("/planning")).title).toBe("Nos cours 2026-2027");
  });
});
