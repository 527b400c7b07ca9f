import { SITE_ADDRESS_MESSAGES } from "~/core/site-address";
import { getEnv } from "~/core/env.server";
import { withActivity } from "~/domains/history/index.server";
import { type Actor } from "~/domains/history";
import { getSettings, saveSettings } from "~/domains/content/settings.server";

/*
 * The admin's save of « Adresse du site » (Paramètres › Général), journaled. Reading the
 * club's address is app/core/site-address.server.ts's.
 */

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
