import { afterCommit, getDb, type DB } from "~/db/client.server";
import { getEnv, type Env } from "~/core/env.server";
import { createPeriodic } from "~/core/jobs.server";
import { claimNextMail, markMailFailed, markMailSent } from "./outbox.server";
import { createMailTransport, PermanentMailError, type MailTransport } from "./transport.server";

/*
 * Sends what the outbox holds. Every server process runs one worker: a poll every
 * MAIL_POLL_MS, and a nudge right after queueMail in this process (kickMailWorker). The
 * claim in claimNextMail keeps two processes from sending one mail.
 */

export const MAIL_POLL_MS = 5_000;

/** Sends every due mail once; returns how many were sent. */
export async function deliverDueMail({
  transport,
  env = getEnv(),
  db = getDb(),
}: {
  transport: MailTransport;
  env?: Env;
  db?: DB;
}): Promise<number> {
  let sent = 0;
  for (;;) {
    const mail = await claimNextMail({ db });
    if (!mail) return sent;
    try {
      const { emlFile } = await transport.deliver(mail);
      await markMailSent({ id: mail.id, text: mail.text, emlFile, db });
      sent += 1;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const state = await markMailFailed({
        id: mail.id,
        attempts: mail.attempts,
        reason,
        permanent: error instanceof PermanentMailError,
        retryBaseMs: env.mailRetryBaseMs,
        db,
      });
      console.error(
        `E-mail ${mail.id} non envoyé (${state === "failed" ? "abandon" : "réessai"}) : ${reason}`,
      );
    }
  }
}

const holder = globalThis as typeof globalThis & { __clubMailKick?: () => void };

/** Asks this process's worker to look at the outbox now (no-op when none runs). */
export function kickMailWorker(): void {
  // Inside an act's transaction (the journal's), the mail it queued is seen once committed.
  afterCommit(() => holder.__clubMailKick?.());
}

/** Starts this process's worker; returns a function that stops it. */
export function startMailWorker({ intervalMs = MAIL_POLL_MS }: { intervalMs?: number } = {}) {
  const env = getEnv();
  const transport = createMailTransport(env);
  // A nudge while a round runs asks for one more round: the mail just queued is sent too.
  const worker = createPeriodic({
    intervalMs,
    whenBusy: "again",
    failure: "File d'envoi des e-mails : erreur",
    task: () => deliverDueMail({ transport, env }),
  });
  holder.__clubMailKick = worker.runNow;
  return () => {
    worker.stop();
    holder.__clubMailKick = undefined;
    transport.close();
  };
}
