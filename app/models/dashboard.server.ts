import { getDb } from "~/db/client.server";
import { countUnreadMessages } from "./contact-message.server";

export interface DashboardCounts {
  disciplines: number;
  trainingFormats: number;
  /** Published articles of the 'evenement' category. */
  events: number;
  /** Unread contact messages of the inbox. */
  messages: number;
}

/** The live figures of the dashboard's four cards. */
export async function getDashboardCounts(): Promise<DashboardCounts> {
  const db = getDb();
  const [disciplines, trainingFormats, events, messages] = await Promise.all([
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
  ]);
  return {
    disciplines: Number(disciplines.count),
    trainingFormats: Number(trainingFormats.count),
    events: Number(events.count),
    messages,
  };
}
