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
import { NotFoundError, StaleSaveError } from "~/models/stale.server";
import { requireAdmin } from "~/utils/auth.server";
import { fieldErrors, formText } from "~/utils/forms";
import { toastResult } from "~/utils/toast";
import { createResult, errorResult, readEditorPost, staleResult } from "./editor-action.server";

/* The Pages screen's POST: intent create, save or delete, each answered with a toast. */

export async function pagesAction(request: Request) {
  await requireAdmin(request);
  const { formData, intent, id, loadedAt } = await readEditorPost(request);

  if (intent === "create") {
    return createResult(createSitePage, {
      done: PAGE_MESSAGES.added,
      failed: PAGE_MESSAGES.addFailed,
    });
  }
  if (intent !== "save" && intent !== "delete") return errorResult("Action inconnue", 400);
  if (id === null) return errorResult(PAGE_MESSAGES.noneSelected, 400);

  if (intent === "delete") {
    try {
      await deleteSitePage({ id });
      return toastResult({ type: "success", message: PAGE_MESSAGES.deleted }, { deletedId: id });
    } catch (caught) {
      if (caught instanceof MainPageError) return errorResult(PAGE_MESSAGES.mainPage, 400);
      if (caught instanceof NotFoundError) return errorResult(PAGE_MESSAGES.notFound, 404);
      console.error(caught);
      return errorResult(PAGE_MESSAGES.deleteFailed, 500);
    }
  }

  const current = await getSitePage({ id });
  if (!current) return errorResult(PAGE_MESSAGES.notFound, 404);
  const schema = current.is_main ? MainSitePageSchema : SitePageSchema;
  const parsed = schema.safeParse(formText(formData, PAGE_FIELDS));
  if (!parsed.success) {
    return errorResult(PAGE_MESSAGES.invalid, 400, {
      errors: fieldErrors(parsed.error, { byPath: true }),
    });
  }
  if (loadedAt === null) return staleResult();
  try {
    const saved = await updateSitePage({ id, values: parsed.data, loadedAt });
    return toastResult({ type: "success", message: PAGE_MESSAGES.saved }, { saved });
  } catch (caught) {
    if (caught instanceof DuplicateSlugError) {
      return errorResult(PAGE_MESSAGES.duplicateSlug, 400, {
        errors: { slug: PAGE_MESSAGES.duplicateSlug },
      });
    }
    if (caught instanceof StaleSaveError) return staleResult();
    if (caught instanceof NotFoundError) return errorResult(PAGE_MESSAGES.notFound, 404);
    console.error(caught);
    return errorResult(PAGE_MESSAGES.saveFailed, 500);
  }
}
