import {
  EDITABLE_CATEGORIES,
  ICON_NETWORKS,
  NETWORK_LABELS,
  SETTINGS_MESSAGES,
  SettingsChangesSchema,
  validateSettingsChanges,
  type EditableCategory,
  type EditableSettings,
  type SettingsErrors,
} from "~/domains/content/settings-schema";
import { SETTINGS_LABELS } from "~/domains/history/activity";
import { actorOf, withActivity } from "~/domains/history/activity-log.server";
import { type ActivityEntry, type Actor } from "~/domains/history/actor";
import type { Settings } from "~/domains/content/defaults";
import type { StorageBucket } from "~/storage/buckets";
import { uploadPathsIn } from "~/domains/content/file-usage.server";
import { removeFileIfUnused } from "~/domains/content/upload-removal.server";
import {
  getSettings,
  saveSettingsCategories,
  setSocialIcon,
} from "~/domains/content/settings.server";
import { STALE_SAVE_MESSAGE, StaleSaveError } from "~/utils/stale.server";
import { forbidden, requireCapability } from "~/domains/volunteers/auth.server";
import { can } from "~/domains/volunteers/capabilities";
import { formJson, formText, readForm } from "~/core/form";
import { getClientIp, type RequestContext } from "~/utils/load-context";
import { toastResult, type Toast } from "~/utils/toast";
import { parseSiteAddress, SITE_ADDRESS_MESSAGES } from "~/core/site-address";
import { getSiteAddress, type SiteAddress } from "~/core/site-address.server";
import { saveSiteAddress } from "~/domains/content/site-address.server";
import { isSafeUrl } from "~/core/url";

export interface SettingsCategoryData<C extends EditableCategory | "social_icons"> {
  values: Settings<C>;
  /** The row's updated_at, sent back by a save (null: no row yet). */
  updatedAt: string | null;
}

export type SettingsLoaderData = {
  categories: { [C in EditableCategory]: SettingsCategoryData<C> };
  icons: Settings<"social_icons">;
  /** « Adresse du site »: the admin's alone (null for any other role). */
  siteAddress: SiteAddress | null;
};

export async function settingsLoader({
  request,
}: {
  request: Request;
}): Promise<SettingsLoaderData> {
  const session = await requireCapability(request, "content");
  const entries = await Promise.all(
    EDITABLE_CATEGORIES.map(async (category) => {
      const { updated_at, ...values } = await getSettings({ category });
      return [category, { values, updatedAt: updated_at }] as const;
    }),
  );
  const { updated_at: _ignored, ...icons } = await getSettings({ category: "social_icons" });
  return {
    categories: Object.fromEntries(entries) as SettingsLoaderData["categories"],
    icons,
    siteAddress: can(session.roles, "admin") ? await getSiteAddress() : null,
  };
}

export type SettingsIntent = "save" | "social-icon" | "social-icon-remove" | "site-address";

export interface SettingsActionData {
  toast: Toast;
  intent: SettingsIntent | null;
  /** Invalid fields: "category.field". */
  errors: SettingsErrors;
  /** The categories saved. */
  saved: EditableCategory[] | null;
}

function answer(
  intent: SettingsIntent | null,
  toast: Toast,
  extra: Partial<Omit<SettingsActionData, "toast" | "intent">> = {},
  status = 200,
) {
  const body: Omit<SettingsActionData, "toast"> = { intent, errors: {}, saved: null, ...extra };
  return toastResult(toast, body, { status });
}

const SOCIAL_ICON_FILES = { bucket: "site-images", subpath: "social-icons" } as const;

/** Where each settings category keeps the files it uploads. */
const FILE_FOLDERS: Partial<Record<EditableCategory, { bucket: StorageBucket; subpath: string }>> =
  {
    tarifs_pdf: { bucket: "site-documents", subpath: "tarifs" },
    social: SOCIAL_ICON_FILES,
    legal: { bucket: "site-images", subpath: "signature" },
  };

/** The uploaded files the stored settings of these categories refer to, before a save. */
async function uploadedFilesOf(categories: EditableCategory[]) {
  const files: { url: string; bucket: StorageBucket; subpath: string }[] = [];
  for (const category of new Set(categories)) {
    const folder = FILE_FOLDERS[category];
    if (!folder) continue;
    const { updated_at: _stamp, ...stored } = await getSettings({ category });
    for (const url of new Set(uploadPathsIn(JSON.stringify(stored))))
      files.push({ url, ...folder });
  }
  return files;
}

function isIconNetwork(value: unknown): value is (typeof ICON_NETWORKS)[number] {
  return typeof value === "string" && (ICON_NETWORKS as readonly string[]).includes(value);
}

/** A journal entry about a settings category, named by its tab in Paramètres. */
function settingsEntry(category: string, detail = ""): ActivityEntry {
  const tab = SETTINGS_LABELS[category] ?? category;
  return {
    action: "save",
    itemType: "settings",
    itemId: category,
    itemLabel: detail ? `${tab} : ${detail}` : tab,
  };
}

