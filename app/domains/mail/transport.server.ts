import fs from "node:fs";
import path from "node:path";
import nodemailer from "nodemailer";
import type { Env } from "~/core/env.server";
import type { ClaimedMail } from "./outbox.server";

/*
 * How a claimed mail leaves: by SMTP when SMTP_URL and MAIL_FROM are set, otherwise as an
 * .eml file under DATA_DIR/outbox (a fresh install works with nothing to configure).
 */

export const OUTBOX_DIR = "outbox";
/** The sender when MAIL_FROM is unset (only .eml files are written then). */
const LOCAL_FROM = "site@localhost";

export type Delivery = { emlFile: string };

/** A refusal the SMTP server gave for the mail itself (5xx): retrying will not help. */
export class PermanentMailError extends Error {}

export interface MailTransport {
  deliver(mail: ClaimedMail): Promise<Delivery>;
  close(): void;
}

function message(mail: ClaimedMail, from: string) {
  return {
    from,
    to: mail.to,
    replyTo: mail.replyTo || undefined,
    subject: mail.subject,
    text: mail.text,
    attachments: mail.attachments.map((file) => ({
      filename: file.filename,
      contentType: file.contentType,
      content: Buffer.from(file.contentBase64, "base64"),
    })),
  };
}

export function createMailTransport(env: Env): MailTransport {
  if (env.smtpUrl && env.mailFrom) {
    const from = env.mailFrom;
    const smtp = nodemailer.createTransport(env.smtpUrl);
    return {
      async deliver(mail) {
        try {
          await smtp.sendMail(message(mail, from));
        } catch (error) {
          const code = (error as { responseCode?: number }).responseCode ?? 0;
          const reason = error instanceof Error ? error.message : String(error);
          throw code >= 500 && code < 600 ? new PermanentMailError(reason) : new Error(reason);
        }
        return { emlFile: "" };
      },
      close: () => smtp.close(),
    };
  }
  const dir = path.join(env.dataDir, OUTBOX_DIR);
  const stream = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: "unix",
  });
  return {
    async deliver(mail) {
      const info = await stream.sendMail(message(mail, env.mailFrom ?? LOCAL_FROM));
      fs.mkdirSync(dir, { recursive: true });
      const name = `${String(mail.id).padStart(6, "0")}.eml`;
      // Written whole then renamed: a reader never sees half a file.
      const temp = path.join(dir, `.${name}.tmp`);
      fs.writeFileSync(temp, info.message as Buffer);
      fs.renameSync(temp, path.join(dir, name));
      return { emlFile: name };
    },
    close: () => undefined,
  };
}
