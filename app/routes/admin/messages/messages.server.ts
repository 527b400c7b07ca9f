import * as z from "~/core/zod";
import { MessageReplySchema, REPLY_MESSAGES } from "~/domains/messages/message-reply-schema";
import { retryMail } from "~/domains/mail/outbox.server";
import { kickMailWorker } from "~/domains/mail/worker.server";
import {
  deleteMessage,
  markMessageRead,
  moveMessage,
} from "~/domains/messages/contact-message.server";
import { ReplyRefused, replyToMessage } from "~/domains/messages/contact-message-reply.server";
import { actorOf, withActivity } from "~/domains/history/activity-log.server";
import { type Actor } from "~/domains/history/actor";
import { contactMessageLabel } from "~/domains/schedule/activity-labels.server";
import { getAllSettings } from "~/domains/content/settings.server";
import { forbidden, requireCapability } from "~/domains/volunteers/auth.server";
import { can } from "~/domains/volunteers/capabilities";
import { mailKindsFor, SENT_MAIL_CAPABILITIES } from "~/domains/mail/kinds";
import { RESEND_MESSAGES, resendMail } from "~/domains/mail/mail-resend.server";
import type { Session } from "~/domains/volunteers/sessions.server";
import { fieldErrors, formText, readForm } from "~/core/form";
import { getClientIp, type RequestContext } from "~/utils/load-context";
import { toastResult } from "~/utils/toast";

/* The POST of /admin/messages: one intent per button, on one message (or mail) id. */

const IntentSchema = z.object({
  intent: z.enum([
    "read",
    "archive",
    "inbox",
    "not-spam",
    "delete",
    "retry-mail",
    "resend-mail",
    "reply",
  ]),
  id: z.coerce.number().int().positive(),
});

const DONE = {
  archive: "Message archivé",
  inbox: "Message remis dans la boîte de réception",
  "not-spam": "Message remis dans la boîte de réception : ce n'est pas un spam",
  delete: "Message supprimé",
} as const;

/**
 * Runs an act on one message with its journal row, named by the day the message came;
 * an unknown message, or `done` false (nothing happened), writes none.
 */
async function logged<T>(
  actor: Actor,
  action: "reply" | "move" | "delete",
  id: number,
  act: () => Promise<T>,
  done: (result: T) => boolean = () => true,
): Promise<T> {
  const { result } = await withActivity(
    actor,
    ({ result, label }) =>
      // An unknown message ("" for its name) was not touched either.
      label !== "" && done(result)
        ? { action, itemType: "message", itemId: id, itemLabel: label }
        : null,
    async () => ({ label: await contactMessageLabel(id), result: await act() }),
  );
  return result;
}

/** "Envoyer la réponse": checked, queued in the outbox with the club's Reply-To, kept in the thread. */
async function reply(id: number, form: FormData, actor: Actor) {
  const parsed = MessageReplySchema.safeParse(formText(form, ["subject", "body"]));
  if (!parsed.success) {
    return toastResult(
      { type: "error", message: REPLY_MESSAGES.invalid },
      { errors: fieldErrors(parsed.error) },
      400,
    );
  }
  const { general } = await getAllSettings();
  try {
    const { to } = await logged(actor, "reply", id, () =>
      replyToMessage({
        id,
        reply: parsed.data,
        author: actor.username,
        club: { name: general.siteName, email: general.email },
      }),
    );
    kickMailWorker();
    return toastResult(
      { type: "success", message: `Réponse en cours d'envoi à ${to}` },
      {
        replied: id,
      },
    );
  } catch (error) {
    if (!(error instanceof ReplyRefused)) throw error;
    const status = error.reason === "gone" ? 404 : 409;
    return toastResult({ type: "error", message: REPLY_MESSAGES[error.reason] }, {}, status);
  }
}

/** « Réessayer » and « Renvoyer » on a sent mail, of a kind of the reader's own work only. */
async function mailAction(
  intent: "retry-mail" | "resend-mail",
  id: number,
  session: Session,
  actor: Actor,
) {
  const kinds = mailKindsFor(session.roles);
  if (intent === "retry-mail") {
    if (!(await retryMail({ id, kinds }))) throw forbidden();
    kickMailWorker();
    return toastResult({ type: "success", message: "E-mail remis dans la file d'envoi" });
  }
  const result = await resendMail({ actor, id, kinds });
  if (!result) throw forbidden();
  if (!result.ok) return toastResult({ type: "error", message: result.message }, {}, 409);
  kickMailWorker();
  return toastResult({ type: "success", message: RESEND_MESSAGES.done }, { resent: result.id });
}

export async function messagesAction(request: Request, context?: RequestContext) {
  const session = await requireCapability(request, ["messages", ...SENT_MAIL_CAPABILITIES]);
  const actor = actorOf(session, getClientIp(context));
  const form = await readForm(request);
  const parsed = IntentSchema.safeParse({ intent: form.get("intent"), id: form.get("id") });
  if (!parsed.success) {
    return toastResult({ type: "error", message: "Action inconnue : rechargez la page." }, {}, 400);
  }
  const { intent, id } = parsed.data;
  if (intent === "retry-mail" || intent === "resend-mail") {
    return mailAction(intent, id, session, actor);
  }
  // Everything else acts on the contact messages.
  if (!can(session.roles, "messages")) throw forbidden();
  if (intent === "reply") return reply(id, form, actor);
  if (intent === "read") {
    await markMessageRead({ id });
    return { ok: true };
  }
  if (intent === "delete") {
    await logged(actor, "delete", id, () => deleteMessage({ id }));
    return toastResult({ type: "success", message: DONE.delete }, { deleted: id });
  }
  const folder = intent === "archive" ? "archive" : "inbox";
  const moved = await logged(
    actor,
    "move",
    id,
    () => moveMessage({ id, folder }),
    (done) => done,
  );
  if (!moved) {
    return toastResult({ type: "error", message: "Ce message n'existe plus." }, {}, 404);
  }
  return toastResult({ type: "success", message: DONE[intent] });
}
