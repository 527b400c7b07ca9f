import type { ReactNode } from "react";
import { Link } from "react-router";
import { SITE_ADDRESS_MESSAGES } from "~/core/site-address";

/**
 * Said where something that sends families to the site by a link (online membership, card
 * payment) waits for « Adresse du site »; the server refuses it meanwhile.
 */
export function SiteAddressRequired({ children }: { children: ReactNode }) {
  return (
    <p
      role="note"
      className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900"
    >
      {children} {SITE_ADDRESS_MESSAGES.required}{" "}
      <Link to="/admin/settings?tab=general" className="font-semibold underline">
        Renseigner l'adresse du site
      </Link>
    </p>
  );
}
