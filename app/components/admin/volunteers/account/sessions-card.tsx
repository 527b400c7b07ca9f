import { Form } from "react-router";
import { Badge } from "~/components/ui/badge";
import { SpreadRow } from "~/components/admin/list/spread-row";
import { Button } from "~/components/ui/button";
import { SettingsCard } from "~/components/admin/content/settings/settings-sections";
import { formatMediumDateTime } from "~/core/date-format";
import { useSending } from "./account-forms";

export interface SessionItem {
  key: string;
  device: string;
  ip: string;
  lastUsedAt: string;
  current: boolean;
  /** Still awaiting its second factor. */
  pending: boolean;
}

/** The user's open sessions: any other one can be ended (a lost phone, a shared computer). */
export function SessionsCard({ sessions }: { sessions: SessionItem[] }) {
  const others = sessions.filter((session) => !session.current);
  const endingAll = useSending("sessions-end-others");
  return (
    <SettingsCard
      title="Sessions actives"
      description="Les appareils où votre compte est connecté. Terminez celles que vous ne reconnaissez pas, puis changez votre mot de passe."
    >
      <ul className="flex flex-col divide-y divide-gray-200" aria-label="Sessions">
        {sessions.map((session) => (
          <SpreadRow key={session.key} className="gap-2 py-3">
            <div className="min-w-0">
              <p className="flex flex-wrap items-center gap-2 font-semibold text-ink">
                {session.device}
                {session.current && <Badge tone="teal">Cette session</Badge>}
                {session.pending && <Badge tone="warning">Code non saisi</Badge>}
              </p>
              <p className="text-sm text-gray-700">
                Adresse {session.ip || "inconnue"} · dernière activité le{" "}
                {formatMediumDateTime(session.lastUsedAt)}
              </p>
            </div>
            {!session.current && (
              <Form method="post">
                <input type="hidden" name="intent" value="session-end" />
                <input type="hidden" name="key" value={session.key} />
                <Button
                  type="submit"
                  variant="secondary"
                  size="sm"
                  aria-label={`Terminer la session ${session.device}, adresse ${session.ip || "inconnue"}`}
                >
                  Terminer
                </Button>
              </Form>
            )}
          </SpreadRow>
        ))}
      </ul>
      {others.length > 1 && (
        <Form method="post">
          <input type="hidden" name="intent" value="sessions-end-others" />
          <Button type="submit" variant="danger" busy={endingAll}>
            Terminer toutes les autres
          </Button>
        </Form>
      )}
    </SettingsCard>
  );
}
