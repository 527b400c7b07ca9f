import { Send } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { useActionToast } from "~/components/admin/forms/use-action-toast";
import { useFocusFirstInvalid } from "~/components/admin/forms/form-field";
import { useUnsavedChangesGuard } from "~/components/admin/forms/unsaved-changes";
import { Button } from "~/components/ui/button";
import { useConfirmAction } from "~/components/ui/confirm-dialog";
import { Field } from "~/components/ui/field";
import { Input, Textarea } from "~/components/ui/input";
import {
  REPLY_BODY_MAX,
  REPLY_SUBJECT_MAX,
  replySubject,
} from "~/domains/messages/message-reply-schema";
import type { MessageSummary } from "~/domains/messages/contact-message.server";
import type { Toast } from "~/utils/toast";

type Draft = { subject: string; body: string };
type Result = { toast?: Toast; errors?: Record<string, string>; replied?: number };

/**
 * Replies being written, by message: opening another message keeps this one's text, and
 * coming back to it reopens the form as it was left (until the page is reloaded, which
 * the browser asks about first).
 */
const drafts = new Map<number, Draft>();

export function hasReplyDraft(messageId: number): boolean {
  return drafts.has(messageId);
}

/** The form's id, for the "Répondre" button that opens it. */
export const replyFormId = (messageId: number) => `reponse-${messageId}`;

/** "Répondre": the reply's subject and text, sent through the outbox by the action. */
export function MessageReplyForm({
  message,
  clubEmail,
  onClose,
}: {
  message: Pick<MessageSummary, "id" | "name" | "email" | "subject">;
  clubEmail: string;
  onClose: () => void;
}) {
  const fresh: Draft = { subject: replySubject(message.subject), body: "" };
  const [draft, setDraft] = useState<Draft>(() => drafts.get(message.id) ?? fresh);
  const dirty = draft.body.trim() !== "" || draft.subject !== fresh.subject;
  const fetcher = useFetcher<Result>();
  useActionToast(fetcher.data);
  const errors = fetcher.data?.errors ?? {};
  const formRef = useRef<HTMLFormElement>(null);
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  useFocusFirstInvalid(formRef, fetcher.data?.errors);
  const confirm = useConfirmAction();
  const leaveDialog = useUnsavedChangesGuard(dirty);

  useEffect(() => {
    if (dirty) drafts.set(message.id, draft);
    else drafts.delete(message.id);
  }, [dirty, draft, message.id]);

  useEffect(() => {
    if (!hasReplyDraft(message.id)) bodyRef.current?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the form opens
  }, []);

  // Sent (and the thread reloaded): the draft goes, the form closes.
  const sent = fetcher.state === "idle" && fetcher.data?.replied === message.id;
  useEffect(() => {
    if (!sent) return;
    drafts.delete(message.id);
    onClose();
  }, [sent, message.id, onClose]);

  async function cancel() {
    if (dirty) {
      const drop = await confirm({
        title: "Abandonner cette réponse ?",
        description: "Le texte que vous avez écrit sera perdu.",
        confirmLabel: "Abandonner",
        cancelLabel: "Continuer la réponse",
      });
      if (!drop) return;
    }
    drafts.delete(message.id);
    onClose();
  }

  return (
    <section
      id={replyFormId(message.id)}
      aria-labelledby={`${replyFormId(message.id)}-titre`}
      className="mt-6 rounded-lg border border-gray-200 bg-gray-50 p-4"
    >
      <h3 id={`${replyFormId(message.id)}-titre`} className="text-lg font-bold text-ink">
        Répondre à {message.name}
      </h3>
      <p className="mt-1 text-sm text-gray-700">
        À : {message.email}
        {clubEmail ? ` · sa réponse arrivera à ${clubEmail}` : ""}. Son message est cité sous le
        vôtre.
      </p>
      <fetcher.Form ref={formRef} method="post" className="mt-4 flex flex-col gap-4" noValidate>
        <input type="hidden" name="intent" value="reply" />
        <input type="hidden" name="id" value={message.id} />
        <Field label="Objet" error={errors.subject} required>
          <Input
            name="subject"
            value={draft.subject}
            maxLength={REPLY_SUBJECT_MAX}
            onChange={(event) => setDraft({ ...draft, subject: event.target.value })}
          />
        </Field>
        <Field
          label="Votre réponse"
          error={errors.body}
          required
          description={`${REPLY_BODY_MAX.toLocaleString("fr-FR")} caractères au plus.`}
        >
          <Textarea
            ref={bodyRef}
            name="body"
            rows={8}
            value={draft.body}
            onChange={(event) => setDraft({ ...draft, body: event.target.value })}
          />
        </Field>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" busy={fetcher.state !== "idle"}>
            <Send aria-hidden="true" className="size-4" />
            Envoyer la réponse
          </Button>
          <Button type="button" variant="secondary" onClick={cancel}>
            Annuler
          </Button>
        </div>
      </fetcher.Form>
      {leaveDialog}
    </section>
  );
}
