import { HouseholdForm, householdValues } from "~/components/site/membership/household-form";
import { MembershipShell } from "~/components/site/membership/membership-shell";
import { readForm } from "~/core/form";
import type { Route } from "./+types/membership-household";
import { readHousehold } from "./membership-household.server";
import { filePath } from "./membership-paths";
import { MEMBERSHIP_PAGE_HEADERS, requireDraft, saveAndGo } from "./membership.server";
import { fileMeta } from "./membership-meta";

/* /adhesion/dossier/:token/coordonnees: step a again, for a draft already started. */

export const headers = () => MEMBERSHIP_PAGE_HEADERS;
export const meta = fileMeta("Vos coordonnées");

export async function loader({ params }: Route.LoaderArgs) {
  const ctx = await requireDraft(params.token);
  return { token: ctx.token, season: ctx.season.label, values: householdValues(ctx.draft) };
}

export async function action({ request, params }: Route.ActionArgs) {
  const ctx = await requireDraft(params.token);
  const read = readHousehold(await readForm(request));
  if (!read.ok) return read.answer;
  return saveAndGo(
    ctx,
    { ...ctx.draft, household: read.household },
    filePath(ctx.token, "membres"),
  );
}

export default function MembershipHousehold({ loaderData, actionData }: Route.ComponentProps) {
  const { token, season, values } = loaderData;
  return (
    <MembershipShell current="coordonnees" token={token} season={season} title="Vos coordonnées">
      <HouseholdForm
        action={filePath(token, "coordonnees")}
        values={actionData?.values ?? values}
        errors={actionData?.errors ?? {}}
        submitLabel="Enregistrer et continuer"
      />
    </MembershipShell>
  );
}
