import { formatMediumDateTime } from "~/core/date-format";
import { Reply } from "lucide-react";
import { Badge, type BadgeTone } from "~/components/ui/badge";
import type { MailState } from "~/domains/mail/outbox.server";

/** An outbox mail's delivery, as "E-mails envoyés" and a message's replies say it. */
const STATES: Record<MailState, { label: string; tone: BadgeTone }> = {
  queued: { label: "En attente", tone: "warning" },
  sending: { label: "Envoi en cours", tone: "teal" },
  sent: { label: "Envoyé", tone: "success" },
  failed: { label: "Échec", tone: "danger" },
};

export function MailStateBadge({ state }: { state: MailState }) {
  return <Badge tone={STATES[state].tone}>{STATES[state].label}</Badge>;
}

/** « Répondu le 23 nov. 2026, 11:00 », in a message's row (small) and in its detail. */
export function RepliedOn({ at, small = false }: { at: string; small?: boolean }) {
  const Tag = small ? "span" : "p";
  return (
    <Tag
      className={`flex items-center gap-1 font-semibold text-teal-dark ${small ? "mt-1 text-xs" : "mt-2 text-sm"}`}
    >
      <Reply aria-hidden="true" className={small ? "size-3.5" : "size-4"} />
      Répondu le {formatMediumDateTime(at)}
    </Tag>
  );
}
