/*
 * Loader and action of the schedule editor (/admin/schedule). One action, chosen by the
 * form's `intent`: create, update, delete, positions, planning-title, display, and the
 * "Changements" tab's (schedule-changes.server.ts).
 */
import { WEEKDAY_KEYS } from "~/core/club-time";
import { isTypedTitle, seasonTitle } from "~/domains/schedule/planning-title";
import {
  ActivitySchema,
  activityFormValues,
  PlanningTitleSchema,
  PositionsSchema,
  ScheduleDisplaySchema,
  type ActivityFormValues,
} from "~/domains/schedule/schedule-schemas";
import {
  createActivity,
  deleteActivity,
  getActivities,
  getActivity,
  saveActivityPositions,
  updateActivity,
  type Activity,
} from "~/domains/schedule/schedule.server";
import {
  activityChangeNotices,
  noticeActivityChange,
} from "~/domains/schedule/activity-notices.server";
import { comingChangesOf, settleDatedChanges } from "~/domains/schedule/weekday-change.server";
import { DATED_CHANGES_FIELD } from "~/domains/schedule/schedule-change-schema";
import { askBeforeTelling, bookedFamilies } from "~/domains/trials/families-to-tell.server";
import { sessionChanged } from "~/domains/schedule/session-notice.server";
import { removeFileIfUnused } from "~/domains/content/upload-removal.server";
import { actorOf, withActivity } from "~/domains/history/activity-log.server";
import { type Actor, type ActivityEntry } from "~/domains/history/actor";
import { getSettings, saveSettings } from "~/domains/content/settings.server";
import { NotFoundError, STALE_SAVE_MESSAGE, StaleSaveError } from "~/utils/stale.server";
import { moveToTrash } from "~/domains/history/trash.server";
import { requireCapability } from "~/domains/volunteers/auth.server";
import { fieldErrors, formJson, readForm } from "~/core/form";
import { getClientIp, type RequestContext } from "~/utils/load-context";
import { toastResult, type Toast } from "~/utils/toast";
import { CHANGE_INTENTS, changeAction, changesLoaderData } from "./schedule-changes.server";

export const SCHEDULE_MESSAGES = {
  loadFailed: "Erreur lors du chargement des activités",
  created: "Activité créée avec succès",
  updated: "Activité mise à jour avec succès",
  deleted: "Activité supprimée avec succès",
  notFound: "Activité non trouvée",
  saveFailed: "Erreur lors de la sauvegarde",
  positionsSaved: "Positions sauvegardées avec succès",
  positionsFailed: "Erreur lors de la sauvegarde des positions",
  displaySaved: "Paramètres d'affichage sauvegardés",
  titleSaved: "Titre du planning sauvegardé",
  datedChangesChoice: "Choisissez ce que deviennent les changements datés de cette activité",
} as const;

export async function loader({ request }: { request: Request }) {
  await requireCapability(request, "schedule");
  const [title, display, dated, families] = await Promise.all([
    getSettings({ category: "planning_title" }),
    getSettings({ category: "schedule_display" }),
    changesLoaderData(),
    bookedFamilies(),
  ]);
  let activities: Activity[] = [];
  let loadError: string | null = null;
  try {
    activities = await getActivities();
  } catch (error) {
    console.error(SCHEDULE_MESSAGES.loadFailed, error);
    loadError = SCHEDULE_MESSAGES.loadFailed;
  }
  return {
    ...dated,
    activities,
    families,
    loadError,
    // A title not typed (empty, or the spec's default the seed stores) shows an empty
    // field, the season's title as its placeholder: that is what /planning shows.
    planningTitle: {
      title: isTypedTitle(title.title) ? title.title : "",
      seasonTitle: seasonTitle(dated.season),
      updated_at: title.updated_at,
    },
    display: {
      visible_days: Object.fromEntries(
        WEEKDAY_KEYS.map((key) => [key, display.visible_days[key] !== false]),
      ) as Record<(typeof WEEKDAY_KEYS)[number], boolean>,
      start_hour: Number(display.start_hour),
      end_hour: Number(display.end_hour),
      updated_at: display.updated_at,
    },
  };
}

const error = (message: string): Toast => ({ type: "error", message });
const success = (message: string): Toast => ({ type: "success", message });

function text(formData: FormData, name: string): string {
  const value = formData.get(name);
  return typeof value === "string" ? value : "";
}

function idOf(formData: FormData): number | null {
  const id = text(formData, "id");
  return /^\d{1,9}$/.test(id) ? Number(id) : null;
}

