import { data, redirect } from "react-router";
import { PUBLIC_FORM_HONEYPOT } from "~/domains/messages/contact-schema";
import { parisToday } from "~/core/club-time";
import { emptyDraft } from "~/domains/membership/membership";
import { HoneypotField } from "~/components/site/form-controls";
import { HouseholdForm, householdValues } from "~/components/site/membership/household-form";
import { LINK, MembershipShell, NOTE } from "~/components/site/membership/membership-shell";
import { draftBegunBy, mailDraftLinkTo, startDraft } from "~/domains/membership/file-draft.server";
import { onlineSeason } from "~/domains/membership/season.server";
import { HOUSEHOLD_FIELDS } from "~/domains/membership/membership-form";
import { formText, readForm } from "~/core/form";
import { pageMeta } from "~/utils/seo";
import type { Route } from "./+types/membership";
import {
  readHousehold,
  TOO_MANY_DRAFT_LINKS,
  tooManyDraftLinks,
} from "./membership-household.server";
import { filePath } from "./membership-paths";
import { MEMBERSHIP_PAGE_HEADERS } from "./membership.server";

/*
 * /adhesion, step a: while a season's registration is open, who pays. The
 * action creates the file (a draft), mails its link and goes on to the members, under
 * /adhesion/dossier/:token/... (the link is the key: no account, no cookie needed).
 */

export const headers = () => MEMBERSHIP_PAGE_HEADERS;

export async function loader({ request }: Route.LoaderArgs) {
  const season = await onlineSeason(parisToday());
  const begun = new URL(request.url).searchParams.get("commencee") === "1";
  return { season: season ? { label: season.label } : null, begun };
}

export async function action({ request }: Route.ActionArgs) {
  const season = await onlineSeason(parisToday());
  if (!season) throw data("Les inscriptions ne sont pas ouvertes", { status: 404 });
  const form = await readForm(request);
  const read = readHousehold(form);
  if (!read.ok) return read.answer;
  // A robot that fills every field gets the next page's address, and nothing is stored.
  if (formText(form, [PUBLIC_FORM_HONEYPOT])[PUBLIC_FORM_HONEYPOT].trim() !== "") {
    return redirect("/adhesion");
  }
  // Never refused for the connection alone: a club's Wi-Fi on a registration evening, or a
  // mobile carrier, puts many families behind one address. What costs something is limited:
  // each new file mails its link, at most DRAFT_LINKS_PER_HOUR to one e-mail address
  // (counted with the trial bookings' counters, under a hash of the address).
  if (await tooManyDraftLinks(read.household.email)) {
    return data(
      { values: formText(form, HOUSEHOLD_FIELDS), errors: { form: TOO_MANY_DRAFT_LINKS } },
      { status: 429 },
    );
  }
  // A file already begun with this address: its link goes to the address again, and the page
  // says so without showing anything of it (whoever typed the address may not be the family).
  const begun = await draftBegunBy(season.id, read.household.email);
  if (begun !== null) {
    await mailDraftLinkTo(begun, read.household.email);
    return redirect("/adhesion?commencee=1");
  }
  const { token } = await startDraft({
    seasonId: season.id,
    draft: { ...emptyDraft(), household: read.household },
  });
  return redirect(filePath(token, "membres"));
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    matches,
    title: "Adhésion en ligne",
    description:
      "Inscrivez votre famille au club de boxe en ligne : coordonnées, membres, autorisations, paiement au club.",
    path: "/adhesion",
  });

export default function Membership({ loaderData, actionData }: Route.ComponentProps) {
  const { season, begun } = loaderData;
  if (!season) {
    return (
      <MembershipShell season="" title="Inscriptions fermées">
        <p className="text-lg text-gray-700">
          Les inscriptions en ligne ne sont pas ouvertes en ce moment. Les formulaires à imprimer
          sont sur la page{" "}
          <a href="/inscription" className={LINK}>
            Inscription
          </a>
          .
        </p>
      </MembershipShell>
    );
  }
  return (
    <MembershipShell current="coordonnees" season={season.label} title="Vos coordonnées">
      <HouseholdForm
        action="/adhesion"
        values={actionData?.values ?? householdValues()}
        errors={actionData?.errors ?? {}}
        submitLabel="Continuer : les membres"
      >
        {begun && !actionData ? (
          <p
            role="status"
            className="rounded-2xl bg-teal-light/60 p-5 text-lg ring-1 ring-teal-dark/20"
          >
            Une inscription est déjà commencée avec cette adresse e-mail : nous venons de vous
            renvoyer le lien pour la reprendre. Ouvrez-le depuis votre messagerie.
          </p>
        ) : null}
        <div className="grid gap-3 rounded-2xl bg-teal-light/60 p-5 ring-1 ring-teal-dark/20">
          <p className="font-semibold">En quelques étapes, pour toute la famille :</p>
          <ul className={`list-disc pl-6 ${NOTE}`}>
            <li>les coordonnées du foyer, puis chaque membre (date de naissance, pratique) ;</li>
            <li>pour un mineur, ses responsables légaux et les autorisations ;</li>
            <li>le récapitulatif avec le total, puis le paiement au club (chèques, espèces…).</li>
          </ul>
          <p className={NOTE}>
            Aucun document de santé n'est demandé en ligne : le certificat médical se remet au club.
            Votre inscription est gardée : un lien pour la reprendre vous est envoyé par e-mail.
          </p>
        </div>
        <HoneypotField />
      </HouseholdForm>
    </MembershipShell>
  );
}
