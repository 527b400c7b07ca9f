import fs from "node:fs";
import path from "node:path";
import { SMTPServer } from "smtp-server";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { readEnv } from "~/core/env.server";
import {
  claimNextMail,
  listOutbox,
  MAIL_CLAIM_MS,
  MAIL_MAX_ATTEMPTS,
  markMailFailed,
  queueMail,
  retryDelayMs,
  retryMail,
} from "./outbox.server";
import { createMailTransport, OUTBOX_DIR } from "./transport.server";
import { deliverDueMail } from "./worker.server";

const SMTP_PORT = Number(process.env.TEST_SMTP_PORT ?? 2525);

beforeEach(async () => {
  await getDb().deleteFrom("mail_outbox").execute();
});

function env(overrides: Record<string, string> = {}) {
  return readEnv({ DATA_DIR: process.env.DATA_DIR, MAIL_RETRY_BASE_MS: "100", ...overrides });
}

describe("the outbox", () => {
  it("gives a due mail to one claimer only, even when two ask at once", async () => {
    const id = await queueMail({
      kind: "message",
      to: "a@example.fr",
      subject: "Essai",
      text: "Bonjour",
    });
    const [one, two] = await Promise.all([claimNextMail(), claimNextMail()]);
    expect([one?.id, two?.id].filter(Boolean)).toEqual([id]);
    expect(await claimNextMail()).toBeNull();
  });

  it("takes over a mail whose claimer died once the claim has expired", async () => {
    const id = await queueMail({
      kind: "message",
      to: "a@example.fr",
      subject: "Essai",
      text: "Bonjour",
    });
    expect((await claimNextMail())?.id).toBe(id);
    expect(await claimNextMail({ now: new Date(Date.now() + MAIL_CLAIM_MS - 1000) })).toBeNull();
    const again = await claimNextMail({ now: new Date(Date.now() + MAIL_CLAIM_MS + 1000) });
    expect(again).toMatchObject({ id, attempts: 2 });
  });

  it("backs off after a failure, and stops with the reason after the last try", async () => {
    expect(retryDelayMs(1, 30_000)).toBe(30_000);
    expect(retryDelayMs(3, 30_000)).toBe(120_000);
    expect(retryDelayMs(30, 30_000)).toBe(6 * 60 * 60 * 1000);
    const id = await queueMail({
      kind: "message",
      to: "a@example.fr",
      subject: "Essai",
      text: "Bonjour",
    });
    const now = new Date();
    const claimed = await claimNextMail({ now });
    expect(
      await markMailFailed({
        id,
        attempts: claimed!.attempts,
        reason: "ECONNREFUSED",
        retryBaseMs: 60_000,
        now,
      }),
    ).toBe("queued");
    expect(await claimNextMail({ now })).toBeNull();
    expect(await claimNextMail({ now: new Date(now.getTime() + 61_000) })).not.toBeNull();
    expect(
      await markMailFailed({
        id,
        attempts: MAIL_MAX_ATTEMPTS,
        reason: "ECONNREFUSED",
        retryBaseMs: 60_000,
      }),
    ).toBe("failed");
    const [entry] = await listOutbox();
    expect(entry).toMatchObject({ id, state: "failed", lastError: "ECONNREFUSED" });
    expect(await retryMail({ id, kinds: ["trial"] })).toBe(false);
    expect(await retryMail({ id, kinds: ["message"] })).toBe(true);
    expect((await listOutbox())[0]).toMatchObject({ state: "queued", attempts: 0 });
  });
});

describe("delivery without SMTP", () => {
  it("writes each mail as an .eml file under DATA_DIR/outbox and marks it sent", async () => {
    const settings = env();
    const transport = createMailTransport(settings);
    const id = await queueMail({
      kind: "message",
      to: "camille@example.fr",
      replyTo: "club@example.fr",
      subject: "Nous avons bien reçu votre message",
      text: "Bonjour Camille,\nMerci !",
      attachments: [
        {
          filename: "essai.ics",
          contentType: "text/calendar",
          contentBase64: Buffer.from("BEGIN:VCALENDAR").toString("base64"),
        },
      ],
    });
    expect(await deliverDueMail({ transport, env: settings })).toBe(1);
    const [entry] = await listOutbox();
    expect(entry).toMatchObject({ id, state: "sent", attempts: 1 });
    const eml = fs.readFileSync(path.join(settings.dataDir, OUTBOX_DIR, entry!.emlFile), "utf8");
    expect(eml).toMatch(/^To: camille@example\.fr$/m);
    expect(eml).toMatch(/^Reply-To: club@example\.fr$/m);
    expect(eml).toContain("essai.ics");
  });
});

describe("delivery by SMTP", () => {
  let server: SMTPServer | null = null;
  const received: string[] = [];

  function startSmtp(): Promise<void> {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      onData(stream, session, callback) {
        let raw = "";
        stream.on("data", (chunk: Buffer) => (raw += chunk.toString("utf8")));
        stream.on("end", () => {
          received.push(raw);
          callback();
        });
      },
    });
    return new Promise((resolve) => server!.listen(SMTP_PORT, "127.0.0.1", resolve));
  }

  afterEach(async () => {
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    server = null;
    received.length = 0;
  });

  it("keeps mail queued while the SMTP server is down, then sends it once it is up", async () => {
    const settings = env({
      SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
      MAIL_FROM: "Club <site@example.fr>",
    });
    const transport = createMailTransport(settings);
    await queueMail({
      kind: "message",
      to: "club@example.fr",
      subject: "Notification",
      text: "Nouveau message",
    });
    await queueMail({
      kind: "message",
      to: "camille@example.fr",
      subject: "Accusé de réception",
      text: "Merci",
    });

    expect(await deliverDueMail({ transport, env: settings })).toBe(0);
    const down = await listOutbox();
    expect(down.map((m) => m.state)).toEqual(["queued", "queued"]);
    expect(down[0]!.lastError).not.toBe("");

    await startSmtp();
    // Due again after the backoff (100 ms here): the worker's next round sends both.
    await expect
      .poll(async () => {
        await deliverDueMail({ transport, env: settings });
        return (await listOutbox()).map((m) => m.state);
      })
      .toEqual(["sent", "sent"]);
    expect(received).toHaveLength(2);
    expect(received.join("\n")).toMatch(/^From: Club <site@example\.fr>/m);
    expect(received.join("\n")).toMatch(/^To: camille@example\.fr$/m);
    transport.close();
  });
});
