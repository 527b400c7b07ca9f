import type { z } from "zod";
import type { DISCIPLINE_MESSAGES } from "~/domains/content/discipline-schema";
import type { StorageBucket } from "~/storage/buckets";
import { removeFileIfUnused } from "~/domains/content/upload-removal.server";
import { actorOf, withActivity } from "~/domains/history/activity-log.server";
import { LastRowError, type MoveDirection } from "~/domains/content/reorder.server";
import { moveToTrash } from "~/domains/history/trash.server";
import { NotFoundError, StaleSaveError } from "~/utils/stale.server";
import { requireCapability } from "~/domains/volunteers/auth.server";
import { fieldErrors } from "~/core/form";
import { getClientIp, type RequestContext } from "~/utils/load-context";
import { toastResult } from "~/utils/toast";
import { createResult, errorResult, readEditorPost, staleResult } from "../editor-action.server";

/*
 * The action of an ordered list of cards edited one at a time (disciplines and training
 * formats today): one POST with an `intent` of create, move, save or delete. Each answers with a toast (spec §8) beside
 * what the screen needs: the new row's id, the saved record, or field errors.
 */

type Messages = { [K in keyof typeof DISCIPLINE_MESSAGES]: string };

export interface OrderedEditorConfig<
  Schema extends z.ZodType,
  Saved extends { image: string; title: string },
> {
  messages: Messages;
  /** The journal's word for a row of this list. */
  itemType: "discipline" | "format";
  bucket: StorageBucket;
  schema: Schema;
  fromForm: (formData: FormData) => unknown;
  get: (args: { id: number }) => Promise<Saved | null>;
  create: () => Promise<{ id: number }>;
  move: (args: { id: number; direction: MoveDirection }) => Promise<unknown>;
  remove: (args: { id: number }) => Promise<{ image: string }>;
  update: (args: { id: number; values: z.output<Schema>; loadedAt: string }) => Promise<Saved>;
}

export async function handleOrderedEditorAction<
  Schema extends z.ZodType,
  Saved extends { image: string; title: string },
>(request: Request, config: OrderedEditorConfig<Schema, Saved>, context?: RequestContext) {
  const actor = actorOf(await requireCapability(request, "content"), getClientIp(context));
  const { messages, itemType } = config;
  const { formData, intent, id, loadedAt } = await readEditorPost(request);
  // The row's journal entry, named by its title at the time (read in the act's transaction).
  const entry =
    (action: "create" | "save" | "delete" | "reorder") => (row: { id: number; title: string }) => ({
      action,
      itemType,
      itemId: row.id,
      itemLabel: row.title,
    });
  const titled = async (rowId: number) => ({
    id: rowId,
    title: (await config.get({ id: rowId }))?.title ?? "",
  });

  if (intent === "create") {
    return createResult(
      () => withActivity(actor, entry("create"), async () => titled((await config.create()).id)),
      { done: messages.created, failed: messages.createFailed },
    );
  }

  if (intent !== "move" && intent !== "delete" && intent !== "save") {
    return errorResult("Action inconnue", 400);
  }
  if (id === null) return errorResult(messages.noneSelected, 400);

  if (intent === "move") {
    const direction = formData.get("direction");
    if (direction !== "up" && direction !== "down") return errorResult(messages.reorderFailed, 400);
    try {
      await withActivity(actor, entry("reorder"), async () => {
        await config.move({ id, direction });
        return titled(id);
      });
      return toastResult({ type: "success", message: messages.reordered });
    } catch (caught) {
      if (!(caught instanceof NotFoundError)) console.error(caught);
      return errorResult(messages.reorderFailed, caught instanceof NotFoundError ? 404 : 500);
    }
  }

  if (intent === "delete") {
    try {
      const { image } = await withActivity(
        actor,
        (removed) => entry("delete")(removed),
        // Into the Corbeille first, in the delete's transaction (ADR 022).
        async () => {
          await moveToTrash({ itemType, id, actor });
          return { ...(await titled(id)), ...(await config.remove({ id })) };
        },
      );
      // Kept while the Corbeille holds the row: removed only if nothing else keeps it.
      await removeFileIfUnused({ url: image, bucket: config.bucket });
      return toastResult({ type: "success", message: messages.deleted }, { deletedId: id });
    } catch (caught) {
      if (caught instanceof LastRowError) return errorResult(messages.keepOne, 400);
      if (caught instanceof NotFoundError) return errorResult(messages.notFound, 404);
      console.error(caught);
      return errorResult(messages.deleteFailed, 500);
    }
  }

  const parsed = config.schema.safeParse(config.fromForm(formData));
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error, { byPath: true });
    return errorResult(messages.invalid, 400, { errors });
  }
  if (loadedAt === null) return staleResult();
  try {
    const before = await config.get({ id });
    const saved = await withActivity(
      actor,
      (row) => entry("save")({ id, title: row.title }),
      () => config.update({ id, values: parsed.data, loadedAt }),
    );
    if (before && before.image !== saved.image) {
      await removeFileIfUnused({ url: before.image, bucket: config.bucket });
    }
    return toastResult({ type: "success", message: messages.saved }, { saved });
  } catch (caught) {
    if (caught instanceof StaleSaveError) return staleResult();
    if (caught instanceof NotFoundError) return errorResult(messages.notFound, 404);
    console.error(caught);
    return errorResult(messages.saveFailed, 500);
  }
}
