import { getDb } from "~/db/client.server";
import { addDays, parisMinutes, parisToday } from "~/core/club-time";
import { type DatedSession } from "~/domains/schedule";
import { toMinutes } from "~/core/time-of-day";
import { bookedFamilies } from "~/domains/trials/index.server";
import { getDatedSessions } from "~/domains/schedule/index.server";
import { countUnreadMessages } from "~/domains/messages/index.server";
import { countTrialsThisWeek } from "~/domains/trials/index.server";
import { can, type Role } from "~/domains/volunteers";
import { readLastBackup } from "~/domains/backups/index.server";

/** The dashboard's figures; those the roles may not see are not even read (undefined). */
export interface DashboardCounts {
  disciplines?: number;
  trainingFormats?: number;
  /** Published articles of the 'evenement' category. */
  events?: number;
  /** Unread contact messages of the inbox. */
  messages?: number;
  /** Trials booked on this week's sessions, Monday to Sunday. */
  trialsThisWeek?: number;
}

async function countRows(table: "disciplines" | "training_formats"): Promise<number> {
  const row = await getDb()
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

async function countEvents(): Promise<number> {
  const row = await getDb()
    .selectFrom("blog_posts")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("is_published", "=", 1)
    .where("category", "=", "evenement")
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The live figures of the dashboard's cards that these roles may see. */
export async function getDashboardCounts(roles: readonly Role[]): Promise<DashboardCounts> {
  const content = can(roles, "content");
  const [disciplines, trainingFormats, events, messages, trialsThisWeek] = await Promise.all([
    content ? countRows("disciplines") : undefined,
    content ? countRows("training_formats") : undefined,
    content ? countEvents() : undefined,
    can(roles, "messages") ? countUnreadMessages() : undefined,
    can(roles, "trials.view") ? countTrialsThisWeek(parisToday()) : undefined,
  ]);
  return { disciplines, trainingFormats, events, messages, trialsThisWeek };
}

/** How many days the dashboard's "Annuler ou déplacer une séance" lists: today and the next 2. */
const SESSION_DAYS = 3;

export interface ComingSession extends DatedSession {
  /** The families booked on it for a trial. */
  families: number;
}

/** Today's sessions not yet over and those of the next days, for the dashboard's quick action. */
export async function getComingSessions(now: Date = new Date()): Promise<ComingSession[]> {
  const today = parisToday(now);
  const [{ sessions }, families] = await Promise.all([
    getDatedSessions({ from: today, to: addDays(today, SESSION_DAYS - 1), today }),
    bookedFamilies(now),
  ]);
  const minutes = parisMinutes(now);
  return sessions
    .filter((session) => session.onDate > today || (toMinutes(session.onEnd) ?? 0) > minutes)
    .map((session) => ({
      ...session,
      families: families.bySession[`${session.activityId}|${session.date}`] ?? 0,
    }));
}

/** The backup warning's age: a last backup older than this is worth an admin's look. */
export const BACKUP_WARNING_MS = 48 * 60 * 60 * 1000;

export type BackupWarning =
  | { reason: "none" }
  | { reason: "old"; at: string }
  | { reason: "failed"; at: string; detail: string };

/**
 * The admin's backup warning (app/domains/backups/nightly.server.ts): none made yet, the last one
 * failed, or the last one older than 48 hours. Null when all is well or for another role.
 */
export async function getBackupWarning(
  roles: readonly Role[],
  now: Date = new Date(),
): Promise<BackupWarning | null> {
  if (!can(roles, "admin")) return null;
  const last = await readLastBackup();
  if (!last) return { reason: "none" };
  if (!last.ok) return { reason: "failed", at: last.at, detail: last.reason };
  if (now.getTime() - new Date(last.at).getTime() > BACKUP_WARNING_MS) {
    return { reason: "old", at: last.at };
  }
  return null;
}
