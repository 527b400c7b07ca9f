import { elide } from "~/core/french";
import { Archive, Inbox, Mail, Reply, ShieldCheck, Trash2 } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button, buttonClasses } from "~/components/ui/button";
import { useConfirmAction } from "~/components/ui/confirm-dialog";
import { replySubject } from "~/domains/messages/message-reply-schema";
import type { MessageReply } from "~/domains/messages/contact-message-reply.server";
import type { MessageSummary } from "~/domains/messages/contact-message.server";
import { useRowFetcher } from "~/components/admin/forms/use-action-toast";
import { formatMediumDateTime } from "~/core/date-format";
import { RepliedOn } from "./mail-state";
import { hasReplyDraft, MessageReplyForm, replyFormId } from "./message-reply-form";
import { MessageThread } from "./message-thread";
import { OpenedMail } from "./opened-mail";

/** "Re: subject" for the reply's mailto: link (the admin's own mail program). */
export function replyHref(message: Pick<MessageSummary, "email" | "subject">): string {
  return `mailto:${message.email}?subject=${encodeURIComponent(replySubject(message.subject))}`;
}

/** The key of the message buttons' fetcher (a moved or deleted message leaves the folder). */
export const MESSAGE_ACTIONS = "message-actions";

/** One message, opened: marked read on display; its replies; reply, archive, delete, not spam. */
export function MessageDetail({
  message,
  replies,
  clubEmail,
}: {
  message: MessageSummary;
  replies: MessageReply[];
  clubEmail: string;
}) {
  const reader = useFetcher();
  const { fetcher: actions } = useRowFetcher(MESSAGE_ACTIONS, message.id);
  const confirm = useConfirmAction();
  const [replying, setReplying] = useState(() => hasReplyDraft(message.id));
  const replyButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!message.read) {
      void reader.submit({ intent: "read", id: String(message.id) }, { method: "post" });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per opened message
  }, [message.id]);

  const act = (intent: string) =>
    actions.submit({ intent, id: String(message.id) }, { method: "post" });

  async function remove() {
    const confirmed = await confirm({
      title: "Supprimer ce message ?",
      description: `Le message ${elide("de", message.name)} sera effacé définitivement.`,
    });
    if (confirmed) await act("delete");
  }

  function openReply() {
    if (replying) {
      document.querySelector<HTMLElement>(`#${replyFormId(message.id)} textarea`)?.focus();
    } else {
      setReplying(true);
    }
  }

  function closeReply() {
    setReplying(false);
    requestAnimationFrame(() => replyButton.current?.focus());
  }

  return (
    <OpenedMail titleId="message-title" subject={message.subject}>
      <p className="mt-1 break-words text-gray-700">
        {message.name} &lt;{message.email}&gt;
        {message.phone ? ` · ${message.phone}` : ""} · {formatMediumDateTime(message.createdAt)}
      </p>
      {message.repliedAt ? <RepliedOn at={message.repliedAt} /> : null}
      {message.folder === "spam" ? (
        <p className="mt-2">
          <Badge tone="warning">Spam : {message.spamReason}</Badge>
        </p>
      ) : null}
      <div className="mt-4 flex flex-wrap gap-2">
        {message.folder !== "spam" ? (
          <>
            <Button
              ref={replyButton}
              type="button"
              aria-expanded={replying}
              aria-controls={replying ? replyFormId(message.id) : undefined}
              onClick={openReply}
            >
              <Reply aria-hidden="true" className="size-4" />
              Répondre
            </Button>
            <a href={replyHref(message)} className={buttonClasses({ variant: "secondary" })}>
              <Mail aria-hidden="true" className="size-4" />
              Répondre avec ma messagerie
            </a>
          </>
        ) : (
          <Button type="button" onClick={() => act("not-spam")}>
            <ShieldCheck aria-hidden="true" className="size-4" />
            Ce n'est pas un spam
          </Button>
        )}
        {message.folder === "inbox" ? (
          <Button type="button" variant="secondary" onClick={() => act("archive")}>
            <Archive aria-hidden="true" className="size-4" />
            Archiver
          </Button>
        ) : null}
        {message.folder === "archive" ? (
          <Button type="button" variant="secondary" onClick={() => act("inbox")}>
            <Inbox aria-hidden="true" className="size-4" />
            Remettre dans la boîte de réception
          </Button>
        ) : null}
        <Button type="button" variant="danger" onClick={remove}>
          <Trash2 aria-hidden="true" className="size-4" />
          Supprimer
        </Button>
      </div>
      <p className="mt-4 border-t border-gray-200 pt-4 whitespace-pre-line break-words">
        {message.message}
      </p>
      <MessageThread replies={replies} />
      {replying ? (
        <MessageReplyForm message={message} clubEmail={clubEmail} onClose={closeReply} />
      ) : null}
    </OpenedMail>
  );
}
