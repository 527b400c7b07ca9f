import { HouseholdForm, householdValues } from "~/components/site/membership/household-form";
import { MembershipShell } from "~/components/site/membership/membership-shell";
import { data } from "react-router";
import { formText, readForm } from "~/core/form";
import { mailDraftLinkTo } from "~/domains/membership/file-draft.server";
import { HOUSEHOLD_FIELDS } from "~/domains/membership/membership-form";
import type { Route } from "./+types/membership-household";
import {
  readHousehold,
  TOO_MANY_DRAFT_LINKS,
  tooManyDraftLinks,
} from "./membership-household.server";
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
  const form = await readForm(request);
  const read = readHousehold(form);
  if (!read.ok) return read.answer;
  const { email } = read.household;
  const corrected = email !== ctx.draft.household.email;
  if (corrected && (await tooManyDraftLinks(email))) {
    return data(
      { values: formText(form, HOUSEHOLD_FIELDS), errors: { form: TOO_MANY_DRAFT_LINKS } },
      { status: 429 },
    );
  }
  const answer = await saveAndGo(
    ctx,
    { ...ctx.draft, household: read.household },
    filePath(ctx.token, "membres"),
  );
  // The link went to the address first typed: the corrected one gets its own.
  if (corrected) await mailDraftLinkTo(ctx.file.id, email);
  return answer;
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
