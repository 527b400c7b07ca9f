import {
  compareSnapshots,
  HISTORY_MESSAGES,
  isHistoryType,
  RESTORE_PUBLISH,
  type FieldChange,
  type RestorePublish,
} from "~/domains/history/history";
import { actorOf } from "~/domains/history/activity-log.server";
import { HISTORY_KINDS } from "~/domains/history/kinds.server";
import { restoreVersion, RestoreInvalidError } from "~/domains/history/restore.server";
import {
  getVersion,
  listVersions,
  previousVersion,
  type VersionKey,
  type VersionRow,
} from "~/domains/history/versions.server";
import { NotFoundError, StaleSaveError } from "~/utils/stale.server";
import { requireCapability } from "~/domains/volunteers/auth.server";
import { positiveId, readForm } from "~/core/form";
import { getClientIp, type RequestContext } from "~/utils/load-context";
import { toastResult } from "~/utils/toast";
import { errorResult } from "../editor-action.server";

/*
 * /admin/historique (no screen: the Historique panel of every editor reads and posts here,
 * app/components/admin/history/history-panel.tsx). GET ?type&id: the item's versions;
 * with &version (and &contre=precedente): what differs between that version and the
 * current state (or the version before it). POST intent=restore: "Restaurer cette
 * version". Each answers only to the capability of the item's editor.
 */

/** Whoever may open one of the editors that keep a history. */
const ANY_HISTORY = ["content", "schedule", "registrations"] as const;

export interface HistoryData {
  versions: VersionRow[];
  /** An article or a page visitors see now: the restore asks what to do. */
  published: boolean;
  selected: {
    id: number;
    against: "current" | "previous";
    /** The version compared with: its date, or null for the current state / none before. */
    againstAt: string | null;
    changes: FieldChange[];
  } | null;
}

/** The item asked for, after the capability of its editor is checked. */
async function itemOf(request: Request, type: unknown, id: unknown) {
  const session = await requireCapability(request, ANY_HISTORY);
  if (!isHistoryType(type) || typeof id !== "string" || id === "" || id.length > 200) {
    return { session, key: null };
  }
  await requireCapability(request, HISTORY_KINDS[type].capability(id));
  return { session, key: { type, id } satisfies VersionKey };
}

export async function historyLoader({ request }: { request: Request }) {
  const params = new URL(request.url).searchParams;
  const { key } = await itemOf(request, params.get("type"), params.get("id"));
  if (!key) return Response.json({ error: HISTORY_MESSAGES.loadFailed }, { status: 400 });
  const kind = HISTORY_KINDS[key.type];
  const [versions, current] = await Promise.all([listVersions(key), kind.read(key.id)]);
  const data: HistoryData = { versions, published: current?.published ?? false, selected: null };
  const versionId = positiveId(params.get("version"));
  if (versionId !== null) {
    const version = await getVersion(key, versionId);
    if (!version) return Response.json({ error: HISTORY_MESSAGES.notFound }, { status: 404 });
    const against = params.get("contre") === "precedente" ? "previous" : "current";
    const base =
      against === "previous"
        ? await previousVersion(key, versionId)
        : current && { snapshot: current.snapshot, createdAt: null };
    // Before: the older state. Against the current state, the version is the older one.
    const [older, newer] =
      against === "previous"
        ? [base?.snapshot ?? {}, version.snapshot]
        : [version.snapshot, base?.snapshot ?? {}];
    data.selected = {
      id: version.id,
      against,
      againstAt: base?.createdAt ?? null,
      changes: compareSnapshots(older, newer, { labels: kind.label, html: kind.html }),
    };
  }
  return Response.json(data);
}

export async function historyAction({
  request,
  context,
}: {
  request: Request;
  context?: RequestContext;
}) {
  const form = await readForm(request);
  const { session, key } = await itemOf(request, form.get("type"), form.get("id"));
  if (!key || form.get("intent") !== "restore") return errorResult(HISTORY_MESSAGES.failed, 400);
  const versionId = positiveId(form.get("version"));
  const version = versionId === null ? null : await getVersion(key, versionId);
  if (!version) return errorResult(HISTORY_MESSAGES.notFound, 404);
  const current = await HISTORY_KINDS[key.type].read(key.id);
  if (!current) return errorResult(HISTORY_MESSAGES.itemGone, 404);
  if (JSON.stringify(current.snapshot) === JSON.stringify(version.snapshot)) {
    return toastResult({ type: "info", message: HISTORY_MESSAGES.identical }, { restored: false });
  }
  const choice = form.get("publish");
  const publish: RestorePublish = (RESTORE_PUBLISH as readonly unknown[]).includes(choice)
    ? (choice as RestorePublish)
    : "now";
  try {
    await restoreVersion({
      key,
      snapshot: version.snapshot,
      actor: actorOf(session, getClientIp(context)),
      publish,
    });
  } catch (caught) {
    if (caught instanceof RestoreInvalidError) return errorResult(HISTORY_MESSAGES.invalid, 400);
    if (caught instanceof NotFoundError) return errorResult(HISTORY_MESSAGES.itemGone, 404);
    if (caught instanceof StaleSaveError) return errorResult(HISTORY_MESSAGES.stale, 409);
    console.error(caught);
    return errorResult(HISTORY_MESSAGES.failed, 500);
  }
  const published = (await HISTORY_KINDS[key.type].read(key.id))?.published;
  return toastResult(
    {
      type: "success",
      message:
        publish === "draft" && published === false
          ? HISTORY_MESSAGES.restoredDraft
          : HISTORY_MESSAGES.restored,
    },
    { restored: true },
  );
}