export async function settingsAction({
  request,
  context,
}: {
  request: Request;
  context?: RequestContext;
}) {
  const admin = await requireCapability(request, "content");
  const actor = actorOf(admin, getClientIp(context));
  const form = await readForm(request);
  const intent = form.get("intent");

  if (intent === "site-address") {
    if (!can(admin.roles, "admin")) throw forbidden();
    return siteAddressAnswer(actor, form);
  }

  if (intent === "social-icon" || intent === "social-icon-remove") {
    const network = form.get("network");
    if (!isIconNetwork(network)) {
      return answer(
        intent,
        { type: "error", message: SETTINGS_MESSAGES.networkFirst },
        { errors: { network: SETTINGS_MESSAGES.networkFirst } },
        400,
      );
    }
    const url = intent === "social-icon" ? formText(form, ["url"]).url.trim() : "";
    if (intent === "social-icon" && (url === "" || !isSafeUrl(url))) {
      return answer(
        intent,
        { type: "error", message: "Veuillez sélectionner une image" },
        { errors: { url: "Veuillez sélectionner une image" } },
        400,
      );
    }
    let previous = "";
    try {
      previous = (await getSettings({ category: "social_icons" }))[network];
      await withActivity(actor, settingsEntry("social_icons", NETWORK_LABELS[network]), () =>
        setSocialIcon({ network, url }),
      );
    } catch (error) {
      if (error instanceof StaleSaveError) {
        return answer(intent, { type: "error", message: STALE_SAVE_MESSAGE }, {}, 409);
      }
      console.error("Social icon save failed", error);
      return answer(intent, { type: "error", message: SETTINGS_MESSAGES.failed }, {}, 500);
    }
    if (previous !== url) await removeFileIfUnused({ url: previous, ...SOCIAL_ICON_FILES });
    const label = NETWORK_LABELS[network];
    const message =
      intent === "social-icon"
        ? SETTINGS_MESSAGES.iconUploaded(label)
        : SETTINGS_MESSAGES.iconRemoved(label);
    return answer(intent, { type: "success", message });
  }

  if (intent !== "save") {
    return answer(null, { type: "error", message: SETTINGS_MESSAGES.failed }, {}, 400);
  }
  const parsed = SettingsChangesSchema.safeParse(formJson(form, "changes"));
  if (!parsed.success) {
    return answer("save", { type: "error", message: SETTINGS_MESSAGES.failed }, {}, 400);
  }
  if (parsed.data.length === 0) {
    return answer("save", { type: "info", message: SETTINGS_MESSAGES.nothing });
  }
  // The legal information (publisher, host) is the admin's alone (ADR 017).
  if (parsed.data.some((change) => change.category === "legal") && !can(admin.roles, "admin")) {
    throw forbidden();
  }
  const valid = validateSettingsChanges(parsed.data);
  if (!valid.success) {
    return answer(
      "save",
      { type: "error", message: SETTINGS_MESSAGES.invalid },
      { errors: valid.errors },
      400,
    );
  }
  let previousFiles: { url: string; bucket: StorageBucket; subpath: string }[] = [];
  try {
    previousFiles = await uploadedFilesOf(valid.changes.map((change) => change.category));
    await withActivity(
      actor,
      valid.changes.map((change) => settingsEntry(change.category)),
      () => saveSettingsCategories({ changes: valid.changes }),
    );
  } catch (error) {
    if (error instanceof StaleSaveError) {
      return answer("save", { type: "error", message: STALE_SAVE_MESSAGE }, {}, 409);
    }
    console.error("Settings save failed", error);
    return answer("save", { type: "error", message: SETTINGS_MESSAGES.failed }, {}, 500);
  }
  // A replaced tarifs PDF, social icon or signature: its file goes, unless something else uses it.
  for (const file of previousFiles) await removeFileIfUnused(file);
  return answer(
    "save",
    { type: "success", message: SETTINGS_MESSAGES.saved },
    { saved: valid.changes.map((change) => change.category) },
  );
}

/**
 * « Adresse du site », from Paramètres › Général or the dashboard's confirmation: an
 * http(s) origin, checked here whatever the browser checked (the caller checked the role).
 */
async function siteAddressAnswer(actor: Actor, form: FormData) {
  const origin = parseSiteAddress(formText(form, ["siteAddress"]).siteAddress);
  const refuse = (message: string) =>
    answer(
      "site-address",
      { type: "error", message },
      { errors: { "site_address.origin": message } },
      400,
    );
  if (origin === null) return refuse(SITE_ADDRESS_MESSAGES.invalid);
  const saved = await saveSiteAddress(actor, origin);
  if (!saved.ok) return refuse(saved.message);
  return answer("site-address", { type: "success", message: SITE_ADDRESS_MESSAGES.saved });
}

export type { EditableSettings };