/** A journal entry about an activity of the week, named by its title at the time. */
function activityEntry(action: "create" | "save" | "delete" | "reorder") {
  return (activity: { id: number; title: string }): ActivityEntry => ({
    action,
    itemType: "activity",
    itemId: activity.id,
    itemLabel: activity.title,
  });
}

export async function action({ request, context }: { request: Request; context?: RequestContext }) {
  const actor = actorOf(await requireCapability(request, "schedule"), getClientIp(context));
  const formData = await readForm(request);
  const intent = text(formData, "intent");
  if (CHANGE_INTENTS.includes(intent)) return changeAction(intent, formData, actor);
  switch (intent) {
    case "create":
    case "update":
      return saveActivity(intent, formData, actor);
    case "delete":
      return removeActivity(formData, actor);
    case "positions":
      return savePositions(formData, actor);
    case "planning-title":
      return savePlanningTitle(formData, actor);
    case "display":
      return saveDisplay(formData, actor);
    default:
      return toastResult(error("Action inconnue"), { intent }, 400);
  }
}

async function saveActivity(intent: "create" | "update", formData: FormData, actor: Actor) {
  const values: ActivityFormValues = activityFormValues(formData);
  const parsed = ActivitySchema.safeParse(values);
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    return toastResult(error(Object.values(errors)[0]!), { intent, errors, values }, 400);
  }
  try {
    if (intent === "create") {
      const activity = await withActivity(actor, activityEntry("create"), () =>
        createActivity({ values: parsed.data }),
      );
      return toastResult(success(SCHEDULE_MESSAGES.created), { intent, activity });
    }
    const id = idOf(formData);
    const before = id === null ? null : await getActivity({ id });
    if (id === null || !before) throw new NotFoundError("Activité");
    const { day, start_time, end_time } = parsed.data;
    const choice = text(formData, DATED_CHANGES_FIELD);
    if (
      day !== before.day &&
      choice !== "shift" &&
      choice !== "delete" &&
      (await comingChangesOf(id)).length > 0
    ) {
      const errors = { [DATED_CHANGES_FIELD]: SCHEDULE_MESSAGES.datedChangesChoice };
      return toastResult(
        error(SCHEDULE_MESSAGES.datedChangesChoice),
        { intent, errors, values },
        400,
      );
    }
    const notices = await activityChangeNotices(before, { ...before, day, start_time, end_time });
    const ask = await askBeforeTelling(formData, notices, { intent, values });
    if (ask) return ask;
    // The activity and what becomes of its dated changes: one act, one journal row.
    const activity = await withActivity(actor, activityEntry("save"), async () => {
      const after = await updateActivity({
        id,
        values: parsed.data,
        loadedAt: text(formData, "updated_at"),
      });
      if (choice === "shift" || choice === "delete") {
        await settleDatedChanges({ before, after, choice });
      }
      return after;
    });
    await sessionChanged(notices);
    await removeUnusedImages(before.images.filter((url) => !activity.images.includes(url)));
    return toastResult(success(SCHEDULE_MESSAGES.updated), { intent, activity });
  } catch (caught) {
    return failure(caught, { intent, values, errors: {} as Record<string, string> });
  }
}

async function removeActivity(formData: FormData, actor: Actor) {
  const id = idOf(formData);
  const before = id === null ? null : await getActivity({ id });
  if (before) {
    const notices = await activityChangeNotices(before, null);
    const ask = await askBeforeTelling(formData, notices, { intent: "delete" as const, id });
    if (ask) return ask;
    await sessionChanged(notices);
  }
  const deleted =
    id !== null &&
    before !== null &&
    (await withActivity(
      actor,
      (done) => (done ? activityEntry("delete")(before) : null),
      // Into the Corbeille first, with its dated changes and its bookings' links (ADR 022);
      // the bookings were cancelled and the families told above, and stay so.
      async () =>
        (await moveToTrash({ itemType: "activity", id, actor })) && deleteActivity({ id }),
    ));
  if (!deleted || !before) {
    return toastResult(error(SCHEDULE_MESSAGES.notFound), { intent: "delete" as const }, 404);
  }
  await removeUnusedImages(before.images);
  return toastResult(success(SCHEDULE_MESSAGES.deleted), { intent: "delete" as const, id });
}

/** Uploads an edit or a delete stopped using, unless something else still shows them. */
async function removeUnusedImages(urls: string[]) {
  for (const url of urls) await removeFileIfUnused({ url, bucket: "schedule-activities" });
}

