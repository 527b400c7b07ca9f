import { Filled, LegalPage, LegalPart } from "~/components/site/legal-text";
import { getAllSettings } from "~/models/settings.server";
import { pageMeta } from "~/utils/seo";
import type { Route } from "./+types/legal-notice";

/* Mentions légales (LCEN art. 6), from Paramètres > Informations légales. */

export async function loader() {
  const { legal, general } = await getAllSettings();
  return { legal, email: general.email, phone: general.phoneNumber };
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
          <strong>
            <Filled value={legal.associationName} />
          </strong>
          , association déclarée (loi du 1er juillet 1901).
        </p>
        <p>
          Siège : <Filled value={legal.seat} />
        </p>
        <p>
          Numéro RNA : <Filled value={legal.rnaNumber} />
        </p>
        <p>
          Affiliation : <Filled value={legal.federation} />
        </p>
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
          <Filled value={legal.president} />, président de l'association.
        </p>
      </LegalPart>
      <LegalPart title="Hébergeur">
        <p>
          <Filled value={legal.hostName} />
        </p>
        <p>
          <Filled value={legal.hostAddress} />
        </p>
      </LegalPart>
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
