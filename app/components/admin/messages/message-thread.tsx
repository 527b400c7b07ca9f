import { Link } from "react-router";
import type { MessageReply } from "~/domains/messages/contact-message-reply.server";
import { formatMediumDateTime } from "~/core/date-format";
import { MailStateBadge } from "./mail-state";

/** The replies sent to a message, oldest first, each with its mail's delivery. */
export function MessageThread({ replies }: { replies: MessageReply[] }) {
  if (replies.length === 0) return null;
  return (
    <section aria-labelledby="thread-title" className="mt-6">
      <h3 id="thread-title" className="text-lg font-bold text-ink">
        {replies.length > 1 ? `${replies.length} réponses envoyées` : "Réponse envoyée"}
      </h3>
      <ol className="mt-3 flex flex-col gap-3">
        {replies.map((reply) => (
          <li key={reply.id} className="rounded-lg border-l-4 border-teal-dark bg-gray-50 p-4">
            <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-gray-700">
              <span>
                {reply.author ? `${reply.author}, le ` : "Le "}
                {formatMediumDateTime(reply.createdAt)}
              </span>
              {reply.mail ? (
                <>
                  <MailStateBadge state={reply.mail.state} />
                  <Link
                    to={`?dossier=envoyes&mail=${reply.mail.id}`}
                    className="font-semibold text-teal-dark underline underline-offset-4"
                  >
                    Voir l'e-mail
                  </Link>
                </>
              ) : null}
            </p>
            {reply.mail?.lastError && reply.mail.state !== "sent" ? (
              <p className="mt-1 text-sm text-red-800">
                {reply.mail.state === "failed" ? "Raison" : "Dernière erreur"} :{" "}
                {reply.mail.lastError}
              </p>
            ) : null}
            <p className="mt-2 text-sm font-semibold text-ink">{reply.subject}</p>
            <p className="mt-1 whitespace-pre-line break-words">{reply.body}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
