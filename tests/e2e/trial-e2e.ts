import fs from "node:fs";
import path from "node:path";
import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { addDays, parisToday } from "../../app/core/club-time";
import { hashSessionId } from "../../app/core/session-hash";
import { dataDir } from "./e2e-data";
import { db, swapSeason, withDbLock } from "./public-db";

/*
 * The trial booking specs' ground: a season around today (so the four weeks
 * ahead have sessions whatever the month), classes and bookings written straight into the
 * e2e database, and the mails the server wrote to DATA_DIR/outbox read back as MIME parts.
 * Everything runs under the public lock: a season or a class changes /planning for all.
 */

/** Runs `fn` under the public lock with a season around today, then puts the season back. */
export async function withTrialSeason<T>(fn: () => Promise<T>): Promise<T> {
  return withDbLock(async () => {
    const today = parisToday();
    const restoreSeason = swapSeason(addDays(today, -30), addDays(today, 60));
    try {
      return await fn();
    } finally {
      restoreSeason();
    }
  });
}

/** A class of the template week that accepts trials; removed (with its bookings) by `deleteClass`. */
export function insertTrialClass(values: {
  title: string;
  day: string;
  places: number;
  minAge?: number;
}): number {
  const stamp = new Date().toISOString();
  const result = db()
    .prepare(
      `insert into schedule_activities (title, category, day, start_time, end_time, color, images, width,
         trial_enabled, trial_places, trial_min_age, created_at, updated_at)
       values (@title, 'adult', @day, '20h45', '21h45', '#5ECFCB', '[]', 100, 1, @places, @minAge, @stamp, @stamp)`,
    )
    .run({ minAge: 0, ...values, stamp });
  return Number(result.lastInsertRowid);
}

export function deleteClass(id: number): void {
  db().prepare("delete from trial_bookings where activity_id = ?").run(id);
  db().prepare("delete from schedule_activities where id = ?").run(id);
}

/** The membership drafts opened from the class's bookings (« Inscrire »), with their links. */
export function deleteEnrolments(activityId: number): void {
  db()
    .prepare(
      `delete from membership_files where trial_booking_id in
         (select id from trial_bookings where activity_id = ?)`,
    )
    .run(activityId);
}

/** A booking made by someone else, taking one place of the session. */
export function insertBooking(activityId: number, date: string, email: string): void {
  const stamp = new Date().toISOString();
  db()
    .prepare(
      `insert into trial_bookings (activity_id, session_date, status, first_name, last_name, email,
         phone, level, message, cancel_token_hash, attendance, created_at, updated_at)
       values (?, ?, 'booked', 'Autre', 'Personne', ?, '0600000000', 'debutant', '', ?, '', ?, ?)`,
    )
    .run(
      activityId,
      date,
      email,
      hashSessionId(randomBytes(32).toString("base64url")),
      stamp,
      stamp,
    );
}

export function bookingsOf(email: string): { status: string; session_date: string }[] {
  return db()
    .prepare("select status, session_date from trial_bookings where email = ? order by id")
    .all(email) as { status: string; session_date: string }[];
}

export function deleteBookingsOf(email: string): void {
  db().prepare("delete from trial_bookings where email = ?").run(email);
}

/** The first template date of `activityId` listed on its /essai page (a session link). */
export async function firstSessionDate(page: Page, activityId: number): Promise<string> {
  const href = await page.locator(`a[href^="/essai/${activityId}/"]`).first().getAttribute("href");
  return href!.split("?")[0]!.split("/").pop()!;
}

export { mimeParts, type MailPart } from "../mime-parts";

/** The mails written to the outbox whose text names `email` as recipient. */
export function outboxMailsTo(email: string): string[] {
  const dir = path.join(dataDir(), "outbox");
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .map((name) => fs.readFileSync(path.join(dir, name), "utf8"))
    .filter((text) => new RegExp(`^To: ${email.replace(/[.+]/g, "\\$&")}\\r?$`, "m").test(text));
}
