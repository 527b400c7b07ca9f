import { LegalLine, LegalPage, LegalPart } from "~/components/site/legal-text";
import { getAllSettings } from "~/domains/content/settings.server";
import { pageMeta } from "~/utils/seo";
import type { Route } from "./+types/legal-notice";

/*
 * Mentions légales (LCEN art. 6), from Paramètres > Informations légales. A field the club
 * has not filled in is left out, and its sentence reads whole without it (the dashboard's
 * « À faire » lists what is missing).
 */

export async function loader() {
  const { legal, general } = await getAllSettings();
  return {
    legal: {
      ...legal,
      associationName: legal.associationName.trim() || general.siteName,
      president: legal.president.trim(),
      hostName: legal.hostName.trim(),
      hostAddress: legal.hostAddress.trim(),
    },
    email: general.email,
    phone: general.phoneNumber,
  };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    matches,
    title: "Mentions légales",
    description: "Éditeur, directeur de la publication et hébergeur du site du club.",
    path: "/mentions-legales",
  });

export default function LegalNotice({ loaderData }: Route.ComponentProps) {
  const { legal, email, phone } = loaderData;
  return (
    <LegalPage title="Mentions légales" subtitle="Qui édite et héberge ce site">
      <LegalPart title="Éditeur du site">
        <p>
          <strong>{legal.associationName}</strong>, association déclarée (loi du 1er juillet 1901).
        </p>
        <LegalLine label="Siège" value={legal.seat} />
        <LegalLine label="Numéro RNA" value={legal.rnaNumber} />
        <LegalLine label="Affiliation" value={legal.federation} />
        <p>
          Contact :{" "}
          <a className="font-semibold text-teal-dark underline" href={`mailto:${email}`}>
            {email}
          </a>
          {phone ? ` · ${phone}` : ""}
        </p>
      </LegalPart>
      <LegalPart title="Directeur de la publication">
        <p>
          {legal.president
            ? `${legal.president}, président de l'association.`
            : `Le président de l'association ${legal.associationName}.`}
        </p>
      </LegalPart>
      {legal.hostName || legal.hostAddress ? (
        <LegalPart title="Hébergeur">
          {legal.hostName ? <p>{legal.hostName}</p> : null}
          {legal.hostAddress ? <p>{legal.hostAddress}</p> : null}
        </LegalPart>
      ) : null}
      <LegalPart title="Données personnelles">
        <p>
          Ce que le site conserve, pourquoi et combien de temps :{" "}
          <a className="font-semibold text-teal-dark underline" href="/confidentialite">
            politique de confidentialité
          </a>
          .
        </p>
      </LegalPart>
    </LegalPage>
  );
}
