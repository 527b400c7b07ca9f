import {
  MainSitePageSchema,
  PAGE_FIELDS,
  PAGE_MESSAGES,
  SitePageSchema,
} from "~/components/admin/pages/page-schema";
import {
  createSitePage,
  deleteSitePage,
  DuplicateSlugError,
  getSitePage,
  MainPageError,
  updateSitePage,
} from "~/models/site-page.server";
import { NotFoundError, STALE_SAVE_MESSAGE, StaleSaveError } from "~/models/stale.server";
import { requireAdmin } from "~/utils/auth.server";
import { fieldErrors, formText, positiveId, readForm } from "~/utils/forms";
import { toastResult } from "~/utils/toast";

/* The Pages screen's POST: intent create, save or delete, each answered with a toast. */

export async function pagesAction(request: Request) {
  await requireAdmin(request);
  const formData = await readForm(request);
  const intent = formData.get("intent");
  const id = positiveId(formData.get("id"));
  const error = (message: string, status: number, extra: object = {}) =>
    toastResult({ type: "error", message }, extra, status);

  if (intent === "create") {
    try {
      const page = await createSitePage();
      return toastResult({ type: "success", message: PAGE_MESSAGES.added }, { createdId: page.id });
    } catch (caught) {
      console.error(caught);
      return error(PAGE_MESSAGES.addFailed, 500);
    }
  }
  if (intent !== "save" && intent !== "delete") return error("Action inconnue", 400);
  if (id === null) return error(PAGE_MESSAGES.noneSelected, 400);

  if (intent === "delete") {
    try {
      await deleteSitePage({ id });
      return toastResult({ type: "success", message: PAGE_MESSAGES.deleted }, { deletedId: id });
    } catch (caught) {
      if (caught instanceof MainPageError) return error(PAGE_MESSAGES.mainPage, 400);
      if (caught instanceof NotFoundError) return error(PAGE_MESSAGES.notFound, 404);
      console.error(caught);
      return error(PAGE_MESSAGES.deleteFailed, 500);
    }
  }

  const current = await getSitePage({ id });
  if (!current) return error(PAGE_MESSAGES.notFound, 404);
  const schema = current.is_main ? MainSitePageSchema : SitePageSchema;
  const parsed = schema.safeParse(formText(formData, PAGE_FIELDS));
  if (!parsed.success) {
    return error(PAGE_MESSAGES.invalid, 400, {
      errors: fieldErrors(parsed.error, { byPath: true }),
    });
  }
  const loadedAt = formData.get("updated_at");
  if (typeof loadedAt !== "string" || loadedAt === "") {
    return error(STALE_SAVE_MESSAGE, 409, { stale: true });
  }
  try {
    const saved = await updateSitePage({ id, values: parsed.data, loadedAt });
    return toastResult({ type: "success", message: PAGE_MESSAGES.saved }, { saved });
  } catch (caught) {
    if (caught instanceof DuplicateSlugError) {
      return error(PAGE_MESSAGES.duplicateSlug, 400, {
        errors: { slug: PAGE_MESSAGES.duplicateSlug },
      });
    }
    if (caught instanceof StaleSaveError) return error(STALE_SAVE_MESSAGE, 409, { stale: true });
    if (caught instanceof NotFoundError) return error(PAGE_MESSAGES.notFound, 404);
    console.error(caught);
    return error(PAGE_MESSAGES.saveFailed, 500);
  }
}
