import { actorOf } from "~/domains/history/activity-log.server";
import { HELLOASSO_SOURCE_ADDRESSES } from "~/domains/membership/helloasso/config.server";
import {
  getHelloAssoSettings,
  PAYMENT_SETTINGS_MESSAGES,
  saveHelloAssoSettings,
  testHelloAssoConnection,
  type HelloAssoSettingsEcho,
  type HelloAssoSettingsInput,
  type PaymentSettingsField,
} from "~/domains/membership/helloasso/settings.server";
import { getSiteAddress } from "~/core/site-address.server";
import { STALE_SAVE_MESSAGE, StaleSaveError } from "~/utils/stale.server";
import { requireCapability } from "~/domains/volunteers/auth.server";
import { formText, readForm } from "~/core/form";
import { getClientIp, type RequestContext } from "~/utils/load-context";
import { toastResult, type Toast } from "~/utils/toast";

/*
 * /admin/settings/paiement, the admin's « Paiement en ligne »: HelloAsso's
 * settings (app/domains/membership/helloasso/settings.server.ts), admin only, loader and action.
 */

/** Where HelloAsso sends its notifications (the route app/routes/api/helloasso-notification). */
export const NOTIFICATION_PATH = "/api/helloasso/notification";

export async function paymentSettingsLoader({ request }: { request: Request }) {
  await requireCapability(request, "admin");
  const address = await getSiteAddress();
  return {
    settings: await getHelloAssoSettings(),
    notificationUrl: `${address.origin}${NOTIFICATION_PATH}`,
    /** Card payment cannot be turned on before « Adresse du site » is set. */
    addressSet: address.set,
    defaultAddresses: {
      production: [...HELLOASSO_SOURCE_ADDRESSES.production],
      sandbox: [...HELLOASSO_SOURCE_ADDRESSES.sandbox],
    },
  };
}

export interface PaymentSettingsAnswer {
  toast: Toast;
  intent: "save" | "test" | null;
  ok: boolean;
  errors: Partial<Record<PaymentSettingsField, string>>;
  /** After a refused save: what was typed, the secrets aside. */
  values?: HelloAssoSettingsEcho;
}

function answer(body: Omit<PaymentSettingsAnswer, "toast">, toast: Toast, status = 200) {
  return toastResult(toast, body, { status });
}

const TEXT_FIELDS = [
  "organizationSlug",
  "clientId",
  "clientSecret",
  "allowlist",
  "signatureKey",
  "environment",
  "loadedAt",
] as const;

function inputOf(form: FormData): HelloAssoSettingsInput {
  const text = formText(form, TEXT_FIELDS);
  const checked = (name: string) => form.get(name) === "on";
  return {
    enabled: checked("enabled"),
    organizationSlug: text.organizationSlug.slice(0, 2000),
    clientId: text.clientId.slice(0, 2000),
    clientSecret: text.clientSecret,
    sandbox: text.environment === "sandbox",
    instalments: checked("instalments"),
    allowlist: text.allowlist.slice(0, 5000),
    signatureKey: text.signatureKey,
    clearSignatureKey: checked("clearSignatureKey"),
    loadedAt: text.loadedAt || null,
  };
}

export async function paymentSettingsAction({
  request,
  context,
}: {
  request: Request;
  context?: RequestContext;
}) {
  const admin = await requireCapability(request, "admin");
  const form = await readForm(request);
  const intent = form.get("intent");

  if (intent === "test") {
    const result = await testHelloAssoConnection();
    return answer(
      { intent: "test", ok: result.ok, errors: {} },
      { type: result.ok ? "success" : "error", message: result.message },
    );
  }
  if (intent !== "save") {
    return answer(
      { intent: null, ok: false, errors: {} },
      { type: "error", message: PAYMENT_SETTINGS_MESSAGES.failed },
      400,
    );
  }
  const input = inputOf(form);
  const { clientSecret: _secret, signatureKey: _key, loadedAt: _loaded, ...values } = input;
  let result;
  try {
    result = await saveHelloAssoSettings(actorOf(admin, getClientIp(context)), input);
  } catch (error) {
    if (!(error instanceof StaleSaveError)) throw error;
    return answer(
      { intent: "save", ok: false, errors: {}, values },
      { type: "error", message: STALE_SAVE_MESSAGE },
      409,
    );
  }
  if (!result.ok) {
    const only = Object.keys(result.errors).length === 1 ? result.errors.enabled : undefined;
    return answer(
      { intent: "save", ok: false, errors: result.errors, values },
      { type: "error", message: only ?? PAYMENT_SETTINGS_MESSAGES.invalid },
      400,
    );
  }
  return answer(
    { intent: "save", ok: true, errors: {} },
    { type: "success", message: PAYMENT_SETTINGS_MESSAGES.saved },
  );
}
