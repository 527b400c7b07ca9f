import { data } from "react-router";
import { PRACTICES, SEXES } from "~/domains/membership/membership";
import { MEMBER_FIELDS } from "~/domains/membership/membership-form";
import { FieldError, FIELD_INPUT, fieldProps, SelectField } from "~/components/site/form-controls";
import { RadioChoice } from "~/components/site/choice-box";
import { NameFields } from "~/components/site/person-fields";
import {
  BOX,
  MembershipShell,
  NOTE,
  StepActions,
  StepFieldset,
} from "~/components/site/membership/membership-shell";
import { NOTHING_SAVED, StepForm } from "~/components/site/membership/step-form";
import { TariffFacts, type TariffView } from "~/components/site/membership/tariff-view";
import { readForm } from "~/core/form";
import type { Route } from "./+types/membership-member";
import { filePath } from "./membership-paths";
import {
  MEMBERSHIP_PAGE_HEADERS,
  requireDraft,
  saveAndGo,
  type DraftContext,
} from "./membership.server";
import { fileMeta } from "./membership-meta";
import {
  fittingIds,
  MAX_MEMBERS,
  memberValues,
  readMember,
  tariffViews,
  type MemberValues,
} from "./membership-member.server";

/*
 * /adhesion/dossier/:token/membres/:key (key "nouveau" adds one): a member's identity, the
 * practice and the tariff proposed for them; with ?retirer=1, the confirmation of removing
 * them from the file.
 */

export const headers = () => MEMBERSHIP_PAGE_HEADERS;
export const meta = fileMeta("Un membre");

function memberOf(ctx: DraftContext, key: string | undefined) {
  if (key === "nouveau") {
    if (ctx.draft.members.length >= MAX_MEMBERS) {
      throw data(`Un dossier compte au plus ${MAX_MEMBERS} membres.`, { status: 400 });
    }
    return null;
  }
  const member = ctx.draft.members.find((one) => one.key === key);
  if (!member) throw data("Membre introuvable", { status: 404 });
  return member;
}

export async function loader({ params, request }: Route.LoaderArgs) {
  const ctx = await requireDraft(params.token);
  const member = memberOf(ctx, params.key);
  const values = memberValues(member ?? undefined);
  const practices = [...new Set(ctx.tariffs.map((t) => t.practice))];
  return {
    token: ctx.token,
    season: ctx.season.label,
    key: params.key!,
    values,
    removing: member !== null && new URL(request.url).searchParams.get("retirer") === "1",
    practices: practices.map((p) => ({
      value: p,
      label: PRACTICES[p as keyof typeof PRACTICES] ?? p,
    })),
    tariffs: await tariffViews(ctx.tariffs),
    fitting: fittingIds(values, ctx.tariffs),
  };
}

export async function action({ params, request }: Route.ActionArgs) {
  const ctx = await requireDraft(params.token);
  const existing = memberOf(ctx, params.key);
  const read = readMember(await readForm(request), ctx, existing);
  if (!read.ok) {
    return read.answer;
  }
  const members = existing
    ? ctx.draft.members.map((one) => (one.key === existing.key ? read.member : one))
    : [...ctx.draft.members, read.member];
  return saveAndGo(ctx, { ...ctx.draft, members }, filePath(ctx.token, "membres"));
}

function TariffChoice({
  tariffs,
  fitting,
  chosen,
  error,
}: {
  tariffs: TariffView[];
  fitting: number[];
  chosen: string;
  error?: string;
}) {
  const offered = tariffs.filter((tariff) => fitting.includes(tariff.id));
  return (
    <StepFieldset legend="Le tarif" describedBy={error ? "tariff-error" : undefined}>
      {offered.length === 0 ? (
        <p className={NOTE}>
          Le tarif est proposé d'après l'année de naissance et la pratique, une fois ce formulaire
          enregistré.
        </p>
      ) : (
        <div className="grid gap-3">
          {offered.map((tariff, index) => (
            <RadioChoice
              key={tariff.id}
              name="tariff"
              value={tariff.id}
              checked={chosen === String(tariff.id) || offered.length === 1}
              bold
              invalid={index === 0 && error ? { "aria-invalid": true, autoFocus: true } : {}}
            >
              {tariff.label}
              <TariffFacts tariff={tariff} />
            </RadioChoice>
          ))}
        </div>
      )}
      <FieldError id="tariff-error" message={error} />
      <details className="text-sm">
        <summary className="cursor-pointer font-semibold text-teal-dark">
          Tous les tarifs de la saison
        </summary>
        <ul className="mt-3 grid gap-3">
          {tariffs.map((tariff) => (
            <li key={tariff.id}>
              <span className="font-semibold">{tariff.label}</span>
              <TariffFacts tariff={tariff} />
            </li>
          ))}
        </ul>
      </details>
    </StepFieldset>
  );
}

