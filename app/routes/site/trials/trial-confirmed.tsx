import { elide } from "~/core/french";
import { CalendarDays, CheckCircle2, Clock, Hourglass, Mail, MapPin } from "lucide-react";
import type { ReactNode } from "react";
import { ButtonLink } from "~/components/site/button-link";
import { PageHero } from "~/components/site/page-hero";
import { Section } from "~/components/site/section";
import { isWebUrl } from "~/core/url";
import { timeRange } from "~/components/site/schedule/timetable";
import { sessionDay } from "~/components/site/trials/trial-session";
import { getAllSettings } from "~/domains/content/settings.server";
import { listTrialActivities } from "~/domains/trials/trial-booking.server";
import { getTrialReceipt } from "~/domains/trials/trial-receipt.server";
import { pageMeta } from "~/utils/seo";
import type { Route } from "./+types/trial-confirmed";
import { findBookableSession, TRIAL_PAGE_HEADERS } from "./trial.server";

/*
 * /essai/confirmation, the end of a booking: booked, or on the waitlist. The session
 * comes from the URL; the person (the child's name for a child), the e-mail used and the
 * booking's state from its signed receipt reference (trial-receipt.server.ts), never from
 * readable personal data in the URL. The club's address and map link close it.
 */

export const headers = () => TRIAL_PAGE_HEADERS;

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const id = Number(url.searchParams.get("activite"));
  const [receipt, activities, { address }] = await Promise.all([
    getTrialReceipt(url.searchParams.get("ref")),
    listTrialActivities(),
    getAllSettings(),
  ]);
  const activity = activities.find((one) => one.id === id) ?? null;
  const open = activity
    ? await findBookableSession(activity.id, url.searchParams.get("date") ?? "")
    : null;
  const session = receipt ?? (activity && open ? { ...open, title: activity.title } : null);
  return {
    waitlist: receipt
      ? receipt.status === "waitlist"
      : url.searchParams.get("statut") === "attente",
    // Seen again after the cancel link was used.
    cancelled: receipt?.status === "cancelled",
    person: receipt && {
      name: receipt.personName,
      forChild: receipt.forChild,
      email: receipt.email,
    },
    session: session && {
      title: session.title,
      onDate: session.onDate,
      onStart: session.onStart,
      onEnd: session.onEnd,
    },
    club: {
      street: address.street,
      city: `${address.postalCode} ${address.city}`.trim(),
      mapsUrl: isWebUrl(address.googleMapsUrl) ? address.googleMapsUrl : "",
    },
  };
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

function Fact({ icon: Icon, children }: { icon: typeof Clock; children: ReactNode }) {
  return (
    <p className="flex items-start gap-3">
      <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-teal-dark" />
      <span>{children}</span>
    </p>
  );
}

export default function TrialConfirmed({ loaderData }: Route.ComponentProps) {
  const { waitlist, cancelled, person, session, club } = loaderData;
  const Icon = waitlist ? Hourglass : CheckCircle2;
  const whose = person?.forChild
    ? `La séance d'essai ${elide("de", person.name)}`
    : "Votre séance d'essai";
  return (
    <>
      <PageHero
        eyebrow="Séance d'essai"
        title={
          cancelled
            ? "Réservation annulée"
            : waitlist
              ? "Vous êtes sur la liste d'attente"
              : "C'est réservé !"
        }
        accent="gold"
      />
      <Section>
        <div className="mx-auto flex max-w-2xl flex-col gap-4">
          <div
            role="status"
            className="flex flex-col gap-4 rounded-2xl bg-teal/15 p-6 ring-1 ring-teal-dark/30"
          >
            <p className="flex items-center gap-3 text-xl font-bold">
              <Icon aria-hidden="true" className="size-7 shrink-0 text-teal-dark" />
              {cancelled
                ? `${whose} est annulée.`
                : waitlist
                  ? person?.forChild
                    ? `${person.name} est sur la liste d'attente.`
                    : "Votre inscription sur la liste d'attente est enregistrée."
                  : `${whose} est réservée.`}
            </p>
            {session ? (
              <div className="flex flex-col gap-2 rounded-xl bg-white p-4">
                <p className="font-display text-xl uppercase">{session.title}</p>
                {person ? <p className="font-semibold">Pour : {person.name}</p> : null}
                <Fact icon={CalendarDays}>{sessionDay(session)}</Fact>
                <Fact icon={Clock}>{timeRange(session.onStart, session.onEnd)}</Fact>
              </div>
            ) : null}
            <Fact icon={Mail}>
              {person ? (
                <>
                  {waitlist ? "Un e-mail vous le confirme à " : "La confirmation part à "}
                  <strong className="break-all">{person.email}</strong>
                  {waitlist
                    ? ". Si une place se libère, elle est donnée dans l'ordre d'inscription et un nouvel e-mail vous le dit."
                    : " : la séance à ajouter à votre agenda, un lien pour annuler si vous ne pouvez plus venir, et un rappel la veille."}
                </>
              ) : waitlist ? (
                "Un e-mail vous confirme cette inscription. Si une place se libère, elle est donnée dans l'ordre d'inscription et un nouvel e-mail vous le dit."
              ) : (
                "Un e-mail de confirmation vient de partir, avec la séance à ajouter à votre agenda et un lien pour annuler si vous ne pouvez plus venir. Un rappel vous est envoyé la veille."
              )}
            </Fact>
          </div>

          <section aria-labelledby="ou" className="rounded-2xl bg-gray-50 p-6 ring-1 ring-ink/10">
            <h2 id="ou" className="text-2xl uppercase">
              Où venir ?
            </h2>
            <address className="mt-3 flex flex-col gap-3 not-italic">
              <Fact icon={MapPin}>
                {club.street}
                {club.street ? <br /> : null}
                {club.city}
              </Fact>
              {club.mapsUrl ? (
                <a
                  href={club.mapsUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="font-semibold text-teal-dark underline"
                >
                  Voir le plan d'accès<span className="sr-only"> (nouvel onglet)</span>
                </a>
              ) : null}
            </address>
            <p className="mt-4 text-gray-700">
              Pensez à une tenue de sport, des baskets propres et une bouteille d'eau : les gants
              sont prêtés.
            </p>
          </section>

          <div className="flex flex-col gap-3 sm:flex-row">
            <ButtonLink to="/essai" variant="dark">
              Réserver pour une autre personne
            </ButtonLink>
            <ButtonLink to="/planning" variant="outline-dark">
              Voir le planning
            </ButtonLink>
          </div>
        </div>
      </Section>
    </>
  );
}
