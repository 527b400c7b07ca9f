import { createElement as h } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { formatDayMonthTime } from "~/core/date-format";
import { ScheduleBadges } from "./schedule-badges";
import { parseSchedule, SCHEDULE_MESSAGES } from "~/domains/content/publish-schedule";
import { scheduleStatus } from "./schedule";

/* The rules of « Publier le » / « Dépublier le » (Paris time) and the words shown. */

const NOW = new Date("2026-12-01T10:00:00.000Z");

describe("parseSchedule", () => {
  it("reads Paris wall-clock time as UTC instants (winter and summer)", () => {
    expect(
      parseSchedule(
        { publish_at: "2026-12-15T08:00", unpublish_at: "2027-07-01T00:00" },
        { now: NOW, current: null, published: false },
      ),
    ).toEqual({
      ok: true,
      schedule: {
        publish_at: "2026-12-15T07:00:00.000Z",
        unpublish_at: "2027-06-30T22:00:00.000Z",
      },
    });
    expect(
      parseSchedule(
        { publish_at: "", unpublish_at: "" },
        { now: NOW, current: null, published: true },
      ),
    ).toEqual({ ok: true, schedule: { publish_at: null, unpublish_at: null } });
  });

  it("refuses a new date in the past, but keeps a stored one that is late", () => {
    expect(
      parseSchedule(
        { publish_at: "2026-11-30T08:00" },
        { now: NOW, current: null, published: false },
      ),
    ).toEqual({ ok: false, errors: { publish_at: SCHEDULE_MESSAGES.publishPast } });
    const stored = { publish_at: "2026-11-30T07:00:00.000Z", unpublish_at: null };
    expect(
      parseSchedule(
        { publish_at: "2026-11-30T08:00" },
        { now: NOW, current: stored, published: false },
      ),
    ).toEqual({ ok: true, schedule: stored });
  });

  it("wants the unpublication after the publication, and something to unpublish", () => {
    expect(
      parseSchedule(
        { publish_at: "2026-12-15T08:00", unpublish_at: "2026-12-15T08:00" },
        { now: NOW, current: null, published: false },
      ),
    ).toEqual({ ok: false, errors: { unpublish_at: SCHEDULE_MESSAGES.unpublishBeforePublish } });
    expect(
      parseSchedule(
        { unpublish_at: "2026-12-15T08:00" },
        { now: NOW, current: null, published: false },
      ),
    ).toEqual({ ok: false, errors: { unpublish_at: SCHEDULE_MESSAGES.nothingToUnpublish } });
    expect(
      parseSchedule(
        { publish_at: "2026-12-15T08:00" },
        { now: NOW, current: null, published: true },
      ),
    ).toEqual({ ok: false, errors: { publish_at: SCHEDULE_MESSAGES.publishWhilePublished } });
    expect(
      parseSchedule({ publish_at: "15/12/2026" }, { now: NOW, current: null, published: false }),
    ).toEqual({ ok: false, errors: { publish_at: SCHEDULE_MESSAGES.publishInvalid } });
  });
});

describe("scheduleStatus", () => {
  it("reads « Programmé pour le 15 décembre à 08:00 », and « en retard » past five minutes", () => {
    const schedule = { publish_at: "2026-12-15T07:00:00.000Z", unpublish_at: null };
    expect(scheduleStatus(schedule, NOW)).toEqual({
      publish: { label: "Programmé pour le 15 décembre à 08:00", late: false },
      unpublish: null,
    });
    expect(scheduleStatus(schedule, new Date("2026-12-15T07:05:00.000Z")).publish?.late).toBe(
      false,
    );
    expect(scheduleStatus(schedule, new Date("2026-12-15T07:05:01.000Z")).publish?.late).toBe(true);
  });

  it("names the year when it is not this one, and the first of the month « 1er »", () => {
    expect(formatDayMonthTime("2027-01-01T08:30:00.000Z", NOW)).toBe("1er janvier 2027 à 09:30");
  });
});

describe("ScheduleBadges", () => {
  it("shows the schedule, in red with « en retard » once overdue by more than five minutes", () => {
    const schedule = {
      publish_at: "2026-12-15T07:00:00.000Z",
      unpublish_at: "2027-01-05T07:00:00.000Z",
    };
    const onTime = renderToStaticMarkup(h(ScheduleBadges, { schedule, now: NOW }));
    expect(onTime).toContain("Programmé pour le 15 décembre à 08:00");
    expect(onTime).toContain("Dépublication le 5 janvier 2027 à 08:00");
    expect(onTime).not.toContain("en retard");
    const late = renderToStaticMarkup(
      h(ScheduleBadges, { schedule, now: new Date("2026-12-15T07:30:00.000Z") }),
    );
    expect(late).toMatch(/badge-danger">Programmé pour le 15 décembre à 08:00 · en retard</);
    expect(late).not.toContain("janvier 2027 à 08:00 · en retard");
    expect(
      renderToStaticMarkup(
        h(ScheduleBadges, { schedule: { publish_at: null, unpublish_at: null }, now: NOW }),
      ),
    ).toBe("");
  });
});
