import { data } from "react-router";
import { CONSENTS, type ConsentKind, type DraftMember } from "~/domains/membership/membership";
import { consentsFor, isDraftMinor, memberName } from "~/domains/membership/membership-draft-check";
import { passSportProblem } from "~/domains/membership/membership-form";
import { formatEuros } from "~/core/money";
import { ChoiceBox } from "~/components/site/choice-box";
import { FIELD_INPUT, FieldError } from "~/components/site/form-controls";
import { NOTE, StepFieldset } from "~/components/site/membership/membership-shell";
import { StepForm } from "~/components/site/membership/step-form";
import { readForm } from "~/core/form";
import type { Route } from "./+types/membership-consents";
import { filePath } from "./membership-paths";
import { MEMBERSHIP_PAGE_HEADERS, requireDraft, saveAndGo } from "./membership.server";
import { fileMeta } from "./membership-meta";
import { tariffViews } from "./membership-member.server";

/*
 * /adhesion/dossier/:token/autorisations, step d, per member: the consents (the required
 * ones must be ticked; the minors' ones only for a minor; the right to the image a
 * separate opt-in, never pre-ticked), the house rules shown before their box, the tariff's
 * medical rule with « Je remettrai le certificat au club » (never an upload), and the
 * Pass'Sport code, checked later by the treasurer.
 */

export const headers = () => MEMBERSHIP_PAGE_HEADERS;
export const meta = fileMeta("Autorisations et santé");

type Values = Record<string, string>;

function valuesOf(members: readonly DraftMember[]): Values {
  const values: Values = {};
  for (const member of members) {
    for (const kind of Object.keys(CONSENTS) as ConsentKind[]) {
      values[`${member.key}.${kind}`] = member.consents[kind] ? "on" : "";
    }
    values[`${member.key}.medical`] = member.medicalPromise ? "on" : "";
    values[`${member.key}.pass_sport`] = member.passSportCode;
  }
  return values;
}

export async function loader({ params }: Route.LoaderArgs) {
  const ctx = await requireDraft(params.token);
  const views = await tariffViews(ctx.tariffs);
  return {
    token: ctx.token,
    season: ctx.season.label,
    houseRules: ctx.season.house_rules,
    passSport: formatEuros(ctx.season.pass_sport_cents),
    values: valuesOf(ctx.draft.members),
    members: ctx.draft.members.map((member) => ({
      key: member.key,
      name: memberName(member),
      kinds: consentsFor(isDraftMinor(member, ctx.check)),
      medicalText: views.find((t) => t.id === member.tariffId)?.medicalText ?? "",
    })),
  };
}

export async function action({ params, request }: Route.ActionArgs) {
  const ctx = await requireDraft(params.token);
  const form = await readForm(request);
  const values: Values = {};
  const errors: Record<string, string> = {};
  const members = ctx.draft.members.map((member): DraftMember => {
    const read = (name: string) => {
      const value = form.get(`${member.key}.${name}`);
      const text = typeof value === "string" ? value.slice(0, 200) : "";
      values[`${member.key}.${name}`] = text;
      return text;
    };
    const kinds = consentsFor(isDraftMinor(member, ctx.check));
    const consents: DraftMember["consents"] = {};
    for (const kind of kinds) {
      consents[kind] = read(kind) === "on";
      if (CONSENTS[kind].required && !consents[kind]) {
        errors[`${member.key}.${kind}`] = "Cette autorisation est nécessaire pour l'inscription.";
      }
    }
    const medicalPromise = read("medical") === "on";
    if (!medicalPromise) {
      errors[`${member.key}.medical`] =
        "Cochez cette case : le document médical est à remettre au club.";
    }
    const code = read("pass_sport").trim();
    const problem = passSportProblem(code);
    if (problem) errors[`${member.key}.pass_sport`] = problem;
    return {
      ...member,
      consents,
      medicalPromise,
      passSportCode: problem ? "" : code.toUpperCase(),
    };
  });
  if (Object.keys(errors).length > 0) return data({ values, errors }, { status: 400 });
  return saveAndGo(ctx, { ...ctx.draft, members }, filePath(ctx.token, "recapitulatif"));
}

