import {
  TRASH_KIND_PARAM,
  TRASH_KINDS,
  TRASH_MESSAGES,
  type TrashItemType,
} from "~/domains/history/trash";
import { readChoice, readPage, readSearch } from "~/utils/list-params";
import { actorOf } from "~/domains/history/activity-log.server";
import { NotFoundError } from "~/utils/stale.server";
import {
  listTrash,
  purgeTrashItem,
  TrashConflictError,
  trashKindsFor,
} from "~/domains/history/trash.server";
import { restoreFromTrash } from "~/domains/history/trash-restore.server";
import { requireCapability } from "~/domains/volunteers/auth.server";
import type { Capability } from "~/domains/volunteers/capabilities";
import { positiveId, readForm } from "~/core/form";
import { getClientIp, type RequestContext } from "~/utils/load-context";
import { toastResult } from "~/utils/toast";

/*
 * /admin/corbeille (docs/decisions/022-trash.md): the items deleted in the last 30 days,
 * the most recent first, 25 a page, filtered by kind (?type) and words (?q). Each
 * volunteer sees, restores and purges only the kinds their roles edit.
 */

/** Whoever edits any kind of item the Corbeille can hold. */
export const TRASH_CAPABILITIES: readonly Capability[] = ["content", "schedule", "registrations"];

export async function trashLoader({ request }: { request: Request }) {
  const session = await requireCapability(request, TRASH_CAPABILITIES);
  const kinds = trashKindsFor(session.roles);
  const params = new URL(request.url).searchParams;
  const kind = readChoice(params, TRASH_KIND_PARAM, kinds, null);
  const search = readSearch(params);
  const list = await listTrash({ kinds: kind ? [kind] : kinds, search, page: readPage(params) });
  return {
    kinds: kinds.map((each) => ({ value: each, label: TRASH_KINDS[each].label })),
    filters: { kind, search },
    list: {
      ...list,
      rows: list.rows.map((row) => ({ ...row, kindLabel: TRASH_KINDS[row.itemType].label })),
    },
  };
}

export type TrashScreenRow = Awaited<ReturnType<typeof trashLoader>>["list"]["rows"][number];

export async function trashAction(request: Request, context?: RequestContext) {
  const session = await requireCapability(request, TRASH_CAPABILITIES);
  const actor = actorOf(session, getClientIp(context));
  const kinds: readonly TrashItemType[] = trashKindsFor(session.roles);
  const form = await readForm(request);
  const intent = form.get("intent");
  const id = positiveId(form.get("id"));
  const error = (message: string, status: number) =>
    toastResult({ type: "error", message }, { ok: false as const }, status);
  if (intent !== "restore" && intent !== "purge") return error("Action inconnue", 400);
  if (id === null) return error(TRASH_MESSAGES.notFound, 404);
  try {
    if (intent === "restore") {
      const restored = await restoreFromTrash({ id, kinds, actor });
      return toastResult(
        {
          type: "success",
          message: `${TRASH_MESSAGES.restored} : ${TRASH_KINDS[restored.itemType].label.toLowerCase()} « ${restored.label} »`,
        },
        { ok: true as const, id },
      );
    }
    const purged = await purgeTrashItem({ id, kinds, actor });
    return toastResult(
      {
        type: "success",
        message: `${TRASH_MESSAGES.purged} : ${TRASH_KINDS[purged.itemType].label.toLowerCase()} « ${purged.label} »`,
      },
      { ok: true as const, id },
    );
  } catch (caught) {
    if (caught instanceof TrashConflictError) return error(caught.message, 409);
    if (caught instanceof NotFoundError) return error(TRASH_MESSAGES.notFound, 404);
    console.error(caught);
    return error(intent === "restore" ? TRASH_MESSAGES.failed : TRASH_MESSAGES.purgeFailed, 500);
  }
}
