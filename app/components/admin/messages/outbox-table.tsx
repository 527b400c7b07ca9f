import { Link, useSearchParams } from "react-router";
import { cn } from "~/components/ui/cn";
import type { OutboxEntry } from "~/domains/mail/outbox.server";
import { formatMediumDateTime } from "~/core/date-format";
import { MailStateBadge } from "./mail-state";

/** "E-mails envoyés": the outbox, newest first, each mail with its state; a row opens it (?mail=). */
export function OutboxTable({
  entries,
  selectedId,
}: {
  entries: OutboxEntry[];
  selectedId: number | null;
}) {
  const [params] = useSearchParams();
  if (entries.length === 0) {
    return (
      <p className="rounded-lg bg-gray-50 p-6 text-center text-gray-700">Aucun e-mail envoyé.</p>
    );
  }
  const hrefFor = (id: number) => {
    const next = new URLSearchParams(params);
    next.set("mail", String(id));
    return `?${next}`;
  };
  return (
    <ul
      aria-label="E-mails envoyés"
      className="divide-y divide-gray-200 rounded-lg border border-gray-200 bg-white"
    >
      {entries.map((mail) => (
        <li key={mail.id}>
          <Link
            to={hrefFor(mail.id)}
            aria-current={mail.id === selectedId ? "true" : undefined}
            className={cn(
              "flex flex-col gap-1 px-4 py-3 hover:bg-teal-light focus-visible:outline-2 focus-visible:outline-teal-dark",
              mail.id === selectedId && "bg-teal-light",
            )}
          >
            <span className="flex items-center justify-between gap-2">
              <span className="truncate font-semibold">{mail.subject}</span>
              <MailStateBadge state={mail.state} />
            </span>
            <span className="truncate text-sm text-gray-700">
              À {mail.to} · {formatMediumDateTime(mail.createdAt)}
            </span>
            {mail.lastError && mail.state !== "sent" ? (
              <span className="truncate text-sm text-red-800">
                {mail.state === "failed" ? "Raison" : "Dernière erreur"} : {mail.lastError}
              </span>
            ) : null}
          </Link>
        </li>
      ))}
    </ul>
  );
}
