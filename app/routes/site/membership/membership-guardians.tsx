import { data } from "react-router";
import type { Guardian } from "~/domains/membership/membership";
import { isDraftMinor, memberName } from "~/domains/membership/membership-draft-check";
import {
  GUARDIAN_FIELDS,
  guardianSchema,
  type GuardianField,
} from "~/domains/membership/membership-form";
import { fieldProps, TextField } from "~/components/site/form-controls";
import { EmailField, NameFields, PhoneField } from "~/components/site/person-fields";
import { NOTE, StepFieldset } from "~/components/site/membership/membership-shell";
import { NOTHING_SAVED, StepForm } from "~/components/site/membership/step-form";
import { fieldErrors, formText, readForm } from "~/core/form";
import type { Route } from "./+types/membership-guardians";
import { filePath } from "./membership-paths";
import { MEMBERSHIP_PAGE_HEADERS, requireDraft, saveAndGo } from "./membership.server";
import { fileMeta } from "./membership-meta";

/*
 * /adhesion/dossier/:token/responsables, step c: for a minor, the household's legal
 * guardians (one, or two), asked once for the whole file.
 */

export const headers = () => MEMBERSHIP_PAGE_HEADERS;
export const meta = fileMeta("Les responsables légaux");

const PREFIXES = ["g1_", "g2_"] as const;
const NAMES = PREFIXES.flatMap((prefix) => GUARDIAN_FIELDS.map((field) => `${prefix}${field}`));

function guardianValues(guardians: readonly Guardian[]): Record<string, string> {
  const values: Record<string, string> = Object.fromEntries(NAMES.map((name) => [name, ""]));
  guardians.slice(0, 2).forEach((guardian, i) => {
    const prefix = PREFIXES[i]!;
    values[`${prefix}first_name`] = guardian.firstName;
    values[`${prefix}last_name`] = guardian.lastName;
    values[`${prefix}relation`] = guardian.relation;
    values[`${prefix}phone`] = guardian.phone;
    values[`${prefix}email`] = guardian.email;
  });
  return values;
}

export async function loader({ params }: Route.LoaderArgs) {
  const ctx = await requireDraft(params.token);
  const minors = ctx.draft.members.filter((member) => isDraftMinor(member, ctx.check));
  return {
    token: ctx.token,
    season: ctx.season.label,
    minors: minors.map(memberName),
    values: guardianValues(ctx.draft.guardians),
  };
}

export async function action({ params, request }: Route.ActionArgs) {
  const ctx = await requireDraft(params.token);
  const minors = ctx.draft.members.some((member) => isDraftMinor(member, ctx.check));
  if (!minors) {
    return saveAndGo(ctx, { ...ctx.draft, guardians: [] }, filePath(ctx.token, "autorisations"));
  }
  const values = formText(await readForm(request), NAMES);
  const errors: Record<string, string> = {};
  const guardians: Guardian[] = [];
  for (const [i, prefix] of PREFIXES.entries()) {
    const own = Object.fromEntries(GUARDIAN_FIELDS.map((f) => [f, values[`${prefix}${f}`] ?? ""]));
    // The second guardian is optional: all blank means none.
    if (i === 1 && Object.values(own).every((value) => value.trim() === "")) continue;
    const parsed = guardianSchema.safeParse(own);
    if (!parsed.success) {
      for (const [field, message] of Object.entries(fieldErrors(parsed.error))) {
        errors[`${prefix}${field}`] = message;
      }
      continue;
    }
    guardians.push({
      firstName: parsed.data.first_name,
      lastName: parsed.data.last_name,
      relation: parsed.data.relation,
      phone: parsed.data.phone,
      email: parsed.data.email.toLowerCase(),
    });
  }
  if (Object.keys(errors).length > 0) return data({ values, errors }, { status: 400 });
  return saveAndGo(ctx, { ...ctx.draft, guardians }, filePath(ctx.token, "autorisations"));
}

export default function MembershipGuardians({ loaderData, actionData }: Route.ComponentProps) {
  const { token, season, minors } = loaderData;
  const values = actionData?.values ?? loaderData.values;
  const errors: Record<string, string> = actionData?.errors ?? {};
  const props = fieldProps(values, errors, NAMES);
  const field = (prefix: string, name: GuardianField) => props(`${prefix}${name}`);
  return (
    <StepForm
      current="responsables"
      token={token}
      season={season}
      title="Les responsables légaux"
      action={filePath(token, "responsables")}
      alert={Object.keys(errors).length > 0 ? NOTHING_SAVED : null}
      back={{ href: filePath(token, "membres"), label: "Retour : membres" }}
      submit="Continuer : autorisations"
    >
      {minors.length === 0 ? (
        <p className="rounded-2xl bg-white p-5 ring-1 ring-ink/10">
          Aucun membre mineur dans ce dossier : rien à remplir ici.
        </p>
      ) : (
        <>
          <p className={NOTE}>
            Pour {minors.join(", ")} : le ou les responsables légaux que le club peut joindre. Ils
            sont demandés une fois pour tout le dossier.
          </p>
          {PREFIXES.map((prefix, i) => (
            <StepFieldset
              key={prefix}
              legend={i === 0 ? "Responsable légal" : "Second responsable (facultatif)"}
            >
              <div className="grid gap-5 sm:grid-cols-2">
                <NameFields
                  idPrefix={prefix}
                  optional={i === 1}
                  first={field(prefix, "first_name")}
                  last={field(prefix, "last_name")}
                />
                <TextField
                  id={`${prefix}relation`}
                  label="Lien avec l'enfant"
                  hint="Mère, père, tuteur…"
                  autoComplete="off"
                  maxLength={40}
                  optional={i === 1}
                  {...field(prefix, "relation")}
                />
                <PhoneField
                  id={`${prefix}phone`}
                  autoComplete="off"
                  optional={i === 1}
                  {...field(prefix, "phone")}
                />
                <div className="sm:col-span-2">
                  <EmailField
                    id={`${prefix}email`}
                    autoComplete="off"
                    optional={i === 1}
                    {...field(prefix, "email")}
                  />
                </div>
              </div>
            </StepFieldset>
          ))}
        </>
      )}
    </StepForm>
  );
}
