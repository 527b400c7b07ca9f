import { MAX_MENU_ITEMS, MenuItemSchema } from "~/domains/content/menu-schema";
import { PAGE_FIELDS, PAGE_MESSAGES, sitePageSchemaFor } from "~/domains/content/page-schema";
import { actorOf, withActivity } from "~/domains/history/activity-log.server";
import { type Actor } from "~/domains/history/actor";
import { addMenuItem } from "~/domains/content/menu.server";
import {
  createSitePage,
  deleteSitePage,
  DuplicateSlugError,
  getSitePage,
  MainPageError,
  updateSitePage,
} from "~/domains/content/site-page.server";
import { NotFoundError, StaleSaveError } from "~/utils/stale.server";
import { moveToTrash } from "~/domains/history/trash.server";
import { requireCapability } from "~/domains/volunteers/auth.server";
import { fieldErrors, formText } from "~/core/form";
import { getClientIp, type RequestContext } from "~/utils/load-context";
import { toastResult } from "~/utils/toast";
import { createResult, errorResult, readEditorPost, staleResult } from "../editor-action.server";

/*
 * The Pages screen's POST: intent create, save, delete or add-to-menu, each answered with a
 * toast. The main pages (home, disciplines…) are read-only here: refused by each intent.
 */

/** A journal entry about a site page, named by its title at the time. */
function pageEntry(action: "create" | "save" | "publish" | "unpublish" | "delete") {
  return (page: { id: number; title: string }) => ({
    action,
    itemType: "page" as const,
    itemId: page.id,
    itemLabel: page.title,
  });
}

export async function pagesAction(request: Request, context?: RequestContext) {
  const actor = actorOf(await requireCapability(request, "content"), getClientIp(context));
  const { formData, intent, id, loadedAt } = await readEditorPost(request);

  if (intent === "create") {
    return createResult(() => withActivity(actor, pageEntry("create"), createSitePage), {
      done: PAGE_MESSAGES.added,
      failed: PAGE_MESSAGES.addFailed,
    });
  }
  if (intent !== "save" && intent !== "delete" && intent !== "add-to-menu") {
    return errorResult("Action inconnue", 400);
  }
  if (id === null) return errorResult(PAGE_MESSAGES.noneSelected, 400);

  if (intent === "delete") {
    try {
      await withActivity(actor, pageEntry("delete"), async () => {
        const page = await getSitePage({ id });
        // Into the Corbeille first, in the delete's transaction (ADR 022).
        await moveToTrash({ itemType: "page", id, actor });
        await deleteSitePage({ id });
        return page ?? { id, title: "" };
      });
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
  if (current.is_main) return errorResult(PAGE_MESSAGES.mainPageEdit, 400);
  if (intent === "add-to-menu") return addToMenu(current, actor);

  const parsed = sitePageSchemaFor(current).safeParse(formText(formData, PAGE_FIELDS));
  if (!parsed.success) {
    return errorResult(PAGE_MESSAGES.invalid, 400, {
      errors: fieldErrors(parsed.error, { byPath: true }),
    });
  }
  if (loadedAt === null) return staleResult();
  try {
    const published = parsed.data.is_published;
    const action =
      published === current.is_published ? "save" : published ? "publish" : "unpublish";
    const saved = await withActivity(actor, pageEntry(action), () =>
      updateSitePage({ id, values: parsed.data, loadedAt }),
    );
    return toastResult({ type: "success", message: PAGE_MESSAGES.saved }, { saved });
  } catch (caught) {
    if (caught instanceof DuplicateSlugError) {
      return errorResult(PAGE_MESSAGES.duplicateSlug, 400, {
        errors: { slug: PAGE_MESSAGES.duplicateSlug },
      });
    }
    if (caught instanceof MainPageError) return errorResult(PAGE_MESSAGES.mainPageEdit, 400);
    if (caught instanceof StaleSaveError) return staleResult();
    if (caught instanceof NotFoundError) return errorResult(PAGE_MESSAGES.notFound, 404);
    console.error(caught);
    return errorResult(PAGE_MESSAGES.saveFailed, 500);
  }
}

/**
 * A menu entry leading to the page as saved (its title, at most the menu's 60 characters,
 * and its address), once: asked again, the menu is left as it is. A draft is refused: the
 * entry would lead visitors to a page they cannot see.
 */
async function addToMenu(
  page: { title: string; slug: string; is_published: boolean },
  actor: Actor,
) {
  if (!page.is_published) return errorResult(PAGE_MESSAGES.menuNeedsPublished, 400);
  const entry = MenuItemSchema.safeParse({ label: page.title.slice(0, 60), path: page.slug });
  if (!entry.success) return errorResult(PAGE_MESSAGES.menuFailed, 400);
  try {
    const outcome = await withActivity(
      actor,
      (result) =>
        result === "added"
          ? { action: "save", itemType: "menu", itemLabel: `Menu du site : ${entry.data.label}` }
          : null,
      () => addMenuItem({ ...entry.data, max: MAX_MENU_ITEMS }),
    );
    if (outcome === "full") return errorResult(PAGE_MESSAGES.menuFull, 400);
    return toastResult(
      outcome === "added"
        ? { type: "success", message: PAGE_MESSAGES.addedToMenu }
        : { type: "info", message: PAGE_MESSAGES.alreadyInMenu },
      { inMenu: true },
    );
  } catch (caught) {
    console.error(caught);
    return errorResult(PAGE_MESSAGES.menuFailed, 500);
  }
}
