import { z } from "zod";
import { retryMail } from "~/mail/outbox.server";
import { kickMailWorker } from "~/mail/worker.server";
import { deleteMessage, markMessageRead, moveMessage } from "~/models/contact-message.server";
import { requireAdmin } from "~/utils/auth.server";
import { readForm } from "~/utils/forms";
import { toastResult } from "~/utils/toast";

/* The POST of /admin/messages: one intent per button, on one message (or mail) id. */

const IntentSchema = z.object({
  intent: z.enum(["read", "archive", "inbox", "not-spam", "delete", "retry-mail"]),
  id: z.coerce.number().int().positive(),
});

const DONE = {
  archive: "Message archivé",
  inbox: "Message remis dans la boîte de réception",
  "not-spam": "Message remis dans la boîte de réception : ce n'est pas un spam",
  delete: "Message supprimé",
} as const;

export async function messagesAction(request: Request) {
  await requireAdmin(request);
  const form = await readForm(request);
  const parsed = IntentSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    return toastResult({ type: "error", message: "Action inconnue : rechargez la page." }, {}, 400);
  }
  const { intent, id } = parsed.data;
  if (intent === "read") {
    await markMessageRead({ id });
    return { ok: true };
  }
  if (intent === "retry-mail") {
    await retryMail({ id });
    kickMailWorker();
    return toastResult({ type: "success", message: "E-mail remis dans la file d'envoi" });
  }
  if (intent === "delete") {
    await deleteMessage({ id });
    return toastResult({ type: "success", message: DONE.delete }, { deleted: id });
  }
  const moved = await moveMessage({ id, folder: intent === "archive" ? "archive" : "inbox" });
  if (!moved) {
    return toastResult({ type: "error", message: "Ce message n'existe plus." }, {}, 404);
  }
  return toastResult({ type: "success", message: DONE[intent] });
}
