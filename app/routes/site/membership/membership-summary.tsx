import { redirect } from "react-router";
import { FormAlert } from "~/components/site/form-controls";
import {
  LINK,
  MembershipShell,
  NOTE,
  StepActions,
} from "~/components/site/membership/membership-shell";
import { SummaryTable } from "~/components/site/membership/summary-table";
import type { Route } from "./+types/membership-summary";
import { filePath } from "./membership-paths";
import { MEMBERSHIP_PAGE_HEADERS, requireDraft } from "./membership.server";
import { fileMeta } from "./membership-meta";
import { draftSummary } from "./membership-summary.server";

/* /adhesion/dossier/:token/recapitulatif, step e: each member, the reductions, the total. */

export const headers = () => MEMBERSHIP_PAGE_HEADERS;
export const meta = fileMeta("Récapitulatif");

export async function loader({ params }: Route.LoaderArgs) {
  const ctx = await requireDraft(params.token);
  return { token: ctx.token, season: ctx.season.label, ...(await draftSummary(ctx)) };
}

export async function action({ params }: Route.ActionArgs) {
  const ctx = await requireDraft(params.token);
  const { problems } = await draftSummary(ctx);
  if (problems.length > 0)
    return { error: "Le dossier n'est pas complet : voyez ce qui manque ci-dessus." };
  throw redirect(filePath(ctx.token, "paiement"));
}

export default function MembershipSummary({ loaderData, actionData }: Route.ComponentProps) {
  const { token, season, lines, dueCents, problems } = loaderData;
  return (
    <MembershipShell current="recapitulatif" token={token} season={season} title="Récapitulatif">
      <div className="grid gap-6">
        {actionData?.error ? <FormAlert message={actionData.error} /> : null}
        {problems.length > 0 ? (
          <div className="rounded-2xl bg-gold/25 p-5 ring-1 ring-gold-dark/40">
            <p className="font-semibold">Encore à compléter avant l'envoi :</p>
            <ul className="mt-2 list-disc pl-6">
              {problems.map((problem) => (
                <li key={`${problem.step}-${problem.message}`}>
                  <a href={filePath(token, problem.step)} className={LINK}>
                    {problem.message}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        {lines.length > 0 ? <SummaryTable lines={lines} dueCents={dueCents} /> : null}
        <p className={NOTE}>
          Le total est calculé par le club d'après ses tarifs : réduction à partir du 2e membre du
          foyer, Pass'Sport déduit une fois le code vérifié par le trésorier.
        </p>
        <form method="post" action={filePath(token, "recapitulatif")}>
          <StepActions
            back={{ href: filePath(token, "autorisations"), label: "Retour : autorisations" }}
            label="Continuer : paiement"
          />
        </form>
      </div>
    </MembershipShell>
  );
}
