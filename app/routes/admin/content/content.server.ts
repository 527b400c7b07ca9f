import { formJson, readForm } from "~/core/form";
import {
  CONTENT_MESSAGES,
  ContentChangesSchema,
  validateContentChanges,
  type BlockErrors,
} from "~/domains/content/content-schema";
import { blockTitle } from "~/domains/content/content-labels";
import { actorOf, withActivity } from "~/domains/history/activity-log.server";
import { ContentSaveError, saveContentBlocks } from "~/domains/content/content.server";
import { STALE_SAVE_MESSAGE, StaleSaveError } from "~/utils/stale.server";
import { requireCapability } from "~/domains/volunteers/auth.server";
import { getClientIp, type ActionRequest } from "~/utils/load-context";
import { toastAnswer, type Toast } from "~/utils/toast";

export interface ContentActionData {
  toast: Toast;
  /** Invalid fields by block ("hero/main") then by path ("features.0.title"). */
  errors: Record<string, BlockErrors>;
  /** The new updated_at of each saved block. */
  saved: Record<string, string> | null;
}

const answer = toastAnswer<Omit<ContentActionData, "toast">>(() => ({ errors: {}, saved: null }));

/**
 * The content editor's save: `changes` is the JSON list of pending blocks, each with the
 * updated_at it loaded. All are checked against their block's schema, then saved in one
 * transaction (saveContentBlocks): all or nothing.
 */
export async function contentAction({ request, context }: ActionRequest) {
  const session = await requireCapability(request, "content");
  const form = await readForm(request);
  if (form.get("intent") !== "save") {
    return answer({ type: "error", message: CONTENT_MESSAGES.failed }, {}, 400);
  }
  const parsed = ContentChangesSchema.safeParse(formJson(form, "changes"));
  if (!parsed.success) return answer({ type: "error", message: CONTENT_MESSAGES.failed }, {}, 400);
  if (parsed.data.length === 0) return answer({ type: "info", message: CONTENT_MESSAGES.nothing });

  const valid = validateContentChanges(parsed.data);
  if (!valid.success) {
    return answer(
      { type: "error", message: CONTENT_MESSAGES.invalid },
      { errors: valid.errors },
      400,
    );
  }
  try {
    // One journal row per block saved, named as the editor shows it.
    const blocks = valid.changes.map(({ category, section }) => ({
      action: "save" as const,
      itemType: "content" as const,
      itemId: `${category}/${section}`,
      itemLabel: blockTitle(category, section),
    }));
    const saved = await withActivity(actorOf(session, getClientIp(context)), blocks, () =>
      saveContentBlocks({ changes: valid.changes }),
    );
    return answer({ type: "success", message: CONTENT_MESSAGES.saved }, { saved });
  } catch (error) {
    if (error instanceof StaleSaveError) {
      return answer({ type: "error", message: STALE_SAVE_MESSAGE }, {}, 409);
    }
    // A ContentSaveError names the block (spec §8); nothing was saved either way.
    console.error(error instanceof ContentSaveError ? error.message : "Content save failed", error);
    return answer({ type: "error", message: CONTENT_MESSAGES.failed }, {}, 500);
  }
}
