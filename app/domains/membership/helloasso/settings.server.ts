import { isIP } from "node:net";
import { getDb } from "~/db/client.server";
import { SETTINGS_LABELS } from "~/domains/history";
import { withActivity } from "~/domains/history/index.server";
import { type ActivityEntry, type Actor } from "~/domains/history";
import { isSiteAddressSet } from "~/core/site-address.server";
import { StaleSaveError } from "~/utils/stale.server";
import { SITE_ADDRESS_MESSAGES } from "~/core/site-address";
import { sealSecret } from "~/utils/secret-box.server";
import { accessToken, forgetHelloAssoTokens, HelloAssoError } from "./api.server";
import { configFromRow, parseAllowlist, readSettingsRow } from "./config.server";

/*
 * The admin's « Paiement en ligne »: HelloAsso's settings as the screen shows
 * them (never a secret: only whether one is stored), their save (checked here, secrets
 * sealed, one row, journalled) and « Tester la connexion ».
 */

export const PAYMENT_SETTINGS_MESSAGES = {
  saved: "Paiement en ligne enregistré",
  invalid: "Rien n'a été enregistré : corrigez les champs signalés.",
  failed: "L'enregistrement n'a pas abouti : réessayez.",
  incomplete:
    "Renseignez le nom de l'organisation, l'identifiant et le secret du client API pour activer le paiement en ligne.",
  testMissing:
    "Enregistrez d'abord le nom de l'organisation, l'identifiant et le secret du client API.",
  testOk: "Connexion à HelloAsso réussie.",
  slug: "Le nom de l'organisation ne contient que des minuscules, des chiffres et des tirets (100 caractères au plus), comme à la fin de l'adresse HelloAsso de l'association.",
  clientId: "L'identifiant du client API fait 100 caractères au plus, sans espace.",
  clientSecret: "Le secret du client API fait 200 caractères au plus.",
  signatureKey: "La clé de signature fait 200 caractères au plus.",
  allowlistTooMany: "20 adresses au plus.",
  allowlistBad: (entry: string) =>
    `« ${entry.slice(0, 60)} » n'est pas une adresse IP (par exemple 51.138.206.200).`,
} as const;

/** The journal's entry of a save: its name only, never a value. */
const JOURNAL_ENTRY: ActivityEntry = {
  action: "save",
  itemType: "settings",
  itemId: "helloasso",
  itemLabel: SETTINGS_LABELS.helloasso,
};

const ALLOWLIST_MAX = 20;

/** What the screen shows: no secret, only whether one is stored. */
export interface HelloAssoSettingsView {
  enabled: boolean;
  organizationSlug: string;
  clientId: string;
  hasClientSecret: boolean;
  sandbox: boolean;
  instalments: boolean;
  /** The addresses as stored, one per line; "" for HelloAsso's own. */
  allowlist: string;
  hasSignatureKey: boolean;
  updatedAt: string | null;
}

export async function getHelloAssoSettings(): Promise<HelloAssoSettingsView> {
  const row = await readSettingsRow();
  return {
    enabled: Boolean(row?.enabled),
    organizationSlug: row?.organization_slug ?? "",
    clientId: row?.client_id ?? "",
    hasClientSecret: Boolean(row?.client_secret),
    sandbox: Boolean(row?.sandbox),
    instalments: Boolean(row?.instalments),
    allowlist: row?.allowlist ?? "",
    hasSignatureKey: Boolean(row?.signature_key),
    updatedAt: row?.updated_at ?? null,
  };
}

/** What the form sends; an empty secret or key keeps the stored one. */
export interface HelloAssoSettingsInput {
  enabled: boolean;
  organizationSlug: string;
  clientId: string;
  clientSecret: string;
  sandbox: boolean;
  instalments: boolean;
  allowlist: string;
  signatureKey: string;
  clearSignatureKey: boolean;
  /** The updated_at the form was loaded with (null: no row then): a stale save is refused. */
  loadedAt: string | null;
}

/** The typed values the form shows back after a refusal: never the secrets. */
export type HelloAssoSettingsEcho = Omit<
  HelloAssoSettingsInput,
  "clientSecret" | "signatureKey" | "loadedAt"
>;

export type PaymentSettingsField =
  "enabled" | "organizationSlug" | "clientId" | "clientSecret" | "allowlist" | "signatureKey";

