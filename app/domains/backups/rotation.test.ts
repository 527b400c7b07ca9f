import { describe, expect, it } from "vitest";
import { addDays } from "~/core/club-time";
import { backupFileName } from "./backup.server";
import { parseBackupName, rotateBackups } from "./rotation";

/** The nightly archive of a Paris day (made at 03:00 Paris: 02:00 UTC in winter, 01:00 in summer). */
const nightly = (day: string) => backupFileName(new Date(`${day}T02:00:00Z`), "nuit");
const manual = (iso: string) => backupFileName(new Date(iso));
const beforeRestore = (iso: string) => backupFileName(new Date(iso), "avant-restauration");

/** One nightly archive for each of the `days` days up to `today`. */
function everyNight(today: string, days: number): string[] {
  return Array.from({ length: days }, (_, index) => nightly(addDays(today, -index)));
}

describe("parseBackupName", () => {
  it("reads the kind and the date of the names the backups take, and nothing else", () => {
    expect(parseBackupName("sauvegarde-2026-11-26T02-00-00Z-nuit.tar.gz")).toEqual({
      name: "sauvegarde-2026-11-26T02-00-00Z-nuit.tar.gz",
      kind: "nuit",
      date: new Date("2026-11-26T02:00:00Z"),
    });
    expect(parseBackupName("sauvegarde-2026-11-26T21-30-05Z.tar.gz")?.kind).toBe("manuelle");
    expect(parseBackupName("sauvegarde-2026-11-26T21-30-05Z-avant-restauration.tar.gz")?.kind).toBe(
      "avant-restauration",
    );
    for (const other of [
      "club.tar.gz",
      "sauvegarde-2026-11-26T21-30-05Z.tar.gz.partiel",
      "sauvegarde-2026-02-30T21-30-05Z.tar.gz",
      "../sauvegarde-2026-11-26T21-30-05Z.tar.gz",
      "sauvegarde-2026-11-26T21-30-05Z-autre.tar.gz",
    ]) {
      expect(parseBackupName(other), other).toBeNull();
    }
  });
});

describe("rotateBackups", () => {
  it("keeps 7 days, 4 weeks and 12 months of nightly archives out of a year and a half", () => {
    const today = "2026-11-26"; // a Thursday
    const names = everyNight(today, 550);
    const { keep, remove } = rotateBackups(names, today);
    expect(keep.length + remove.length).toBe(550);
    const days = keep.map((name) => parseBackupName(name)!.date.toISOString().slice(0, 10)).sort();
    expect(days).toEqual(
      [
        // The newest of each month, the 11 months before this one.
        "2025-12-31",
        "2026-01-31",
        "2026-02-28",
        "2026-03-31",
        "2026-04-30",
        "2026-05-31",
        "2026-06-30",
        "2026-07-31",
        "2026-08-31",
        "2026-09-30",
        "2026-10-31",
        // The newest of each of the 3 weeks before this one (Sundays).
        "2026-11-08",
        "2026-11-15",
        "2026-11-22",
        // The last 7 days (this week's and this month's newest are today's).
        "2026-11-20",
        "2026-11-21",
        "2026-11-23",
        "2026-11-24",
        "2026-11-25",
        "2026-11-26",
      ].sort(),
    );
    // The archive names carry UTC; the days are Paris days: 2026-11-22 is in.
    expect(keep).toContain(nightly("2026-11-22"));
  });

  it("runs day after day without ever deleting the newest, and settles at the same count", () => {
    let names: string[] = [];
    let today = "2026-01-01";
    const counts: number[] = [];
    for (let night = 0; night < 500; night++) {
      names = rotateBackups([...names, nightly(today)], today).keep;
      expect(names).toContain(nightly(today));
      counts.push(names.length);
      today = addDays(today, 1);
    }
    expect(Math.max(...counts)).toBeLessThanOrEqual(7 + 4 + 12);
    expect(counts.at(-1)).toBeGreaterThanOrEqual(7 + 12 - 1);
  });

  it("keeps the newest of a day when there are several, and one dated after today", () => {
    const today = "2026-11-26";
    const early = backupFileName(new Date("2026-11-25T02:00:00Z"), "nuit");
    const late = backupFileName(new Date("2026-11-25T09:00:00Z"), "nuit");
    const future = nightly("2026-11-30");
    const { keep, remove } = rotateBackups([early, late, future], today);
    expect(keep.sort()).toEqual([late, future].sort());
    expect(remove).toEqual([early]);
  });

  it("never rotates away the copies kept before a restore beyond the last 3, nor manual ones beyond the last 5", () => {
    const today = "2026-11-26";
    const copies = [1, 2, 3, 4].map((n) => beforeRestore(`2020-0${n}-01T10:00:00Z`));
    const manuals = [1, 2, 3, 4, 5, 6].map((n) => manual(`2021-0${n}-01T10:00:00Z`));
    const { keep, remove } = rotateBackups(
      [...copies, ...manuals, ...everyNight(today, 30)],
      today,
    );
    // Years old, but the newest of their kind: kept whatever the nightly rotation does.
    expect(keep).toEqual(expect.arrayContaining([...copies.slice(1), ...manuals.slice(1)]));
    expect(remove).toEqual(expect.arrayContaining([copies[0], manuals[0]]));
    expect(
      remove.every(
        (name) => name.endsWith("-nuit.tar.gz") || [copies[0], manuals[0]].includes(name),
      ),
    ).toBe(true);
  });

  it("never names a file that is not an archive", () => {
    const { keep, remove } = rotateBackups(
      ["notes.txt", "sauvegarde-x.tar.gz", nightly("2001-01-01")],
      "2026-11-26",
    );
    expect(keep).toEqual(["notes.txt", "sauvegarde-x.tar.gz"]);
    expect(remove).toEqual([nightly("2001-01-01")]);
  });
});
