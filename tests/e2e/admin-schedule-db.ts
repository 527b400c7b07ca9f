import type { Page } from "@playwright/test";
import { db, unique, withDbLock } from "./public-db";

/*
 * Direct access to the e2e database for the admin-schedule specs: each test makes its own
 * activity (unique title) and removes it. Whatever changes the public week (activities,
 * display settings, planning title) runs under withDbLock, which the planning specs hold
 * while they read (public-planning.spec.ts).
 */

export interface ActivityRow {
  id: number;
  title: string;
  day: string;
  start_time: string;
  end_time: string;
  category: string;
  color: string;
  age_range: string;
  long_description: string;
  images: string;
  position_x: number | null;
  position_y: number | null;
  width: number | null;
  updated_at: string;
}

export function insertActivity(values: {
  title: string;
  day: string;
  start_time: string;
  end_time: string;
  color?: string;
  images?: string[];
}): number {
  const stamp = new Date().toISOString();
  const result = db()
    .prepare(
      `insert into schedule_activities (title, category, day, start_time, end_time, color, images, width, created_at, updated_at)
       values (@title, 'adult', @day, @start_time, @end_time, @color, @images, 100, @stamp, @stamp)`,
    )
    .run({ color: "#5ECFCB", ...values, images: JSON.stringify(values.images ?? []), stamp });
  return Number(result.lastInsertRowid);
}

export function activityByTitle(title: string): ActivityRow | undefined {
  return db().prepare("select * from schedule_activities where title = ?").get(title) as
    ActivityRow | undefined;
}

export function deleteActivitiesTitled(prefix: string): void {
  db().prepare("delete from schedule_activities where title like ?").run(`${prefix}%`);
}

/**
 * Runs `fn` under withDbLock with an activity of its own, titled `values.title` made
 * unique, and removes it afterwards whatever happens.
 */
export function withTestActivity<T>(
  values: { title: string; day: string; start_time: string; end_time: string },
  fn: (title: string) => Promise<T>,
): Promise<T> {
  const title = unique(values.title);
  return withDbLock(async () => {
    try {
      insertActivity({ ...values, title });
      return await fn(title);
    } finally {
      deleteActivitiesTitled(title);
    }
  });
}

/** The distinct banner images of the seeded activities (one per category). */
export function seededBanners(): string[] {
  const rows = db().prepare("select distinct images from schedule_activities").all() as {
    images: string;
  }[];
  const urls = new Set(rows.flatMap((row) => (JSON.parse(row.images) as string[]).slice(0, 1)));
  const banners = [...urls].filter((url) => url.startsWith("/uploads/")).sort();
  if (banners.length < 3) throw new Error("Fewer than 3 seeded activity banners");
  return banners.slice(0, 3);
}

/** Opens the schedule screen on a tab and waits until it answers (hydrated shell). */
export async function openSchedule(page: Page, tab = ""): Promise<void> {
  await page.goto(`/admin/schedule${tab ? `?tab=${tab}` : ""}`);
  await page.locator("[data-shell-ready]").waitFor();
}

/**
 * Holds the page's data reloads (GET *.data) back, as a busy server would, until
 * `release()`: for a test that acts while the reload after a save is on its way.
 */
export async function holdDataReloads(page: Page) {
  const held: (() => void)[] = [];
  let holding = true;
  await page.route(/\.data(\?|$)/, async (route) => {
    if (holding && route.request().method() === "GET") {
      await new Promise<void>((resume) => held.push(resume));
    }
    await route.continue();
  });
  return {
    /** How many reloads are held. */
    count: () => held.length,
    release: () => {
      holding = false;
      for (const resume of held.splice(0)) resume();
    },
  };
}