export default function MembershipMember({ loaderData, actionData }: Route.ComponentProps) {
  const { token, season, key, practices, tariffs, removing } = loaderData;
  const values: MemberValues = actionData?.values ?? loaderData.values;
  const errors: Record<string, string> = actionData?.errors ?? {};
  const fitting = actionData?.fitting ?? loaderData.fitting;
  const field = fieldProps(values, errors, MEMBER_FIELDS);
  const action = filePath(token, `membres/${key}`);
  const name = `${values.first_name} ${values.last_name}`.trim();
  if (removing) {
    return (
      <MembershipShell current="membres" token={token} season={season} title="Retirer un membre">
        <form method="post" action={filePath(token, "membres")} className={BOX}>
          <p className="text-lg">
            Retirer <strong>{name}</strong> de ce dossier ? Ce qui a été saisi pour ce membre est
            effacé.
          </p>
          <input type="hidden" name="intent" value="remove" />
          <input type="hidden" name="key" value={key} />
          <StepActions
            back={{ href: filePath(token, "membres"), label: "Annuler" }}
            label="Retirer ce membre"
          />
        </form>
      </MembershipShell>
    );
  }
  // A tariff left to choose among several is a question, not a mistake: no alert for it.
  const mistaken = Object.keys(errors).length > 0 && !errors.tariff?.startsWith("Plusieurs");
  return (
    <StepForm
      current="membres"
      token={token}
      season={season}
      title={key === "nouveau" ? "Ajouter un membre" : name}
      action={action}
      alert={mistaken ? NOTHING_SAVED : null}
      back={{ href: filePath(token, "membres"), label: "Retour aux membres" }}
      submit="Enregistrer ce membre"
    >
      <StepFieldset legend="Le membre">
        <div className="grid gap-5 sm:grid-cols-2">
          <NameFields idPrefix="member-" first={field("first_name")} last={field("last_name")} />
          <div>
            <label htmlFor="member-birth-date" className="font-semibold">
              Date de naissance
            </label>
            <span id="member-birth-date-hint" className="block text-sm text-gray-700">
              Jour, mois, année (la licence de la fédération la demande).
            </span>
            <input
              id="member-birth-date"
              name="birth_date"
              type="date"
              required
              defaultValue={values.birth_date}
              max={new Date().toISOString().slice(0, 10)}
              className={FIELD_INPUT}
              {...field("birth_date").invalid}
              aria-describedby={[
                errors.birth_date ? "birth_date-error" : "",
                "member-birth-date-hint",
              ]
                .filter(Boolean)
                .join(" ")}
            />
            <FieldError id="birth_date-error" message={errors.birth_date} />
          </div>
          <fieldset aria-describedby={errors.sex ? "sex-error" : undefined}>
            <legend className="font-semibold">Sexe</legend>
            <div className="mt-3 flex gap-6">
              {Object.entries(SEXES).map(([value, label], index) => (
                <div key={value} className="flex items-center gap-2">
                  <input
                    id={`member-sex-${value}`}
                    name="sex"
                    type="radio"
                    value={value}
                    defaultChecked={values.sex === value}
                    className="size-5 accent-teal-dark"
                    {...(index === 0 ? field("sex").invalid : {})}
                  />
                  <label htmlFor={`member-sex-${value}`}>{label}</label>
                </div>
              ))}
            </div>
            <FieldError id="sex-error" message={errors.sex} />
          </fieldset>
          <SelectField
            id="member-practice"
            label="Pratique"
            required={false}
            className="sm:col-span-2"
            {...field("practice")}
          >
            <option value="">Choisissez…</option>
            {practices.map((practice) => (
              <option key={practice.value} value={practice.value}>
                {practice.label}
              </option>
            ))}
          </SelectField>
        </div>
      </StepFieldset>
      <TariffChoice
        tariffs={tariffs}
        fitting={fitting}
        chosen={values.tariff}
        error={errors.tariff}
      />
    </StepForm>
  );
}
