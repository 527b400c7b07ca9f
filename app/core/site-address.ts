/*
 * « Adresse du site » (Paramètres › Général): the origin every absolute link of the club
 * is built on, mails, sitemap, feeds, Open Graph and HelloAsso's return addresses
 * (app/core/site-address.server.ts). Pure: the screen and the server check it alike.
 */

/** Stored in site_settings under "site_address"; "": not set yet. */
export const SITE_ADDRESS_DEFAULTS = { origin: "" };

export const SITE_ADDRESS_MESSAGES = {
  invalid:
    "Indiquez l'adresse du site commençant par https:// ou http://, sans chemin (par exemple https://boxing-meyzieu.fr).",
  saved: "Adresse du site enregistrée.",
  fixedByServer:
    "L'adresse du site est fixée par le serveur (PUBLIC_URL) : elle ne se change pas ici.",
  /** Said by every screen and save that needs it (membership, card payment). */
  required: "Renseignez d'abord « Adresse du site » dans Paramètres › Général.",
} as const;

/**
 * The origin typed (http(s), a host, an optional port; a final "/" is dropped), or null
 * when it is anything else: a path, a query, credentials, another scheme.
 */
export function parseSiteAddress(typed: string): string | null {
  const text = typed.trim().replace(/\/$/, "");
  if (text.length === 0 || text.length > 200 || !/^https?:\/\/[^/?#\\@\s]+$/i.test(text)) {
    return null;
  }
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.hostname === "" || url.username || url.password) return null;
  return url.origin;
}
