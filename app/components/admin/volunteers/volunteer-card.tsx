import { elide } from "~/core/french";
import { useFetcher } from "react-router";
import { useActionToast } from "~/components/admin/forms/use-action-toast";
import { Badge, type BadgeTone } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { useConfirmAction } from "~/components/ui/confirm-dialog";
import { formatFrenchDate, formatFrenchDateTime } from "~/core/date-format";
import type { VolunteerListItem } from "~/domains/volunteers/volunteer.server";
import { ROLE_LABELS } from "~/domains/volunteers/capabilities";
import type { Toast } from "~/utils/toast";
import { RoleCheckboxes } from "./role-checkboxes";

/*
 * One volunteer of the Bénévoles screen: who, their roles and state, when they last
 * signed in; their roles changed in place, the invitation sent again, the account
 * deactivated (after a confirmation) or reactivated.
 */

type Result = { toast?: Toast; errors?: { roles?: string } };

/**
 * "Actif", "Invitation envoyée" (its dates in `detail`), "Invitation expirée", "Désactivé
 * le …": a short badge, the longer words under it.
 */
export function volunteerStatus(volunteer: VolunteerListItem): {
  label: string;
  tone: BadgeTone;
  detail?: string;
} {
  switch (volunteer.status) {
    case "active":
      return { label: "Actif", tone: "success" };
    case "invited":
      return {
        label: "Invitation envoyée",
        tone: "gold",
        detail: `Invitation envoyée le ${formatFrenchDate(volunteer.invitedAt ?? "")}, expire le ${formatFrenchDateTime(volunteer.invitationExpiresAt ?? "")}.`,
      };
    case "invitation-expired":
      return { label: "Invitation expirée", tone: "warning" };
    case "deactivated":
      return {
        label: `Désactivé le ${formatFrenchDate(volunteer.deactivatedAt ?? "")}`,
        tone: "neutral",
      };
  }
}

function RolesForm({ volunteer }: { volunteer: VolunteerListItem }) {
  const fetcher = useFetcher<Result>();
  useActionToast(fetcher.data);
  return (
    <fetcher.Form method="post" className="flex flex-col gap-3">
      <input type="hidden" name="intent" value="roles" />
      <input type="hidden" name="id" value={volunteer.id} />
      <RoleCheckboxes
        legend={`Rôles ${elide("de", volunteer.username)}`}
        idPrefix={`benevole-${volunteer.id}`}
        defaultRoles={volunteer.roles}
        error={fetcher.data?.errors?.roles}
        key={volunteer.roles.join(" ")}
      />
      <div>
        <Button type="submit" size="sm" variant="secondary" busy={fetcher.state !== "idle"}>
          Enregistrer les rôles<span className="sr-only"> {elide("de", volunteer.username)}</span>
        </Button>
      </div>
    </fetcher.Form>
  );
}

function AccountButtons({ volunteer }: { volunteer: VolunteerListItem }) {
  const fetcher = useFetcher<Result>();
  useActionToast(fetcher.data);
  const confirm = useConfirmAction();
  const busy = (intent: string) =>
    fetcher.state !== "idle" && fetcher.formData?.get("intent") === intent;
  const submit = (intent: string) =>
    fetcher.submit({ intent, id: String(volunteer.id) }, { method: "post" });

  async function deactivate() {
    const confirmed = await confirm({
      title: `Désactiver le compte ${elide("de", volunteer.username)} ?`,
      description:
        "Ses sessions se ferment aussitôt et il ne peut plus se connecter. Son compte et son historique dans le journal sont gardés ; vous pourrez le réactiver.",
      confirmLabel: "Désactiver",
    });
    if (confirmed) await submit("deactivate");
  }

  const invited = volunteer.status === "invited" || volunteer.status === "invitation-expired";
  return (
    <div className="flex flex-wrap gap-2">
      {invited && (
        <Button
          size="sm"
          variant="secondary"
          busy={busy("resend")}
          onClick={() => void submit("resend")}
        >
          Renvoyer l'invitation<span className="sr-only"> à {volunteer.username}</span>
        </Button>
      )}
      {volunteer.status === "deactivated" ? (
        <Button
          size="sm"
          variant="secondary"
          busy={busy("reactivate")}
          onClick={() => void submit("reactivate")}
        >
          Réactiver<span className="sr-only"> {volunteer.username}</span>
        </Button>
      ) : (
        <Button size="sm" variant="danger" busy={busy("deactivate")} onClick={deactivate}>
          Désactiver<span className="sr-only"> {volunteer.username}</span>
        </Button>
      )}
    </div>
  );
}

export function VolunteerCard({
  volunteer,
  isMe,
}: {
  volunteer: VolunteerListItem;
  /** The admin looking at the screen. */
  isMe: boolean;
}) {
  const status = volunteerStatus(volunteer);
  const headingId = `benevole-${volunteer.id}-nom`;
  return (
    <li aria-labelledby={headingId} className="card flex flex-col gap-4 p-4 sm:p-5">
      <div className="flex flex-col gap-2">
        <h3 id={headingId} className="text-lg font-bold break-words text-ink">
          {volunteer.username}
          {isMe && <span className="ml-2 text-sm font-normal text-gray-700">(vous)</span>}
        </h3>
        <p className="text-sm break-all text-gray-700">
          {volunteer.email ?? "Pas d'adresse e-mail"}
        </p>
        <div className="flex flex-wrap gap-2">
          <Badge tone={status.tone}>{status.label}</Badge>
          {volunteer.roles.map((role) => (
            <Badge key={role} tone="teal">
              {ROLE_LABELS[role]}
            </Badge>
          ))}
        </div>
        {status.detail && <p className="text-sm text-gray-700">{status.detail}</p>}
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm text-gray-700">
          <dt className="font-semibold">Double authentification</dt>
          <dd>{volunteer.twoFactor ? "Activée" : "Non activée"}</dd>
          <dt className="font-semibold">Dernière connexion</dt>
          <dd>
            {volunteer.lastSignInAt ? formatFrenchDateTime(volunteer.lastSignInAt) : "Jamais"}
          </dd>
          <dt className="font-semibold">Créé le</dt>
          <dd>{formatFrenchDate(volunteer.createdAt)}</dd>
        </dl>
      </div>
      <details className="rounded-md border border-gray-200 px-3 py-2">
        <summary className="cursor-pointer text-sm font-semibold text-teal-dark">
          Modifier les rôles<span className="sr-only"> {elide("de", volunteer.username)}</span>
        </summary>
        <div className="pt-3">
          <RolesForm volunteer={volunteer} />
        </div>
      </details>
      <AccountButtons volunteer={volunteer} />
    </li>
  );
}
