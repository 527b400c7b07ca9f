import { Globe } from "lucide-react";
import { useState, useSyncExternalStore } from "react";
import { Link, useFetcher } from "react-router";
import { useActionToast } from "~/components/admin/forms/use-action-toast";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { parseSiteAddress, SITE_ADDRESS_MESSAGES } from "~/core/site-address";
import { DashboardNotice } from "~/components/admin/dashboard/dashboard-notice";
import { SettingsCard } from "./settings-sections";

/*
 * « Adresse du site » (app/domains/content/site-address.server.ts): the admin's field in
 * Paramètres › Général, and the dashboard's one-click confirmation of the address the
 * browser shows. Both post to the settings action, intent "site-address", admin only.
 */

export interface SiteAddressView {
  /** The origin links are built on now (localhost while not set). */
  origin: string;
  set: boolean;
  /** PUBLIC_URL decides it: shown, not editable. */
  fixedByServer: boolean;
}

const SETTINGS_ACTION = "/admin/settings";
const FIELD_ERROR = "site_address.origin";

type SiteAddressAnswer = { errors?: Record<string, string> };

function useSiteAddressFetcher() {
  const fetcher = useFetcher<SiteAddressAnswer>();
  useActionToast(fetcher.data as Parameters<typeof useActionToast>[0]);
  const save = (typed: string) =>
    fetcher.submit(
      { intent: "site-address", siteAddress: typed },
      { method: "post", action: SETTINGS_ACTION },
    );
  return { save, busy: fetcher.state !== "idle", error: fetcher.data?.errors?.[FIELD_ERROR] };
}

export function SiteAddressSettings({ address }: { address: SiteAddressView }) {
  const { save, busy, error } = useSiteAddressFetcher();
  const [typed, setTyped] = useState(address.set ? address.origin : "");
  const [checked, setChecked] = useState<string | undefined>(undefined);
  const shown = checked ?? error;
  return (
    <SettingsCard
      title="Adresse du site"
      description="L'adresse publique du site : les liens des e-mails, le plan du site, les flux et le retour depuis HelloAsso l'utilisent."
    >
      {address.fixedByServer ? (
        <Field
          label="Adresse du site"
          description="Fixée par le serveur (PUBLIC_URL) : elle ne se change pas ici."
        >
          <Input value={address.origin} readOnly spellCheck={false} />
        </Field>
      ) : (
        <form
          className="flex flex-col gap-3 sm:flex-row sm:items-end"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (parseSiteAddress(typed) === null) return setChecked(SITE_ADDRESS_MESSAGES.invalid);
            setChecked(undefined);
            save(typed);
          }}
        >
          <Field
            label="Adresse du site"
            error={shown}
            description={
              address.set
                ? undefined
                : `Pas encore renseignée : les liens utilisent ${address.origin}, que personne d'autre ne peut ouvrir.`
            }
            className="flex-1"
          >
            <Input
              name="siteAddress"
              type="url"
              inputMode="url"
              placeholder="https://boxing-meyzieu.fr"
              value={typed}
              spellCheck={false}
              autoCapitalize="none"
              onChange={(event) => {
                setTyped(event.target.value);
                setChecked(undefined);
              }}
            />
          </Field>
          <Button type="submit" busy={busy}>
            Enregistrer l'adresse
          </Button>
        </form>
      )}
    </SettingsCard>
  );
}

const noChanges = () => () => {};

/**
 * The dashboard's offer to an admin while the address is not set: the address this
 * browser shows, confirmed in one click (the server checks it again).
 */
export function ConfirmSiteAddress({ localhost }: { localhost: string }) {
  const { save, busy, error } = useSiteAddressFetcher();
  // Known once the page runs in the browser: the server never reads it from the request.
  const seen = useSyncExternalStore(
    noChanges,
    () => window.location.origin,
    () => null,
  );
  return (
    <DashboardNotice
      id="adresse-du-site"
      icon={Globe}
      title="Confirmez l'adresse du site"
      spacing="gap-3"
    >
      <p>
        Les liens des e-mails envoyés aux bénévoles et aux familles utilisent pour l'instant{" "}
        <strong className="break-all">{localhost}</strong>. L'inscription en ligne et le paiement
        par carte attendent cette adresse.
      </p>
      {seen ? (
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:gap-4">
          <p>
            Votre navigateur affiche <strong className="break-all">{seen}</strong>.
          </p>
          <Button onClick={() => save(seen)} busy={busy}>
            C'est l'adresse du site
          </Button>
        </div>
      ) : null}
      {error ? <p className="font-medium text-red-700">{error}</p> : null}
      <p>
        Ou saisissez-la dans{" "}
        <Link to="/admin/settings?tab=general" className="font-semibold underline">
          Paramètres › Général
        </Link>
        .
      </p>
    </DashboardNotice>
  );
}
