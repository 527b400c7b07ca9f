import type { Settings } from "~/content/defaults";
import { SITE_ADDRESS_MESSAGES } from "~/content/site-address";
import { withActivity, type Actor } from "~/models/activity-log.server";
import { getSettings, saveSettings } from "~/models/settings.server";
import { getEnv } from "~/utils/env.server";

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
export function siteAddressOf({ origin }: Settings<"site_address">): SiteAddress {
  const env = getEnv();
  if (env.publicUrl) return { origin: env.publicUrl, set: true, fixedByServer: true };
  return origin
    ? { origin, set: true, fixedByServer: false }
    : { origin: `http://localhost:${env.port}`, set: false, fixedByServer: false };
}

export async function getSiteAddress(): Promise<SiteAddress> {
  return siteAddressOf(await getSettings({ category: "site_address" }));
}

/** The origin of the club's absolute links (see above). */
export async function getClubOrigin(): Promise<string> {
  return (await getSiteAddress()).origin;
}

/** Whatever sends families to the site by a link waits for this (membership, card payment). */
export async function isSiteAddressSet(): Promise<boolean> {
  return (await getSiteAddress()).set;
}

export type SaveSiteAddressResult = { ok: true } | { ok: false; message: string };

/**
 * Stores « Adresse du site », an origin already checked by parseSiteAddress. The caller
 * is an admin with a full session (requireCapability "admin"). Refused while PUBLIC_URL
 * fixes the address.
 */
export async function saveSiteAddress(
  actor: Actor,
  origin: string,
): Promise<SaveSiteAddressResult> {
  if (getEnv().publicUrl) return { ok: false, message: SITE_ADDRESS_MESSAGES.fixedByServer };
  await withActivity(
    actor,
    { action: "save", itemType: "settings", itemId: "site_address", itemLabel: "Adresse du site" },
    async () => {
      const { updated_at } = await getSettings({ category: "site_address" });
      await saveSettings({ category: "site_address", settings: { origin }, loadedAt: updated_at });
    },
  );
  return { ok: true };
}
