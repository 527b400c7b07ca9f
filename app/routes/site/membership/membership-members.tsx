import { redirect } from "react-router";
import { formatEuros } from "~/core/money";
import {
  memberName,
  memberProblems,
  isDraftMinor,
} from "~/domains/membership/membership-draft-check";
import {
  LINK,
  MembershipShell,
  NOTE,
  StepActions,
} from "~/components/site/membership/membership-shell";
import { FormAlert } from "~/components/site/form-controls";
import { buttonClass } from "~/components/site/button-link";
import { practiceLabel } from "~/components/site/membership/tariff-view";
import { readForm } from "~/core/form";
import type { Route } from "./+types/membership-members";
import { filePath } from "./membership-paths";
import {
  MEMBERSHIP_PAGE_HEADERS,
  priceTariffs,
  requireDraft,
  saveAndGo,
} from "./membership.server";
import { fileMeta } from "./membership-meta";
import { MAX_MEMBERS } from "./membership-member.server";

/* /adhesion/dossier/:token/membres, step b: the file's members, added, changed, removed. */

export const headers = () => MEMBERSHIP_PAGE_HEADERS;
export const meta = fileMeta("Les membres");

export async function loader({ params, request }: Route.LoaderArgs) {
  const ctx = await requireDraft(params.token);
  const tariffs = priceTariffs(ctx.tariffs);
  return {
    token: ctx.token,
    season: ctx.season.label,
    max: MAX_MEMBERS,
    renewal: ctx.file.renewal_of !== null,
    missing: new URL(request.url).searchParams.get("manque") === "1",
    members: ctx.draft.members.map((member) => {
      const tariff = ctx.tariffs.find((t) => t.id === member.tariffId);
      const problems = memberProblems(member, tariffs, ctx.check, ctx.today).filter(
        (problem) => problem.step === "membres",
      );
      return {
        key: member.key,
        name: memberName(member),
        birthDate: member.birthDate,
        practice: member.practice ? practiceLabel(member.practice) : "",
        minor: isDraftMinor(member, ctx.check),
        renewed: member.memberId !== null,
        tariff: tariff
          ? `${tariff.label} – ${formatEuros(tariff.club_cents + tariff.licence_cents)}`
          : "",
        problem: problems[0]?.message ?? "",
      };
    }),
  };
}

export async function action({ params, request }: Route.ActionArgs) {
  const ctx = await requireDraft(params.token);
  const form = await readForm(request);
  const key = form.get("key");
  if (form.get("intent") === "remove") {
    const members = ctx.draft.members.filter((member) => member.key !== key);
    if (members.length === ctx.draft.members.length) {
      return { error: "Ce membre n'est pas dans ce dossier." };
    }
    return saveAndGo(ctx, { ...ctx.draft, members }, filePath(ctx.token, "membres"));
  }
  // "Continuer": every member complete, at least one.
  const tariffs = priceTariffs(ctx.tariffs);
  if (ctx.draft.members.length === 0) return { error: "Ajoutez au moins un membre." };
  const wrong = ctx.draft.members
    .flatMap((member) => memberProblems(member, tariffs, ctx.check, ctx.today))
    .find((problem) => problem.step === "membres");
  if (wrong) return { error: wrong.message };
  const minors = ctx.draft.members.some((member) => isDraftMinor(member, ctx.check));
  throw redirect(filePath(ctx.token, minors ? "responsables" : "autorisations"));
}

export default function MembershipMembers({ loaderData, actionData }: Route.ComponentProps) {
  const { token, season, members, max, renewal } = loaderData;
  return (
    <MembershipShell current="membres" token={token} season={season} title="Les membres">
      <div className="grid gap-6">
        {actionData?.error ? <FormAlert message={actionData.error} /> : null}
        <p className={NOTE}>
          Chaque personne du foyer qui s'inscrit cette saison : vous-même, vos enfants. Le tarif est
          proposé d'après l'année de naissance et la pratique.
        </p>
        {renewal ? (
          <p className="rounded-2xl bg-teal-light/60 p-5 ring-1 ring-teal-dark/20">
            Les membres de la saison passée : modifiez ce qui a changé, retirez qui ne revient pas.
            « Continuer » confirme les autres.
          </p>
        ) : null}
        {members.length === 0 ? (
          <p className="rounded-2xl bg-white p-5 ring-1 ring-ink/10">
            Aucun membre pour l'instant.
          </p>
        ) : (
          <ul className="grid gap-4">
            {members.map((member) => (
              <li
                key={member.key}
                className="grid gap-3 rounded-2xl bg-white p-5 ring-1 ring-ink/10"
              >
                <div>
                  <h3 className="text-xl text-ink">{member.name}</h3>
                  <p className={NOTE}>
                    {[
                      member.renewed ? "adhérent la saison passée" : "",
                      member.practice,
                      member.minor ? "mineur" : "",
                      member.tariff,
                    ]
                      .filter(Boolean)
                      .join(" · ")}
                  </p>
                  {member.problem ? (
                    <p className="mt-1 font-semibold text-red-800">{member.problem}</p>
                  ) : null}
                </div>
                <div className="flex flex-wrap gap-4">
                  <a href={filePath(token, `membres/${member.key}`)} className={LINK}>
                    Modifier<span className="sr-only"> {member.name}</span>
                  </a>
                  <a
                    href={`${filePath(token, `membres/${member.key}`)}?retirer=1`}
                    className={LINK}
                  >
                    Retirer<span className="sr-only"> {member.name}</span>
                  </a>
                </div>
              </li>
            ))}
          </ul>
        )}
        {members.length < max ? (
          <a
            href={filePath(token, "membres/nouveau")}
            className={buttonClass("outline-dark", "justify-self-start")}
          >
            Ajouter un membre
          </a>
        ) : null}
        <form method="post" action={filePath(token, "membres")}>
          <StepActions
            back={{ href: filePath(token, "coordonnees"), label: "Retour : coordonnées" }}
            label="Continuer"
          />
        </form>
      </div>
    </MembershipShell>
  );
}
