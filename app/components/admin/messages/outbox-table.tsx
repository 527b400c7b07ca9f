import { useFetcher } from "react-router";
import { Badge, type BadgeTone } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import type { MailState, OutboxEntry } from "~/mail/outbox.server";
import { DATE_FORMAT } from "./message-detail";
import { useActionToast } from "~/components/admin/forms/use-action-toast";

const STATES: Record<MailState, { label: string; tone: BadgeTone }> = {
  queued: { label: "En attente", tone: "warning" },
  sending: { label: "Envoi en cours", tone: "teal" },
  sent: { label: "Envoyé", tone: "success" },
  failed: { label: "Échec", tone: "danger" },
};

function RetryButton({ id }: { id: number }) {
  const fetcher = useFetcher<{ toast?: { type: "success" | "error"; message: string } }>();
  useActionToast(fetcher.data);
  return (
    <Button
      size="sm"
      variant="secondary"
      busy={fetcher.state !== "idle"}
      onClick={() => fetcher.submit({ intent: "retry-mail", id: String(id) }, { method: "post" })}
    >
      Réessayer
    </Button>
  );
}

/** "E-mails envoyés": the outbox, newest first, each mail with its state. */
export function OutboxTable({ entries }: { entries: OutboxEntry[] }) {
  if (entries.length === 0) {
    return (
      <p className="rounded-lg bg-gray-50 p-6 text-center text-gray-700">Aucun e-mail envoyé.</p>
    );
  }
  return (
    <ul
      aria-label="E-mails envoyés"
      className="divide-y divide-gray-200 rounded-lg border border-gray-200 bg-white"
    >
      {entries.map((mail) => (
        <li
          key={mail.id}
          className="flex flex-col gap-1 px-4 py-3 sm:flex-row sm:items-center sm:gap-4"
        >
          <div className="min-w-0 flex-1">
            <p className="truncate font-semibold">{mail.subject}</p>
            <p className="truncate text-sm text-gray-700">
              À {mail.to} · {DATE_FORMAT.format(new Date(mail.createdAt))}
              {mail.emlFile ? ` · fichier outbox/${mail.emlFile}` : ""}
            </p>
            {mail.lastError && mail.state !== "sent" ? (
              <p className="text-sm text-red-800">
                {mail.state === "failed" ? "Raison" : "Dernière erreur"} : {mail.lastError}
                {mail.state === "queued"
                  ? ` · nouvel essai ${DATE_FORMAT.format(new Date(mail.nextAttemptAt))}`
                  : ""}
              </p>
            ) : null}
          </div>
          <div className="flex items-center gap-2">
            <Badge tone={STATES[mail.state].tone}>{STATES[mail.state].label}</Badge>
            <span className="text-xs text-gray-700">
              {mail.attempts} essai{mail.attempts > 1 ? "s" : ""}
            </span>
            {mail.state === "failed" ? <RetryButton id={mail.id} /> : null}
          </div>
        </li>
      ))}
    </ul>
  );
}
