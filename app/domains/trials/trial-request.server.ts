import { getDb } from "~/db/client.server";

/*
 * The trial booking form's limit per address (DESIGN.md "Public forms"), counted in the
 * database as the contact form's is, so every server process and every server on one
 * PostgreSQL share it. An address is kept one hour, then deleted by the next request.
 */

export const TRIAL_REQUEST_WINDOW_MS = 60 * 60 * 1000;

/**
 * Notes a booking request from `ip` and answers how many it made within the hour, this
 * one included. The action refuses beyond the limit (CONTACT_IP_LIMIT, as the contact form).
 */
export async function noteTrialRequest({
  ip,
  now = new Date(),
}: {
  ip: string;
  now?: Date;
}): Promise<number> {
  const since = new Date(now.getTime() - TRIAL_REQUEST_WINDOW_MS).toISOString();
  return getDb()
    .transaction()
    .execute(async (trx) => {
      await trx.deleteFrom("trial_requests").where("created_at", "<=", since).execute();
      await trx
        .insertInto("trial_requests")
        .values({ ip, created_at: now.toISOString() })
        .execute();
      const row = await trx
        .selectFrom("trial_requests")
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .where("ip", "=", ip)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    });
}
