import { Archive, Inbox, Mail, ShieldCheck, Trash2 } from "lucide-react";
import { useEffect } from "react";
import { useFetcher } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button, buttonClasses } from "~/components/ui/button";
import { useConfirmAction } from "~/components/ui/confirm-dialog";
import type { MessageSummary } from "~/models/contact-message.server";
import { useRowFetcher } from "~/components/admin/forms/use-action-toast";

/** "Re: subject" for the reply's mailto: link. */
export function replyHref(message: Pick<MessageSummary, "email" | "subject">): string {
  return `mailto:${message.email}?subject=${encodeURIComponent(`Re: ${message.subject}`)}`;
}

export const DATE_FORMAT = new Intl.DateTimeFormat("fr-FR", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "Europe/Paris",
});

/** The key of the message buttons' fetcher (a moved or deleted message leaves the folder). */
export const MESSAGE_ACTIONS = "message-actions";

/** One message, opened: marked read on display; archive, reply, delete, not spam. */
export function MessageDetail({ message }: { message: MessageSummary }) {
  const reader = useFetcher();
  const { fetcher: actions } = useRowFetcher(MESSAGE_ACTIONS, message.id);
  const confirm = useConfirmAction();

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
      description: `Le message de ${message.name} sera effacé définitivement.`,
    });
    if (confirmed) await act("delete");
  }

  return (
    <article
      aria-labelledby="message-title"
      className="rounded-lg border border-gray-200 bg-white p-5"
    >
      <h2 id="message-title" className="text-xl font-bold text-ink">
        {message.subject}
      </h2>
      <p className="mt-1 text-gray-700">
        {message.name} &lt;{message.email}&gt;
        {message.phone ? ` · ${message.phone}` : ""} ·{" "}
        {DATE_FORMAT.format(new Date(message.createdAt))}
      </p>
      {message.folder === "spam" ? (
        <p className="mt-2">
          <Badge tone="warning">Spam : {message.spamReason}</Badge>
        </p>
      ) : null}
      <p className="mt-4 whitespace-pre-line break-words">{message.message}</p>
      <div className="mt-6 flex flex-wrap gap-2">
        {message.folder !== "spam" ? (
          <a href={replyHref(message)} className={buttonClasses({ variant: "primary" })}>
            <Mail aria-hidden="true" className="size-4" />
            Répondre
          </a>
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
    </article>
  );
}
