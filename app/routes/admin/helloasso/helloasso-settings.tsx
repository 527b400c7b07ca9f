import { Link } from "react-router";
import {
  ConnectionTest,
  PaymentSettingsForm,
} from "~/components/admin/helloasso/helloasso-settings-form";
import { AdminPageHeader } from "~/components/admin/forms/page-header";
import { SiteAddressRequired } from "~/components/admin/content/settings/site-address-required";
import { useActionToast } from "~/components/admin/forms/use-action-toast";
import { adminMeta } from "~/utils/admin-route";
import { keepInputOnNetworkFailure, unlessNetworkFailure } from "~/utils/network-failure";
import type { Route } from "./+types/helloasso-settings";
import {
  paymentSettingsAction,
  paymentSettingsLoader,
  type PaymentSettingsAnswer,
} from "./helloasso-settings.server";

/*
 * Paiement en ligne (/admin/settings/paiement, admin only): HelloAsso's settings
 * (payment-settings.server.ts). The secrets never reach the page.
 */

export const meta: Route.MetaFunction = () => adminMeta("Paiement en ligne");

export async function loader(args: Route.LoaderArgs) {
  return paymentSettingsLoader(args);
}

export async function action(args: Route.ActionArgs) {
  return paymentSettingsAction(args);
}

export const clientAction = ({ serverAction }: Route.ClientActionArgs) =>
  keepInputOnNetworkFailure(serverAction);

export const shouldRevalidate = unlessNetworkFailure();

export default function PaymentSettings({ loaderData, actionData }: Route.ComponentProps) {
  const answer = actionData as Partial<PaymentSettingsAnswer> | undefined;
  useActionToast(actionData);
  const { settings } = loaderData;
  const refused = answer?.intent === "save" && !answer.ok ? answer : undefined;
  return (
    <>
      <AdminPageHeader
        title="Paiement en ligne"
        description="Les familles peuvent payer leur adhésion par carte bancaire, en ligne, avec HelloAsso."
        actions={
          <Link to="/admin/settings" className="font-semibold text-teal-dark underline">
            Paramètres
          </Link>
        }
      />
      <div className="flex max-w-3xl flex-col gap-6">
        {loaderData.addressSet ? null : (
          <SiteAddressRequired>
            Le paiement par carte ne peut pas encore être activé.
          </SiteAddressRequired>
        )}
        <section
          aria-label="Comment ça marche"
          className="flex flex-col gap-2 rounded-lg border border-teal-dark/30 bg-teal-light/40 p-4 text-sm text-ink"
        >
          <p>
            HelloAsso est la plateforme de paiement des associations : elle est gratuite pour le
            club, et demande à la personne qui paie une contribution volontaire (un pourboire
            qu'elle peut ramener à zéro). L'argent arrive sur le compte HelloAsso de l'association,
            qui le reverse sur son compte bancaire.
          </p>
          <p>
            Les clés API se trouvent sur HelloAsso, dans « Mon compte &gt; Intégrations et API » :
            copiez ici l'identifiant et le secret du client API.
          </p>
          <p>
            Rien n'est prélevé tant qu'une famille ne paie pas : activer le paiement ajoute
            seulement le choix « Carte bancaire » au formulaire d'adhésion.
          </p>
        </section>
        <PaymentSettingsForm
          key={`${settings.updatedAt ?? "new"}`}
          values={refused?.values ?? settings}
          hasClientSecret={settings.hasClientSecret}
          hasSignatureKey={settings.hasSignatureKey}
          loadedAt={settings.updatedAt}
          notificationUrl={loaderData.notificationUrl}
          defaultAddresses={loaderData.defaultAddresses}
          errors={refused?.errors ?? {}}
        />
        <ConnectionTest />
      </div>
    </>
  );
}
