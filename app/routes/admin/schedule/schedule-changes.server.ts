/*
 * The schedule screen's "Changements" tab: the season, and the cancelled and
 * moved sessions and closures. Its intents reach here from the screen's one action
 * (schedule.server.ts): season, change-create, change-update, change-delete.
 */
import { parisToday } from "~/core/club-time";
import {
  CHANGE_MESSAGES,
  ScheduleChangeSchema,
  SeasonSchema,
} from "~/domains/schedule/schedule-change-schema";
import {
  createScheduleChange,
  deleteScheduleChange,
  getScheduleChanges,
  getSeason,
  previewChangeNotices,
  saveSeason,
  ScheduleChangeError,
  updateScheduleChange,
  type StoredChange,
} from "~/domains/schedule/schedule-change.server";
import { askBeforeTelling } from "~/domains/trials/families-to-tell.server";
import { withActivity } from "~/domains/history/activity-log.server";
import { type Actor, type ActivityEntry } from "~/domains/history/actor";
import { scheduleChangeLabel } from "~/domains/schedule/activity-labels.server";
import { getSettings } from "~/domains/content/settings.server";
import { NotFoundError, STALE_SAVE_MESSAGE, StaleSaveError } from "~/utils/stale.server";
import { fieldErrors, positiveId } from "~/core/form";
import { toastResult } from "~/utils/toast";

export const CHANGE_INTENTS = ["season", "change-create", "change-update", "change-delete"];

/** The changes still to come (a closure until its last day), soonest first. */
function upcoming(changes: StoredChange[], today: string): StoredChange[] {
  const last = (change: StoredChange) =>
    change.kind === "closure"
      ? change.to
      : change.kind === "move" && change.newDate > change.date
        ? change.newDate
        : change.date;
  const first = (change: StoredChange) => (change.kind === "closure" ? change.from : change.date);
  return changes
    .filter((change) => last(change) >= today)
    .sort((a, b) => first(a).localeCompare(first(b)) || a.id - b.id);
}

export async function changesLoaderData() {
  const today = parisToday();
  const [changes, season, stored] = await Promise.all([
    getScheduleChanges(),
    getSeason(today),
    getSettings({ category: "season" }),
  ]);
  return {
    today,
    changes: upcoming(changes, today),
    season: { ...season, custom: Boolean(stored.start), updated_at: stored.updated_at },
  };
}

function text(formData: FormData, name: string): string {
  const value = formData.get(name);
  return typeof value === "string" ? value : "";
}

const refused = (message: string) => ({ type: "error" as const, message });
const done = (message: string) => ({ type: "success" as const, message });

/** The form's fields as the schema reads them (those of the other kinds are ignored). */
function changeValues(formData: FormData) {
  return {
    kind: text(formData, "kind"),
    activityId: text(formData, "activityId"),
    date: text(formData, "date"),
    newDate: text(formData, "newDate"),
    newStart: text(formData, "newStart"),
    newEnd: text(formData, "newEnd"),
    reason: text(formData, "reason"),
    from: text(formData, "from"),
    to: text(formData, "to"),
    label: text(formData, "label"),
  };
}

/** A journal entry about a dated change, named by what it changes. */
function changeEntry(
  action: "create" | "save" | "delete",
  id: number,
  label: string,
): ActivityEntry {
  return { action, itemType: "schedule-change", itemId: id, itemLabel: label };
}

export async function changeAction(intent: string, formData: FormData, actor: Actor) {
  if (intent === "season") return saveSeasonAction(formData, actor);
  if (intent === "change-delete") {
    const id = positiveId(text(formData, "id"));
    try {
      if (id === null) throw new NotFoundError("Changement");
      const notices = await previewChangeNotices({ id, values: null });
      const ask = await askBeforeTelling(formData, notices, { intent, id });
      if (ask) return ask;
      const stored = (await getScheduleChanges()).find((change) => change.id === id);
      if (!stored) throw new NotFoundError("Changement");
      const label = await scheduleChangeLabel(stored);
      await withActivity(actor, changeEntry("delete", id, label), () =>
        deleteScheduleChange({ id }),
      );
      return toastResult(done(CHANGE_MESSAGES.deleted), { intent, id });
    } catch (caught) {
      return failure(caught, { intent }, CHANGE_MESSAGES.deleteFailed);
    }
  }
  const values = changeValues(formData);
  const parsed = ScheduleChangeSchema.safeParse(values);
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    return toastResult(
      refused(Object.values(errors)[0] ?? CHANGE_MESSAGES.invalid),
      { intent, errors, values },
      400,
    );
  }
  try {
    const editedId = intent === "change-create" ? null : positiveId(text(formData, "id"));
    const notices = await previewChangeNotices({ id: editedId, values: parsed.data });
    const ask = await askBeforeTelling(formData, notices, { intent, values });
    if (ask) return ask;
    const label = await scheduleChangeLabel(parsed.data);
    if (intent === "change-create") {
      const id = await withActivity(
        actor,
        (created) => changeEntry("create", created, label),
        () => createScheduleChange(parsed.data),
      );
      return toastResult(done(CHANGE_MESSAGES.created), { intent, id });
    }
    if (editedId === null) throw new NotFoundError("Changement");
    await withActivity(actor, changeEntry("save", editedId, label), () =>
      updateScheduleChange({
        id: editedId,
        values: parsed.data,
        loadedAt: text(formData, "updated_at"),
      }),
    );
    return toastResult(done(CHANGE_MESSAGES.saved), { intent, id: editedId });
  } catch (caught) {
    if (caught instanceof ScheduleChangeError) {
      return toastResult(
        refused(caught.message),
        { intent, values, errors: { [caught.field]: caught.message } },
        400,
      );
    }
    return failure(caught, { intent, values, errors: {} }, CHANGE_MESSAGES.saveFailed);
  }
}

async function saveSeasonAction(formData: FormData, actor: Actor) {
  const values = { start: text(formData, "start"), end: text(formData, "end") };
  const parsed = SeasonSchema.safeParse(values);
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    return toastResult(
      refused(Object.values(errors)[0]!),
      { intent: "season", errors, values },
      400,
    );
  }
  try {
    const stamp = await withActivity(
      actor,
      { action: "save", itemType: "schedule", itemId: "season", itemLabel: "Saison" },
      () => saveSeason({ season: parsed.data, loadedAt: text(formData, "updated_at") || null }),
    );
    return toastResult(done(CHANGE_MESSAGES.seasonSaved), { intent: "season", updated_at: stamp });
  } catch (caught) {
    return failure(caught, { intent: "season", values, errors: {} }, CHANGE_MESSAGES.saveFailed);
  }
}

/** A refused or failed write: stale 409, gone 404, else 500 with the detail in the log. */
function failure<T extends object>(caught: unknown, extra: T, message: string) {
  if (caught instanceof StaleSaveError) {
    return toastResult(refused(STALE_SAVE_MESSAGE), { ...extra, stale: true }, 409);
  }
  if (caught instanceof NotFoundError) {
    return toastResult(refused(CHANGE_MESSAGES.notFound), extra, 404);
  }
  console.error(message, caught);
  return toastResult(refused(message), extra, 500);
}
