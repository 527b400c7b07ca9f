import { Badge, type BadgeTone } from "~/components/ui/badge";
import type { MailState } from "~/mail/outbox.server";

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

export const DATE_FORMAT = new Intl.DateTimeFormat("fr-FR", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "Europe/Paris",
});

/** "23 nov. 2026, 11:00" (Paris time) */
export function formatDate(iso: string): string {
  return DATE_FORMAT.format(new Date(iso));
}
