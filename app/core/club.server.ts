import { CLUB_ADDRESS_DEFAULTS, CLUB_GENERAL_DEFAULTS } from "./club";
import { readAllSettings } from "./settings.server";
import { SITE_ADDRESS_DEFAULTS } from "./site-address";
import { siteAddressOf } from "./site-address.server";
import { isWebUrl } from "./url";

/*
 * The club as every mail names it (trials, membership, volunteers, password reset,
 * two-factor lock): its name, e-mail, address and site, from Paramètres.
 */

/** The club as the mails name it (Paramètres), read once per batch of mails. */
export interface MailClub {
  name: string;
  email: string;
  location: string;
  /** Paramètres › Adresse's map link (http(s) only), or "". */
  mapsUrl: string;
  /** The site's address in links (site-address.server.ts: never a visitor's Host). */
  origin: string;
  /** Paramètres › Général: the club is mailed each booking and cancellation. */
  notify: boolean;
}

export async function getMailClub(): Promise<MailClub> {
  const { general, address, site_address } = await readAllSettings({
    general: CLUB_GENERAL_DEFAULTS,
    address: CLUB_ADDRESS_DEFAULTS,
    site_address: SITE_ADDRESS_DEFAULTS,
  });
  return {
    name: general.siteName,
    email: general.email,
    location: [address.street, `${address.postalCode} ${address.city}`.trim()]
      .filter(Boolean)
      .join(", "),
    mapsUrl: isWebUrl(address.googleMapsUrl) ? address.googleMapsUrl.trim() : "",
    origin: siteAddressOf(site_address).origin,
    notify: general.notifyTrials,
  };
}
