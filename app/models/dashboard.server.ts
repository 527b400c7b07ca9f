import { getDb } from "~/db/client.server";
import { parisToday } from "~/content/dated-sessions";
import { countUnreadMessages } from "./contact-message.server";
import { countTrialsThisWeek } from "./trial-booking.server";

export interface DashboardCounts {
  disciplines: number;
  trainingFormats: number;
  /** Published articles of the 'evenement' category. */
  events: number;
  /** Unread contact messages of the inbox. */
  messages: number;
  /** Trials booked on this week's sessions, Monday to Sunday (issue 16). */
  trialsThisWeek: number;
}

/** The live figures of the dashboard's cards. */
export async function getDashboardCounts(): Promise<DashboardCounts> {
  const db = getDb();
  const [disciplines, trainingFormats, events, messages, trialsThisWeek] = await Promise.all([
    db
      .selectFrom("disciplines")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("training_formats")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("blog_posts")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("is_published", "=", 1)
      .where("category", "=", "evenement")
      .executeTakeFirstOrThrow(),
    countUnreadMessages(),
    countTrialsThisWeek(parisToday()),
  ]);
  return {
    disciplines: Number(disciplines.count),
    trainingFormats: Number(trainingFormats.count),
    events: Number(events.count),
    messages,
    trialsThisWeek,
  };
}
