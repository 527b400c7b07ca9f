import { getDb } from "~/db/client.server";
import { getEnv } from "~/core/env.server";
import { openSecret } from "~/utils/secret-box.server";

/*
 * What the server needs to talk to HelloAsso, read from the admin's « Paiement en
 * ligne » (helloasso_settings, one row): null while it is off or incomplete, and then
 * /adhesion offers only paying at the club.
 */

/** HelloAsso's API roots (dev.helloasso.com, « Introduction à l'API »). */
export const HELLOASSO_API_URLS = {
  production: "https://api.helloasso.com",
  sandbox: "https://api.helloasso-sandbox.com",
} as const;

/** The addresses HelloAsso's notifications come from (dev.helloasso.com, « Sécuriser »). */
export const HELLOASSO_SOURCE_ADDRESSES = {
  production: ["51.138.206.200"],
  sandbox: ["4.233.135.234"],
} as const;

export interface HelloAssoConfig {
  /** The API root: HELLOASSO_API_URL (tests), else production's or the sandbox's. */
  apiUrl: string;
  organizationSlug: string;
  clientId: string;
  clientSecret: string;
  sandbox: boolean;
  /** Paying in 3 instalments is offered. */
  instalments: boolean;
  /** The source addresses a notification is accepted from (HelloAsso's when none is set). */
  allowlist: string[];
  /** The key of the notifications' x-ha-signature, when HelloAsso gave one. */
  signatureKey: string | null;
}

/** The settings' one row, or undefined before the admin saved it. */
export function readSettingsRow() {
  return getDb().selectFrom("helloasso_settings").selectAll().orderBy("id").executeTakeFirst();
}

/** Addresses typed one per line (or separated by commas or spaces), empty ones dropped. */
export function parseAllowlist(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((part) => part.trim())
    .filter(Boolean);
}

type SettingsRow = NonNullable<Awaited<ReturnType<typeof readSettingsRow>>>;

function isComplete(row: SettingsRow | undefined): row is SettingsRow {
  return Boolean(row?.enabled && row.organization_slug && row.client_id && row.client_secret);
}

/** What families are offered by card, or null when it is off (no secret opened). */
export async function cardOffer(): Promise<{ instalments: boolean } | null> {
  const row = await readSettingsRow();
  return isComplete(row) ? { instalments: Boolean(row.instalments) } : null;
}

export async function cardPaymentOn(): Promise<boolean> {
  return (await cardOffer()) !== null;
}

/**
 * The configuration a settings row gives, on or off (« Tester la connexion » tries it
 * before it is turned on); null while the slug, the client's id or its secret is missing.
 */
export function configFromRow(row: SettingsRow): HelloAssoConfig | null {
  if (!row.organization_slug || !row.client_id || !row.client_secret) return null;
  const sandbox = Boolean(row.sandbox);
  const typed = parseAllowlist(row.allowlist);
  return {
    apiUrl: getEnv().helloAssoApiUrl ?? HELLOASSO_API_URLS[sandbox ? "sandbox" : "production"],
    organizationSlug: row.organization_slug,
    clientId: row.client_id,
    clientSecret: openSecret(row.client_secret),
    sandbox,
    instalments: Boolean(row.instalments),
    allowlist:
      typed.length > 0
        ? typed
        : [...HELLOASSO_SOURCE_ADDRESSES[sandbox ? "sandbox" : "production"]],
    signatureKey: row.signature_key ? openSecret(row.signature_key) : null,
  };
}

export async function helloAssoConfig(): Promise<HelloAssoConfig | null> {
  const row = await readSettingsRow();
  return isComplete(row) ? configFromRow(row) : null;
}
