import { LinkConfirm, LinkOutcome, LinkPage, LinkPanel } from "~/components/site/link-panel";
import { redirect } from "react-router";
import { optOutOfRenewal, renewalOptoutState } from "~/domains/membership/renewal-optout.server";
import { readForm } from "~/core/form";
import { unlistedPageMeta } from "~/utils/seo";
import type { Route } from "./+types/membership-optout";

/*
 * /adhesion/desabonnement/:token, the renewal mail's unsubscribe link: opening it asks,
 * the button (a plain form POST, no script needed) stops the renewal mails.
 */

export const headers = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ params }: Route.LoaderArgs) {
  return { state: await renewalOptoutState(params.token) };
}

export async function action({ params, request }: Route.ActionArgs) {
  await readForm(request);
  await optOutOfRenewal(params.token);
  // Encoded: the token comes from the address, where anything may have been typed.
  return redirect(`/adhesion/desabonnement/${encodeURIComponent(params.token)}`);
}

export const meta: Route.MetaFunction = ({ matches }) =>
  unlistedPageMeta({
    matches,
    title: "Ne plus recevoir le rappel de renouvellement",
    description: "Arrêter les e-mails de renouvellement d'adhésion du club.",
    path: "/adhesion/desabonnement",
  });

export default function MembershipOptout({ loaderData }: Route.ComponentProps) {
  const { state } = loaderData;
  return (
    <LinkPage eyebrow="Adhésion" title="Rappel de renouvellement">
      {state === "unknown" ? (
        <LinkOutcome
          role="alert"
          title="Ce lien n'est pas valable."
          next={{ to: "/contact", label: "Contacter le club" }}
        >
          Il est incomplet ou trop ancien. Utilisez le lien de notre dernier e-mail en entier, ou
          écrivez-nous : nous arrêterons les envois.
        </LinkOutcome>
      ) : state === "done" ? (
        <LinkOutcome
          role="status"
          title="C'est noté : vous ne recevrez plus le rappel de renouvellement."
          next={{ to: "/", label: "Retour à l'accueil" }}
        >
          Vous pouvez toujours adhérer de nouveau quand vous le souhaitez, depuis le site.
        </LinkOutcome>
      ) : (
        <LinkPanel>
          <h2 className="text-2xl uppercase">Ne plus recevoir ce rappel ?</h2>
          <p>
            Chaque saison, le club écrit aux familles de la saison passée quand les inscriptions
            rouvrent. Confirmez pour ne plus recevoir cet e-mail.
          </p>
          <LinkConfirm yes="Oui, ne plus m'écrire" no="Non, garder le rappel" />
        </LinkPanel>
      )}
    </LinkPage>
  );
}
