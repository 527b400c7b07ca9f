import {
  Bus,
  CalendarCheck,
  CalendarDays,
  Car,
  Clock,
  Mail,
  MapPin,
  Phone,
  TrainFront,
} from "lucide-react";
import type { ReactNode } from "react";
import { data, redirect } from "react-router";
import { ButtonLink } from "~/components/site/button-link";
import { ContactForm, type ContactValues } from "~/components/site/messages/contact-form";
import { ContactMap } from "~/components/site/contact-map";
import { JsonLd, sportsClubJsonLd } from "~/components/site/json-ld";
import { PageHero } from "~/components/site/page-hero";
import { Section } from "~/components/site/section";
import { telHref } from "~/components/site/site-footer";
import { FRENCH_WEEKDAYS, WEEKDAY_KEYS } from "~/core/club-time";
import { isWebUrl } from "~/core/url";
import { getPageContent } from "~/domains/content/content.server";
import { getAllSettings } from "~/domains/content/settings.server";
import { siteAddressOf } from "~/core/site-address.server";
import {
  CONTACT_FIELDS,
  PUBLIC_FORM_HONEYPOT,
  PUBLIC_FORM_STAMP,
  ContactSchema,
} from "~/domains/messages/contact-schema";
import { kickMailWorker } from "~/domains/mail/worker.server";
import { receiveContactMessage } from "~/domains/messages/contact-message.server";
import { getEnv, getFormSecret } from "~/core/env.server";
import { keptFormStamp } from "~/utils/form-stamp.server";
import { fieldErrors, formText, readForm } from "~/core/form";
import { getClientIp } from "~/utils/load-context";
import { useNonce } from "~/utils/nonce";
import { contentHeroMeta } from "~/utils/seo";
import type { Route } from "./+types/contact";

const EMPTY_VALUES: ContactValues = { name: "", email: "", phone: "", subject: "", message: "" };

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const values = formText(form, CONTACT_FIELDS);
  const { [PUBLIC_FORM_HONEYPOT]: honeypot, [PUBLIC_FORM_STAMP]: stamp } = formText(form, [
    PUBLIC_FORM_HONEYPOT,
    PUBLIC_FORM_STAMP,
  ]);
  const secret = getFormSecret();
  const parsed = ContactSchema.safeParse(values);
  if (!parsed.success) {
    return data(
      { values, errors: fieldErrors(parsed.error), stamp: keptFormStamp(secret, stamp) },
      { status: 400 },
    );
  }
  const { general } = await getAllSettings();
  await receiveContactMessage({
    input: parsed.data,
    honeypot,
    stamp,
    ip: getClientIp(context),
    secret,
    addressLimit: getEnv().contactIpLimit,
    clubEmail: general.email,
    clubName: general.siteName,
  });
  kickMailWorker();
  // Spam or not, the same answer: a robot learns nothing.
  return redirect("/contact?envoye=1#formulaire");
}

export async function loader({ request }: Route.LoaderArgs) {
  const [content, settings] = await Promise.all([
    getPageContent({ category: "contact" }),
    getAllSettings(),
  ]);
  const { general, address } = settings;
  return {
    content,
    general,
    // The hall's hours of Paramètres > Horaires, the footer's: one source for both.
    hours: settings.hours,
    sent: new URL(request.url).searchParams.get("envoye") === "1",
    address: {
      ...address,
      googleMapsUrl: isWebUrl(address.googleMapsUrl) ? address.googleMapsUrl : "",
    },
    jsonLd: sportsClubJsonLd({
      origin: siteAddressOf(settings.site_address).origin,
      general,
      address,
      hours: settings.hours,
      logoUrl: settings.logo.url,
      sameAs: settings.social.links.map((link) => link.url).filter(isWebUrl),
    }),
  };
}

export const meta: Route.MetaFunction = contentHeroMeta("Nous contacter", "/contact");

