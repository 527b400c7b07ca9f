import { MENU_MESSAGES, MenuSchema } from "~/domains/content/menu-schema";
import { actorOf, withActivity } from "~/domains/history/activity-log.server";
import { saveMenu } from "~/domains/content/menu.server";
import { STALE_SAVE_MESSAGE, StaleSaveError } from "~/utils/stale.server";
import { requireCapability } from "~/domains/volunteers/auth.server";
import { fieldErrors, formJson, readForm, type FieldErrors } from "~/core/form";
import { getClientIp, type ActionRequest } from "~/utils/load-context";
import { toastAnswer, type Toast } from "~/utils/toast";

export interface MenuActionData {
  toast: Toast;
  errors: FieldErrors;
  saved: boolean;
}

const answer = toastAnswer<Omit<MenuActionData, "toast">>(() => ({ errors: {}, saved: false }));

/**
 * Saves the whole menu (`items`: JSON list of { label, path } in order) if it is still
 * the version the editor loaded (`version`), in one transaction.
 */
export async function menuAction({ request, context }: ActionRequest) {
  const session = await requireCapability(request, "content");
  const form = await readForm(request);
  const raw = formJson(form, "items");
  const version = form.get("version");
  if (form.get("intent") !== "save" || typeof version !== "string" || !Array.isArray(raw)) {
    return answer({ type: "error", message: MENU_MESSAGES.failed }, {}, 400);
  }
  const parsed = MenuSchema.safeParse(raw);
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error, { byPath: true });
    return answer(
      { type: "error", message: errors.form ?? MENU_MESSAGES.invalid },
      { errors },
      400,
    );
  }
  try {
    await withActivity(
      actorOf(session, getClientIp(context)),
      { action: "save", itemType: "menu", itemLabel: "Menu du site" },
      () => saveMenu({ items: parsed.data, loadedVersion: version }),
    );
    return answer({ type: "success", message: MENU_MESSAGES.saved }, { saved: true });
  } catch (error) {
    if (error instanceof StaleSaveError) {
      return answer({ type: "error", message: STALE_SAVE_MESSAGE }, {}, 409);
    }
    console.error("Menu save failed", error);
    return answer({ type: "error", message: MENU_MESSAGES.failed }, {}, 500);
  }
}
