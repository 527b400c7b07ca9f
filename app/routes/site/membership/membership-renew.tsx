import { data, redirect } from "react-router";
import { parisToday } from "~/core/club-time";
import { FormAlert } from "~/components/site/form-controls";
import {
  BOX,
  LINK,
  MembershipShell,
  NOTE,
  StepActions,
} from "~/components/site/membership/membership-shell";
import { startRenewal } from "~/domains/membership/renewal.server";
import { onlineSeason } from "~/domains/membership/season.server";
import { findMembershipToken } from "~/domains/membership/tokens.server";
import type { Route } from "./+types/membership-renew";
import { filePath } from "./membership-paths";
import { MEMBERSHIP_PAGE_HEADERS } from "./membership.server";
import { fileMeta } from "./membership-meta";

/*
 * /adhesion/renouveler/:token: the renewal mail's link. The page only asks (a mail
 * scanner's visit uses nothing); « Renouveler » uses the link once and opens the new draft,
 * prefilled from last season. A used or expired link says so in French.
 */

export const headers = () => MEMBERSHIP_PAGE_HEADERS;
export const meta = fileMeta("Renouveler l'adhésion");

const REFUSALS = {
  used: "Ce lien de renouvellement a déjà servi ou a expiré : il ne s'utilise qu'une fois. Si votre dossier est commencé, reprenez-le avec le lien « Reprendre votre inscription » reçu par e-mail ; sinon, inscrivez-vous depuis la page Adhésion.",
  already: "Votre famille a déjà envoyé son dossier pour cette saison.",
  nothing:
    "Nous ne retrouvons pas de dossier de la saison passée pour votre famille : inscrivez-vous depuis la page Adhésion.",
} as const;

export async function loader({ params }: Route.LoaderArgs) {
  const season = await onlineSeason(parisToday());
  if (!season) throw data("Les inscriptions ne sont pas ouvertes", { status: 404 });
  const live = await findMembershipToken({ token: params.token, purpose: "renewal" });
  return { season: season.label, token: params.token, usable: live !== null };
}

export async function action({ params }: Route.ActionArgs) {
  const season = await onlineSeason(parisToday());
  if (!season) throw data("Les inscriptions ne sont pas ouvertes", { status: 404 });
  const result = await startRenewal(params.token, season);
  if (!result.ok) return data({ error: REFUSALS[result.reason] }, { status: 409 });
  throw redirect(filePath(result.token, "membres"));
}

export default function MembershipRenew({ loaderData, actionData }: Route.ComponentProps) {
  const { season, token, usable } = loaderData;
  const error = actionData?.error ?? (usable ? null : REFUSALS.used);
  return (
    <MembershipShell season={season} title="Renouveler l'adhésion">
      <div className="grid gap-6">
        {error ? (
          <>
            <FormAlert message={error} />
            <a href="/adhesion" className={LINK}>
              Aller à la page Adhésion
            </a>
          </>
        ) : (
          <form method="post" action={`/adhesion/renouveler/${token}`} className={BOX}>
            <p className="text-lg">
              Votre dossier de la saison {season} reprend les informations de la saison passée : le
              foyer, les responsables et chaque membre, avec le tarif proposé pour la nouvelle
              saison.
            </p>
            <p className={NOTE}>
              Vérifiez chaque membre : modifiez ce qui a changé, retirez qui ne revient pas. Les
              autorisations sont demandées à nouveau. Ce lien ne sert qu'une fois ; un lien pour
              reprendre le dossier vous est envoyé par e-mail.
            </p>
            <StepActions label="Renouveler" />
          </form>
        )}
      </div>
    </MembershipShell>
  );
}
