import { STALE_SAVE_MESSAGE } from "~/utils/stale.server";
import { positiveId, readForm } from "~/core/form";
import { toastResult } from "~/utils/toast";

/*
 * What the actions of the screens that edit one row at a time (ordered records, pages)
 * share: reading the POST, answering an error, adding a row, refusing a stale save.
 */

/**
 * The POST's form, its `intent`, the selected row's `id` (null when none or invalid) and
 * the row's updated_at as the editor loaded it (`loadedAt`; null: a save counts as stale).
 */
export async function readEditorPost(request: Request) {
  const formData = await readForm(request);
  const loadedAt = formData.get("updated_at");
  return {
    formData,
    intent: formData.get("intent"),
    id: positiveId(formData.get("id")),
    loadedAt: typeof loadedAt === "string" && loadedAt !== "" ? loadedAt : null,
  };
}

/** An error toast with its status, beside what the screen needs (field errors…). */
export function errorResult(message: string, status: number, extra: object = {}) {
  return toastResult({ type: "error", message }, extra, status);
}

/** Someone saved the row since it was loaded: the editor keeps what was typed. */
export function staleResult() {
  return errorResult(STALE_SAVE_MESSAGE, 409, { stale: true });
}

/** A new row: the answer names it (createdId) for the screen to select, or says it failed. */
export async function createResult(
  create: () => Promise<{ id: number }>,
  messages: { done: string; failed: string },
) {
  try {
    const created = await create();
    return toastResult({ type: "success", message: messages.done }, { createdId: created.id });
  } catch (caught) {
    console.error(caught);
    return errorResult(messages.failed, 500);
  }
}
