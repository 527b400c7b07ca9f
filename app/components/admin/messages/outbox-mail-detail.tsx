import { Paperclip } from "lucide-react";
import type { ReactNode } from "react";
import { useFetcher } from "react-router";
import { useActionToast } from "~/components/admin/forms/use-action-toast";
import { Button } from "~/components/ui/button";
import type { OutboxMail } from "~/domains/mail/outbox.server";
import type { Toast } from "~/utils/toast";
import { formatMediumDateTime } from "~/core/date-format";
import { MailStateBadge } from "./mail-state";
import { OpenedMail } from "./opened-mail";

/** A button that posts one intent on this mail: « Réessayer » or « Renvoyer ». */
function MailButton({ id, intent, label }: { id: number; intent: string; label: string }) {
  const fetcher = useFetcher<{ toast?: Toast }>();
  useActionToast(fetcher.data);
  return (
    <Button
      size="sm"
      variant="secondary"
      busy={fetcher.state !== "idle"}
      onClick={() => fetcher.submit({ intent, id: String(id) }, { method: "post" })}
    >
      {label}
    </Button>
  );
}

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 sm:flex-row sm:gap-3">
      <dt className="shrink-0 font-semibold text-ink sm:w-32">{term}</dt>
      <dd className="min-w-0 break-words text-gray-800">{children}</dd>
    </div>
  );
}

/**
 * One mail of the outbox, opened: to whom, when, its delivery, and its text as sent, its
 * personal links masked (app/core/personal-links.ts). The outbox holds plain text only,
 * shown as text (never as HTML); attachments by name.
 */
export function OutboxMailDetail({ mail }: { mail: OutboxMail }) {
  return (
    <OpenedMail titleId="mail-title" subject={mail.subject}>
      <dl className="mt-3 flex flex-col gap-2 text-sm">
        <Row term="Destinataire">{mail.to}</Row>
        {mail.replyTo ? <Row term="Réponses à">{mail.replyTo}</Row> : null}
        <Row term="Créé le">{formatMediumDateTime(mail.createdAt)}</Row>
        <Row term="État">
          <span className="flex flex-wrap items-center gap-2">
            <MailStateBadge state={mail.state} />
            {mail.sentAt ? `le ${formatMediumDateTime(mail.sentAt)}` : null}
            <span className="text-gray-700">
              · {mail.attempts} essai{mail.attempts > 1 ? "s" : ""}
            </span>
            {mail.state === "failed" ? (
              <MailButton id={mail.id} intent="retry-mail" label="Réessayer" />
            ) : null}
          </span>
        </Row>
        {mail.lastError && mail.state !== "sent" ? (
          <Row term={mail.state === "failed" ? "Raison" : "Dernière erreur"}>
            <span className="text-red-800">{mail.lastError}</span>
            {mail.state === "queued"
              ? ` · nouvel essai ${formatMediumDateTime(mail.nextAttemptAt)}`
              : ""}
          </Row>
        ) : null}
        {mail.emlFile ? <Row term="Fichier">outbox/{mail.emlFile}</Row> : null}
        {mail.attachments.length > 0 ? (
          <Row term="Pièces jointes">
            <ul>
              {mail.attachments.map((file) => (
                <li key={file.filename} className="flex items-center gap-1">
                  <Paperclip aria-hidden="true" className="size-3.5" />
                  {file.filename}
                </li>
              ))}
            </ul>
          </Row>
        ) : null}
        {mail.resendable ? (
          <Row term="Lien personnel">
            <span className="flex flex-wrap items-center gap-2">
              <MailButton id={mail.id} intent="resend-mail" label="Renvoyer" />
              <span className="text-gray-700">
                Le lien n'est lisible que par son destinataire. « Renvoyer » lui envoie un nouveau
                lien ; l'ancien ne fonctionnera plus.
              </span>
            </span>
          </Row>
        ) : null}
      </dl>
      <h3 className="mt-5 text-sm font-semibold text-ink">Texte de l'e-mail</h3>
      <pre className="mt-2 rounded-md bg-gray-50 p-4 font-sans text-sm whitespace-pre-wrap break-words text-ink">
        {mail.text}
      </pre>
    </OpenedMail>
  );
}
