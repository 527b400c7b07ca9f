import { CheckCircle2, Hourglass } from "lucide-react";
import { ButtonLink } from "~/components/site/button-link";
import { PageHero } from "~/components/site/page-hero";
import { Section } from "~/components/site/section";
import { SessionFacts } from "~/components/site/trial-session";
import { listTrialActivities } from "~/models/trial-booking.server";
import { pageMeta } from "~/utils/seo";
import type { Route } from "./+types/trial-confirmed";
import { findBookableSession, TRIAL_PAGE_HEADERS } from "./trial.server";

/*
 * /essai/confirmation, the end of a booking: booked, or on the waitlist. It names the
 * session from the URL alone (no personal data in it); the e-mail carries the rest.
 */

export const headers = () => TRIAL_PAGE_HEADERS;

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const waitlist = url.searchParams.get("statut") === "attente";
  const id = Number(url.searchParams.get("activite"));
  const activity = (await listTrialActivities()).find((one) => one.id === id) ?? null;
  const session = activity
    ? await findBookableSession(activity.id, url.searchParams.get("date") ?? "")
    : null;
  return { waitlist, title: activity?.title ?? null, session };
}

export const meta: Route.MetaFunction = ({ data, matches }) => [
  ...pageMeta({
    matches,
    title: data?.waitlist ? "Inscription sur la liste d'attente" : "Séance d'essai réservée",
    description: "Votre séance d'essai au club de boxe de Meyzieu.",
    path: "/essai/confirmation",
  }),
  { name: "robots", content: "noindex" },
];

export default function TrialConfirmed({ loaderData }: Route.ComponentProps) {
  const { waitlist, title, session } = loaderData;
  const Icon = waitlist ? Hourglass : CheckCircle2;
  return (
    <>
      <PageHero
        eyebrow="Séance d'essai"
        title={waitlist ? "Vous êtes sur la liste d'attente" : "C'est réservé !"}
        accent="gold"
      />
      <Section>
        <div
          role="status"
          className="mx-auto flex max-w-2xl flex-col gap-4 rounded-2xl bg-teal/15 p-6 ring-1 ring-teal-dark/30"
        >
          <p className="flex items-center gap-3 text-xl font-bold">
            <Icon aria-hidden="true" className="size-7 shrink-0 text-teal-dark" />
            {waitlist
              ? "Votre inscription sur la liste d'attente est enregistrée."
              : "Votre séance d'essai est réservée."}
          </p>
          {title && session ? (
            <div className="rounded-xl bg-white p-4">
              <p className="font-display text-xl uppercase">{title}</p>
              <div className="mt-2">
                <SessionFacts session={session} />
              </div>
            </div>
          ) : null}
          <p>
            {waitlist
              ? "Un e-mail vous confirme cette inscription. Si une place se libère, elle est donnée dans l'ordre d'inscription et un nouvel e-mail vous le dit."
              : "Un e-mail de confirmation vient de partir, avec la séance à ajouter à votre agenda et un lien pour annuler si vous ne pouvez plus venir. Un rappel vous est envoyé la veille."}
          </p>
          <p className="text-gray-700">
            Pensez à une tenue de sport, des baskets propres et une bouteille d'eau : les gants sont
            prêtés.
          </p>
          <div className="flex flex-col gap-3 sm:flex-row">
            <ButtonLink to="/planning" variant="dark">
              Voir le planning
            </ButtonLink>
            <ButtonLink to="/" variant="outline-dark">
              Retour à l'accueil
            </ButtonLink>
          </div>
        </div>
      </Section>
    </>
  );
}