function InfoCard({
  icon,
  title,
  children,
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
}) {
  return (
    <div className="flex gap-4 rounded-2xl bg-gray-50 p-5 ring-1 ring-ink/5">
      <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-ink text-teal">
        {icon}
      </span>
      <div className="min-w-0">
        <p className="text-sm font-bold uppercase tracking-widest text-gray-600">{title}</p>
        <div className="mt-1 text-lg">{children}</div>
      </div>
    </div>
  );
}

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const { content, general, address, hours, jsonLd, sent } = loaderData;
  const { info, freeTrial, access, map } = content;
  const fullAddress = `${address.street} ${address.postalCode} ${address.city}`;
  const nonce = useNonce();
  return (
    <>
      <JsonLd data={jsonLd} />
      <PageHero title={content.hero.title} subtitle={content.hero.subtitle} accent="gold" />

      <Section>
        <div className="grid gap-12 lg:grid-cols-2">
          <div>
            <h2 className="text-3xl uppercase md:text-4xl">{info.title}</h2>
            <span aria-hidden="true" className="mt-4 block h-1 w-14 rounded-full bg-gold" />
            <address className="mt-8 grid gap-4 not-italic">
              <InfoCard
                icon={<MapPin aria-hidden="true" className="size-6" />}
                title={info.addressLabel}
              >
                <p>{address.street}</p>
                <p>{`${address.postalCode} ${address.city}`}</p>
              </InfoCard>
              <InfoCard
                icon={<Phone aria-hidden="true" className="size-6" />}
                title={info.phoneLabel}
              >
                <a
                  href={telHref(general.phoneNumber)}
                  className="font-semibold text-teal-dark hover:underline"
                >
                  {general.phoneNumber}
                </a>
              </InfoCard>
              <InfoCard
                icon={<Mail aria-hidden="true" className="size-6" />}
                title={info.emailLabel}
              >
                <a
                  href={`mailto:${general.email}`}
                  className="break-all font-semibold text-teal-dark hover:underline"
                >
                  {general.email}
                </a>
              </InfoCard>
            </address>

            <div className="mt-8 rounded-2xl bg-ink p-6 text-white">
              <h2 className="flex items-center gap-3 text-2xl uppercase">
                <Clock aria-hidden="true" className="size-6 text-teal" />
                {content.hours.title}
              </h2>
              <dl className="mt-4 divide-y divide-white/10">
                {WEEKDAY_KEYS.map((key, i) => (
                  <div key={key} className="flex flex-wrap justify-between gap-2 py-2">
                    <dt>{FRENCH_WEEKDAYS[i]}</dt>
                    <dd className="font-semibold tabular-nums text-gold">{hours[key]}</dd>
                  </div>
                ))}
              </dl>
            </div>
          </div>

          <div>
            <h2 className="text-3xl uppercase md:text-4xl">{map.title}</h2>
            <span aria-hidden="true" className="mt-4 block h-1 w-14 rounded-full bg-gold" />
            <div className="mt-8">
              <ContactMap
                query={fullAddress}
                mapsUrl={address.googleMapsUrl}
                buttonText={map.buttonText}
                linkText={map.linkText}
                notice={map.notice}
              />
            </div>

            <h2 className="mt-12 text-3xl uppercase md:text-4xl">{access.title}</h2>
            <span aria-hidden="true" className="mt-4 block h-1 w-14 rounded-full bg-gold" />
            <ul className="mt-6 space-y-4">
              {[
                { icon: TrainFront, label: access.metroLabel, text: access.metro },
                { icon: Bus, label: access.busLabel, text: access.bus },
                { icon: Car, label: access.carLabel, text: access.car },
              ].map(({ icon: Icon, label, text }) => (
                <li key={label} className="flex gap-4">
                  <Icon aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-teal-dark" />
                  <p>
                    <strong className="block">{label}</strong>
                    <span className="text-gray-700">{text}</span>
                  </p>
                </li>
              ))}
            </ul>
          </div>
        </div>
      </Section>

      <Section tone="light">
        <div id="formulaire" className="mx-auto max-w-3xl scroll-mt-28">
          <h2 className="text-3xl uppercase md:text-4xl">Écrivez-nous</h2>
          <span aria-hidden="true" className="mt-4 block h-1 w-14 rounded-full bg-gold" />
          {sent ? (
            <div role="status" className="mt-8 rounded-2xl bg-teal/15 p-6 ring-1 ring-teal-dark/30">
              <p className="text-xl font-bold">Merci, votre message a bien été envoyé.</p>
              <p className="mt-2">
                Nous vous répondons au plus vite ; un accusé de réception part à l'adresse indiquée.
              </p>
              <a
                href="/contact#formulaire"
                className="mt-4 inline-block font-semibold text-teal-dark underline"
              >
                Écrire un autre message
              </a>
            </div>
          ) : (
            <div className="mt-8">
              <ContactForm
                values={actionData?.values ?? EMPTY_VALUES}
                errors={actionData?.errors ?? {}}
                // The page's nonce is the signed time it was shown, fresh in every answer,
                // cached or not (app/utils/form-stamp.server.ts).
                stamp={actionData?.stamp ?? nonce}
              />
            </div>
          )}
        </div>
      </Section>

      <Section tone="gold" title={freeTrial.title} subtitle={freeTrial.text}>
        {/* Booked online first; the phone for those who prefer to ask. */}
        <div className="flex flex-col items-center gap-4">
          <ButtonLink to="/essai" variant="dark">
            <CalendarCheck aria-hidden="true" className="size-5" />
            Réserver ma séance d'essai
          </ButtonLink>
          <div className="flex flex-col justify-center gap-4 sm:flex-row">
            <ButtonLink to={telHref(general.phoneNumber)} variant="outline-dark">
              <Phone aria-hidden="true" className="size-5" />
              {`${freeTrial.callButtonText} : ${general.phoneNumber}`}
            </ButtonLink>
            <ButtonLink to="/planning" variant="outline-dark">
              <CalendarDays aria-hidden="true" className="size-5" />
              {freeTrial.buttonText}
            </ButtonLink>
          </div>
        </div>
      </Section>
    </>
  );
}
