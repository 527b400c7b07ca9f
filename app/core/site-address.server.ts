import { getEnv } from "./env.server";
import { readSettings } from "./settings.server";
import { SITE_ADDRESS_DEFAULTS } from "./site-address";

/*
 * The club's address: the one origin every absolute link is built on (mails, sitemap,
 * feeds, Open Graph, canonical links, HelloAsso's return and notification addresses).
 * PUBLIC_URL when the server sets it, else « Adresse du site » that an admin set in
 * Paramètres › Général, else this server on localhost. NOTE: never a request's Host,
 * X-Forwarded-Host or Origin: anyone can forge them, to have the club mail a volunteer or a
 * family a link to another site, or to put another site's address in a cached page.
 */

export interface SiteAddress {
  /** The origin the club's absolute links are built on. */
  origin: string;
  /** False while neither PUBLIC_URL nor « Adresse du site » says it (localhost then). */
  set: boolean;
  /** PUBLIC_URL decides it: « Adresse du site » cannot change it. */
  fixedByServer: boolean;
}

/** The club's address, from the stored « Adresse du site » (for loaders that read every setting). */
export function siteAddressOf({ origin }: typeof SITE_ADDRESS_DEFAULTS): SiteAddress {
  const env = getEnv();
  if (env.publicUrl) return { origin: env.publicUrl, set: true, fixedByServer: true };
  return origin
    ? { origin, set: true, fixedByServer: false }
    : { origin: `http://localhost:${env.port}`, set: false, fixedByServer: false };
}

export async function getSiteAddress(): Promise<SiteAddress> {
  return siteAddressOf(await readSettings("site_address", SITE_ADDRESS_DEFAULTS));
}

/** The origin of the club's absolute links (see above). */
export async function getClubOrigin(): Promise<string> {
  return (await getSiteAddress()).origin;
}

/** Whatever sends families to the site by a link waits for this (membership, card payment). */
export async function isSiteAddressSet(): Promise<boolean> {
  return (await getSiteAddress()).set;
}