export type SaveHelloAssoResult =
  { ok: true } | { ok: false; errors: Partial<Record<PaymentSettingsField, string>> };

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** The association's HelloAsso address pasted whole: its slug is taken from it. */
const ADDRESS =
  /^(?:https?:\/\/)?(?:www\.)?helloasso(?:-sandbox)?\.com\/associations\/([^/?#\s]+)/i;

/** The slug as typed, or the one of a pasted HelloAsso address. */
export function slugOf(typed: string): string {
  const text = typed.trim();
  return text.match(ADDRESS)?.[1] ?? text;
}

function validate(input: HelloAssoSettingsInput, storedSecret: boolean) {
  const errors: Partial<Record<PaymentSettingsField, string>> = {};
  const slug = slugOf(input.organizationSlug);
  const clientId = input.clientId.trim();
  const secret = input.clientSecret.trim();
  const key = input.signatureKey.trim();
  const addresses = parseAllowlist(input.allowlist);
  if (slug && (slug.length > 100 || !SLUG.test(slug))) {
    errors.organizationSlug = PAYMENT_SETTINGS_MESSAGES.slug;
  }
  if (clientId.length > 100 || /\s/.test(clientId)) {
    errors.clientId = PAYMENT_SETTINGS_MESSAGES.clientId;
  }
  if (secret.length > 200) errors.clientSecret = PAYMENT_SETTINGS_MESSAGES.clientSecret;
  if (key.length > 200) errors.signatureKey = PAYMENT_SETTINGS_MESSAGES.signatureKey;
  const wrong = addresses.find((address) => isIP(address) === 0);
  if (wrong !== undefined) errors.allowlist = PAYMENT_SETTINGS_MESSAGES.allowlistBad(wrong);
  else if (addresses.length > ALLOWLIST_MAX) {
    errors.allowlist = PAYMENT_SETTINGS_MESSAGES.allowlistTooMany;
  }
  if (input.enabled && (!slug || !clientId || (!secret && !storedSecret))) {
    errors.enabled = PAYMENT_SETTINGS_MESSAGES.incomplete;
  }
  return { errors, slug, clientId, secret, key, allowlist: addresses.join("\n") };
}

/**
 * Saves the settings, checked on the server: the row is inserted the first time, then
 * updated. A secret or key left empty keeps the stored one (sealed); the journal names
 * the save, never a value. The tokens kept for the previous client are forgotten. Throws
 * StaleSaveError when the row changed since the form loaded it.
 */
export async function saveHelloAssoSettings(
  actor: Actor,
  input: HelloAssoSettingsInput,
  { now = new Date() }: { now?: Date } = {},
): Promise<SaveHelloAssoResult> {
  const stored = await readSettingsRow();
  const checked = validate(input, Boolean(stored?.client_secret));
  // HelloAsso sends the family back to the club's address: localhost would lose them.
  if (input.enabled && !checked.errors.enabled && !(await isSiteAddressSet())) {
    checked.errors.enabled = SITE_ADDRESS_MESSAGES.required;
  }
  if (Object.keys(checked.errors).length > 0) return { ok: false, errors: checked.errors };
  const previous = stored?.updated_at;
  const stamp =
    previous && Date.parse(previous) >= now.getTime()
      ? new Date(Date.parse(previous) + 1).toISOString()
      : now.toISOString();
  const values = {
    enabled: input.enabled ? 1 : 0,
    organization_slug: checked.slug,
    client_id: checked.clientId,
    client_secret: checked.secret ? sealSecret(checked.secret) : (stored?.client_secret ?? ""),
    sandbox: input.sandbox ? 1 : 0,
    instalments: input.instalments ? 1 : 0,
    allowlist: checked.allowlist,
    signature_key: checked.key
      ? sealSecret(checked.key)
      : input.clearSignatureKey
        ? ""
        : (stored?.signature_key ?? ""),
    updated_at: stamp,
  };
  await withActivity(actor, JOURNAL_ENTRY, async () => {
    const db = getDb();
    if (!stored) {
      if (input.loadedAt !== null) throw new StaleSaveError();
      await db.insertInto("helloasso_settings").values(values).execute();
      return;
    }
    // The UPDATE matches the stamp the form loaded: a save over another's changes nothing.
    const result = await db
      .updateTable("helloasso_settings")
      .set(values)
      .where("id", "=", stored.id)
      .where("updated_at", "=", input.loadedAt ?? "")
      .executeTakeFirst();
    if (result.numUpdatedRows === 0n) throw new StaleSaveError();
  });
  forgetHelloAssoTokens();
  return { ok: true };
}

export type HelloAssoTestResult = { ok: boolean; message: string };

/**
 * « Tester la connexion »: a fresh token asked with the stored settings, on or off (a
 * volunteer tries them before turning the payment on).
 */
export async function testHelloAssoConnection(): Promise<HelloAssoTestResult> {
  const row = await readSettingsRow();
  const config = row ? configFromRow(row) : null;
  if (!config) return { ok: false, message: PAYMENT_SETTINGS_MESSAGES.testMissing };
  try {
    await accessToken(config, { fresh: true });
    return { ok: true, message: PAYMENT_SETTINGS_MESSAGES.testOk };
  } catch (error) {
    if (error instanceof HelloAssoError) return { ok: false, message: error.message };
    throw error;
  }
}