async function savePositions(formData: FormData, actor: Actor) {
  const parsed = PositionsSchema.safeParse(formJson(formData, "positions"));
  if (!parsed.success) {
    return toastResult(error(SCHEDULE_MESSAGES.positionsFailed), { intent: "positions" }, 400);
  }
  try {
    const before = await Promise.all(parsed.data.map(({ id }) => getActivity({ id })));
    const notices = [];
    for (const [index, was] of before.entries()) {
      const { start_time, end_time } = parsed.data[index]!;
      if (was && start_time && end_time) {
        notices.push(...(await activityChangeNotices(was, { ...was, start_time, end_time })));
      }
    }
    const ask = await askBeforeTelling(formData, notices, { intent: "positions" as const });
    if (ask) return ask;
    // One journal row per activity placed (its place or its times in the grid).
    const moved = before.flatMap((was) => (was ? [activityEntry("reorder")(was)] : []));
    const stamps = await withActivity(actor, moved, () =>
      saveActivityPositions({
        changes: parsed.data.map((change) => ({
          id: change.id,
          position: {
            position_x: change.position_x,
            position_y: change.position_y,
            width: change.width ?? 100,
          },
          times:
            change.start_time && change.end_time
              ? { start_time: change.start_time, end_time: change.end_time }
              : undefined,
          loadedAt: change.updated_at,
        })),
      }),
    );
    // A class dragged to another time tells its booked families, as an edit does.
    for (const was of before) {
      const now = was && (await getActivity({ id: was.id }));
      if (was && now) await noticeActivityChange(was, now);
    }
    return toastResult(success(SCHEDULE_MESSAGES.positionsSaved), {
      intent: "positions",
      stamps,
    });
  } catch (caught) {
    return failure(caught, { intent: "positions" }, SCHEDULE_MESSAGES.positionsFailed);
  }
}

/** A journal entry about the planning's own settings (its title, its display, the season). */
function planningEntry(itemId: string, itemLabel: string): ActivityEntry {
  return { action: "save", itemType: "schedule", itemId, itemLabel };
}

async function savePlanningTitle(formData: FormData, actor: Actor) {
  const values = { title: text(formData, "title") };
  const parsed = PlanningTitleSchema.safeParse(values);
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    return toastResult(
      error(Object.values(errors)[0]!),
      { intent: "planning-title", errors, values },
      400,
    );
  }
  try {
    const stamp = await withActivity(
      actor,
      planningEntry("planning_title", "Titre du planning"),
      () =>
        saveSettings({
          category: "planning_title",
          settings: parsed.data,
          loadedAt: text(formData, "updated_at") || null,
        }),
    );
    return toastResult(success(SCHEDULE_MESSAGES.titleSaved), {
      intent: "planning-title",
      updated_at: stamp,
    });
  } catch (caught) {
    return failure(caught, { intent: "planning-title", values, errors: {} });
  }
}

async function saveDisplay(formData: FormData, actor: Actor) {
  const values = {
    visible_days: formData.getAll("visible_days").filter((v) => typeof v === "string"),
    start_hour: text(formData, "start_hour"),
    end_hour: text(formData, "end_hour"),
  };
  const parsed = ScheduleDisplaySchema.safeParse(values);
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    return toastResult(
      error(Object.values(errors)[0]!),
      { intent: "display", errors, values },
      400,
    );
  }
  const shown = new Set<string>(parsed.data.visible_days);
  try {
    const stamp = await withActivity(
      actor,
      planningEntry("schedule_display", "Affichage du planning"),
      () =>
        saveSettings({
          category: "schedule_display",
          settings: {
            visible_days: Object.fromEntries(WEEKDAY_KEYS.map((key) => [key, shown.has(key)])),
            start_hour: parsed.data.start_hour,
            end_hour: parsed.data.end_hour,
          },
          loadedAt: text(formData, "updated_at") || null,
        }),
    );
    return toastResult(success(SCHEDULE_MESSAGES.displaySaved), {
      intent: "display",
      updated_at: stamp,
    });
  } catch (caught) {
    return failure(caught, { intent: "display", values, errors: {} });
  }
}

/** A refused or failed save: stale 409, gone 404, else 500; the admin's input sent back. */
function failure<T extends object>(
  caught: unknown,
  extra: T,
  message: string = SCHEDULE_MESSAGES.saveFailed,
) {
  if (caught instanceof StaleSaveError) {
    return toastResult(error(STALE_SAVE_MESSAGE), { ...extra, stale: true }, 409);
  }
  if (caught instanceof NotFoundError) {
    return toastResult(error(SCHEDULE_MESSAGES.notFound), extra, 404);
  }
  console.error(message, caught);
  return toastResult(error(message), extra, 500);
}
