/*
 * The membership desk records each act once. Every desk form carries a one-time key that
 * its page's loader makes (newDeskKey); the action runs the act through recordOnce. A post
 * repeated with the same key (a double click without script, a resend after a lost answer)
 * finds the key used and gets the answer the first post got, recording nothing again.
 *
 * - The key is claimed in the act's own transaction: a refused act (a DeskError) leaves it
 *   free, so that the form may be corrected (or confirmed) and sent again.
 * - Two posts arriving together cannot both claim it: the stored key is unique, and the
 *   second one's insert fails once the first commits (it waits for it on PostgreSQL; SQLite
 *   takes the write lock at BEGIN), so it reads and replays the first one's answer.
 * - A key says when it was made: one older than DESK_KEY_DAYS is refused, so purging the
 *   used keys after that many days never lets a repeat through.
 */
import { randomBytes } from "node:crypto";
import { getDb, inTransaction } from "~/db/client.server";
import { isUniqueViolation } from "~/db/unique-violation";
import { parseJson } from "~/core/json";
import { DeskError } from "./desk.server";

/** How long a desk page's key stays good, and its use remembered. */
export const DESK_KEY_DAYS = 30;

const DAY_MS = 24 * 60 * 60 * 1000;
// The time it was made (base 36 milliseconds), a dot, 128 random bits.
const KEY_PATTERN = /^([0-9a-z]{6,11})\.[A-Za-z0-9_-]{22}$/;
// Servers' clocks may differ a little (several servers on one PostgreSQL).
const CLOCK_SLACK_MS = 5 * 60 * 1000;

/** A new key for a desk page's forms (one per page shown; each form's use is its own). */
export function newDeskKey(now: Date = new Date()): string {
  return `${now.getTime().toString(36)}.${randomBytes(16).toString("base64url")}`;
}

async function answerOf<A>(stored: string): Promise<{ answer: A } | undefined> {
  const row = await getDb()
    .selectFrom("membership_desk_keys")
    .select("answer")
    .where("key", "=", stored)
    .executeTakeFirst();
  return row ? { answer: parseJson<A>(row.answer, null as A) } : undefined;
}

/**
 * Runs `act` once for this page key and form: the first time, in one transaction with the
 * key's claim, and keeps its answer (JSON); a repeat returns that answer without acting.
 * `form` names the form on its page (a file's « receive-12 »), so that the page's other
 * forms keep their own use of the key.
 */
export async function recordOnce<A>(
  { key, form }: { key: string; form: string },
  act: () => Promise<A>,
  { now = new Date() }: { now?: Date } = {},
): Promise<A> {
  const made = KEY_PATTERN.exec(key);
  if (!made) {
    throw new DeskError("Ce formulaire n'a pas de clé d'envoi valable : rechargez la page.");
  }
  const age = now.getTime() - Number.parseInt(made[1]!, 36);
  if (age < -CLOCK_SLACK_MS || age > DESK_KEY_DAYS * DAY_MS) {
    throw new DeskError(
      "Cette page est ouverte depuis trop longtemps : rechargez-la, puis recommencez.",
    );
  }
  const stored = `${key}/${form}`;
  const earlier = await answerOf<A>(stored);
  if (earlier) return earlier.answer;
  try {
    return await inTransaction(async () => {
      await getDb()
        .insertInto("membership_desk_keys")
        .values({ key: stored, created_at: now.toISOString() })
        .execute();
      const answer = await act();
      await getDb()
        .updateTable("membership_desk_keys")
        .set({ answer: JSON.stringify(answer ?? null) })
        .where("key", "=", stored)
        .execute();
      return answer;
    });
  } catch (caught) {
    const first = isUniqueViolation(caught) ? await answerOf<A>(stored) : undefined;
    if (!first) throw caught;
    return first.answer;
  }
}

/** Forgets the keys used more than DESK_KEY_DAYS ago (their pages can no longer post). */
export async function purgeOldDeskKeys({ now = new Date() }: { now?: Date } = {}) {
  const limit = new Date(now.getTime() - (DESK_KEY_DAYS + 1) * DAY_MS).toISOString();
  const result = await getDb()
    .deleteFrom("membership_desk_keys")
    .where("created_at", "<", limit)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