function Check({
  id,
  name,
  checked,
  error,
  autoFocus,
  children,
}: {
  id: string;
  name: string;
  checked: boolean;
  error?: string;
  autoFocus?: boolean;
  children: React.ReactNode;
}) {
  return (
    <div>
      <ChoiceBox
        id={id}
        name={name}
        type="checkbox"
        checked={checked}
        invalid={
          error ? { "aria-invalid": true, "aria-describedby": `${id}-error`, autoFocus } : {}
        }
      >
        {children}
      </ChoiceBox>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

export default function MembershipConsents({ loaderData, actionData }: Route.ComponentProps) {
  const { token, season, houseRules, passSport, members } = loaderData;
  const values: Values = actionData?.values ?? loaderData.values;
  const errors: Record<string, string> = actionData?.errors ?? {};
  const first = Object.keys(errors)[0];
  const id = (name: string) => `consent-${name.replace(".", "-")}`;
  return (
    <StepForm
      current="autorisations"
      token={token}
      season={season}
      title="Autorisations et santé"
      action={filePath(token, "autorisations")}
      alert={first ? "Rien n'est enregistré : corrigez ce qui est signalé ci-dessous." : null}
      back={{ href: filePath(token, "responsables"), label: "Retour : responsables" }}
      submit="Continuer : récapitulatif"
    >
      {members.length === 0 ? <p>Ajoutez d'abord un membre.</p> : null}
      {members.map((member) => {
        const name = (field: string) => `${member.key}.${field}`;
        return (
          <StepFieldset key={member.key} legend={member.name}>
            <div className="grid gap-4">
              {member.kinds.map((kind) =>
                kind === "droit_image" ? null : (
                  <div key={kind} className="grid gap-3">
                    {kind === "reglement" ? (
                      <div>
                        <p className="font-semibold">Règlement intérieur du club</p>
                        <div
                          className="mt-2 max-h-48 overflow-y-auto rounded-xl bg-gray-50 p-4 text-sm whitespace-pre-line ring-1 ring-ink/10"
                          tabIndex={0}
                          role="region"
                          aria-label={`Règlement intérieur (${member.name})`}
                        >
                          {houseRules || "Le règlement intérieur est affiché à la salle."}
                        </div>
                      </div>
                    ) : null}
                    <Check
                      id={id(name(kind))}
                      name={name(kind)}
                      checked={values[name(kind)] === "on"}
                      error={errors[name(kind)]}
                      autoFocus={first === name(kind)}
                    >
                      {CONSENTS[kind].label}
                      {CONSENTS[kind].required ? null : (
                        <span className="text-gray-700"> (facultatif)</span>
                      )}
                    </Check>
                  </div>
                ),
              )}
              <div className="rounded-xl bg-gold/15 p-4 ring-1 ring-gold-dark/30">
                <p className="font-semibold">Droit à l'image (facultatif)</p>
                <Check
                  id={id(name("droit_image"))}
                  name={name("droit_image")}
                  checked={values[name("droit_image")] === "on"}
                >
                  {CONSENTS.droit_image.label}
                </Check>
              </div>
              <div className="grid gap-2">
                <p className="font-semibold">Santé</p>
                <p className={NOTE}>{member.medicalText}</p>
                <p className={NOTE}>
                  Aucun document de santé n'est demandé ni conservé en ligne : il se remet en main
                  propre au club.
                </p>
                <Check
                  id={id(name("medical"))}
                  name={name("medical")}
                  checked={values[name("medical")] === "on"}
                  error={errors[name("medical")]}
                  autoFocus={first === name("medical")}
                >
                  Je remettrai le certificat au club.
                </Check>
              </div>
              <div>
                <label htmlFor={id(name("pass_sport"))} className="font-semibold">
                  Code Pass'Sport <span className="font-normal text-gray-700">(facultatif)</span>
                </label>
                <span id={`${id(name("pass_sport"))}-hint`} className="block text-sm text-gray-700">
                  Le Pass'Sport est une aide de l'État de {passSport} sur l'adhésion : jeunes de 14
                  à 17 ans dont la famille perçoit l'allocation de rentrée scolaire, de 6 à 19 ans
                  avec l'AEEH, de 16 à 30 ans avec l'AAH, étudiants boursiers de moins de 28 ans.
                  Recopiez le code reçu du ministère ; le trésorier le vérifie.
                </span>
                <input
                  id={id(name("pass_sport"))}
                  name={name("pass_sport")}
                  type="text"
                  maxLength={20}
                  autoComplete="off"
                  defaultValue={values[name("pass_sport")] ?? ""}
                  className={FIELD_INPUT}
                  aria-describedby={[
                    errors[name("pass_sport")] ? `${id(name("pass_sport"))}-error` : "",
                    `${id(name("pass_sport"))}-hint`,
                  ]
                    .filter(Boolean)
                    .join(" ")}
                  {...(errors[name("pass_sport")]
                    ? { "aria-invalid": true, autoFocus: first === name("pass_sport") }
                    : {})}
                />
                <FieldError
                  id={`${id(name("pass_sport"))}-error`}
                  message={errors[name("pass_sport")]}
                />
              </div>
            </div>
          </StepFieldset>
        );
      })}
    </StepForm>
  );
}
