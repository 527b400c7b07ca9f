/*
 * A membership mail sent ONCE even across restarts and several servers: its membership_mails
 * key is claimed by an INSERT … ON CONFLICT DO NOTHING in the same transaction as the queued
 * mail; of two runs, one gets the key and queues the mail, and a rollback frees both.
 */
import { afterCommit, getDb, inTransaction } from "~/db/client.server";
import { kickMailWorker, queueMail } from "~/domains/mail/index.server";

/** Claims a mail's key in the caller's transaction: false when it was already sent. */
async function claimKey(key: string, now: Date): Promise<boolean> {
  const row = await getDb()
    .insertInto("membership_mails")
    .values({ key, sent_at: now.toISOString() })
    .onConflict((oc) => oc.column("key").doNothing())
    .returning("id")
    .executeTakeFirst();
  return row !== undefined;
}

/** Claims `keys` and queues the mail in one transaction; nothing when a key is taken. */
export async function sendOnce(
  keys: string[],
  now: Date,
  build: () => Promise<Parameters<typeof queueMail>[0]>,
) {
  try {
    return await inTransaction(async () => {
      for (const key of keys) if (!(await claimKey(key, now))) throw new AlreadySent();
      await queueMail(await build(), getDb());
      afterCommit(kickMailWorker);
      return true;
    });
  } catch (error) {
    if (error instanceof AlreadySent) return false;
    throw error;
  }
}

class AlreadySent extends Error {}

export async function sentKeys(prefix: string): Promise<Set<string>> {
  const rows = await getDb()
    .selectFrom("membership_mails")
    .select("key")
    .where("key", "like", `${prefix}%`)
    .execute();
  return new Set(rows.map((row) => row.key));
}
