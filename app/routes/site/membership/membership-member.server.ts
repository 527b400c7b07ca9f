import { data } from "react-router";
import {
  emptyDraft,
  type DraftMember,
  type Practice,
  type Sex,
} from "~/domains/membership/membership";
import {
  birthDateProblem,
  MEMBER_FIELDS,
  memberSchema,
  type MemberField,
} from "~/domains/membership/membership-form";
import { tariffsFor } from "~/domains/membership/membership-price";
import { MEDICAL_RULES, isMedicalRule } from "~/domains/membership/membership";
import type { TariffView } from "~/components/site/membership/tariff-view";
import { fullTariffIds } from "~/domains/membership/tariff-places.server";
import type { TariffRow } from "~/domains/membership/season.server";
import { fieldErrors, formText } from "~/core/form";
import type { DraftContext } from "./membership.server";
import { agree } from "~/core/french";
import { plainName } from "~/core/person-name";

/*
 * Step b's member read again on the server: identity, birth date against the season's
 * first day, practice, and the tariff proposed from the birth year and practice
 * (tariffsFor): one that fits is taken, several are offered, none is said in French. A
 * posted tariff must be one of this season's and fit the member.
 */

/** At most this many members in one file. */
export const MAX_MEMBERS = 8;

export type MemberValues = Record<MemberField, string>;

export function memberValues(member?: DraftMember): MemberValues {
  return {
    first_name: member?.firstName ?? "",
    last_name: member?.lastName ?? "",
    birth_date: member?.birthDate ?? "",
    sex: member?.sex ?? "",
    practice: member?.practice ?? "",
    tariff: member?.tariffId ? String(member.tariffId) : "",
  };
}

export async function tariffViews(tariffs: readonly TariffRow[]): Promise<TariffView[]> {
  const full = await fullTariffIds(tariffs);
  return tariffs.map((tariff) => ({
    id: tariff.id,
    label: tariff.label,
    practice: tariff.practice,
    clubCents: tariff.club_cents,
    licenceCents: tariff.licence_cents,
    includes: tariff.includes,
    full: full.has(tariff.id),
    medicalText:
      tariff.medical_text ||
      (isMedicalRule(tariff.medical_rule) ? MEDICAL_RULES[tariff.medical_rule].text : ""),
  }));
}

/** The ids of the tariffs that fit these values (birth year and practice), when readable. */
export function fittingIds(
  values: Pick<MemberValues, "birth_date" | "practice">,
  tariffs: readonly TariffRow[],
) {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(values.birth_date) || !values.practice) return [];
  return tariffsFor(
    tariffs.map((t) => ({
      id: t.id,
      practice: t.practice,
      birthYearMin: t.birth_year_min,
      birthYearMax: t.birth_year_max,
      clubCents: t.club_cents,
      licenceCents: t.licence_cents,
    })),
    Number(values.birth_date.slice(0, 4)),
    values.practice,
  ).map((t) => t.id);
}

/** One person typed twice: the same first and last names, accents, case and spaces aside. */
function samePerson(
  a: Pick<DraftMember, "firstName" | "lastName">,
  b: Pick<DraftMember, "firstName" | "lastName">,
) {
  return plainName(`${a.firstName} ${a.lastName}`) === plainName(`${b.firstName} ${b.lastName}`);
}

export function newMemberKey(members: readonly DraftMember[]): string {
  const taken = members.map((member) => Number(member.key.slice(1)) || 0);
  return `m${Math.max(0, ...taken) + 1}`;
}

export function readMember(form: FormData, ctx: DraftContext, existing: DraftMember | null) {
  const values = formText(form, MEMBER_FIELDS);
  const fail = (errors: Record<string, string>, status = 400) => ({
    ok: false as const,
    answer: data({ values, errors, fitting: fittingIds(values, ctx.tariffs) }, { status }),
  });
  const parsed = memberSchema.safeParse(values);
  const errors: Record<string, string> = parsed.success ? {} : fieldErrors(parsed.error);
  const birth = birthDateProblem(values.birth_date.trim(), ctx.season.starts_on, ctx.today);
  if (birth) errors.birth_date = birth;
  if (!parsed.success || birth) return fail(errors);
  const input = parsed.data;
  const twin = ctx.draft.members.find(
    (member) =>
      member.key !== existing?.key &&
      member.birthDate === input.birth_date &&
      samePerson(member, { firstName: input.first_name, lastName: input.last_name }),
  );
  if (twin) {
    return fail(
      {
        first_name: `${twin.firstName} ${twin.lastName}, ${agree(twin.sex, "né")} le même jour, est déjà dans ce dossier : modifiez sa fiche plutôt que de l'ajouter une deuxième fois.`,
      },
      409,
    );
  }
  const fits = fittingIds({ birth_date: input.birth_date, practice: input.practice }, ctx.tariffs);
  if (fits.length === 0) {
    return fail({
      practice:
        "Aucun tarif de la saison ne correspond à cet âge pour cette pratique : choisissez une autre pratique, ou contactez le club.",
    });
  }
  let tariffId: number | null = null;
  if (input.tariff !== "") {
    const id = /^\d{1,9}$/.test(input.tariff) ? Number(input.tariff) : NaN;
    if (!ctx.tariffs.some((tariff) => tariff.id === id)) {
      return fail({
        tariff: "Ce tarif n'existe pas pour cette saison : choisissez-en un dans la liste.",
      });
    }
    if (!fits.includes(id)) {
      return fail({
        tariff:
          "Ce tarif ne correspond pas à l'âge ou à la pratique choisie : choisissez-en un dans la liste.",
      });
    }
    tariffId = id;
  } else if (fits.length === 1) {
    tariffId = fits[0]!;
  } else {
    return fail({ tariff: "Plusieurs tarifs conviennent : choisissez le vôtre." }, 200);
  }
  const base = existing ?? {
    ...emptyDraft().members[0],
    key: newMemberKey(ctx.draft.members),
    memberId: null,
    passSportCode: "",
    consents: {},
    medicalPromise: false,
  };
  const member: DraftMember = {
    ...(base as DraftMember),
    firstName: input.first_name,
    lastName: input.last_name,
    birthDate: input.birth_date,
    sex: input.sex as Sex,
    practice: input.practice as Practice,
    tariffId,
  };
  return { ok: true as const, member };
}
