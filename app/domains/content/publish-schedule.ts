import { clubLocalToIso, isoToClubLocal } from "~/core/club-time";

/*
 * Scheduled publishing of articles and site pages (docs/decisions/023-scheduled-publishing.md):
 * the editors' « Publier le … » and « Dépublier le … » fields (Paris wall-clock time, stored
 * as UTC instants) and their rules, checked in the browser and again by the action. Shared
 * by the blog and the pages; the words the lists show are the screens'
 * (app/components/admin/schedule/schedule.ts).
 */

export const SCHEDULE_FIELDS = ["publish_at", "unpublish_at"] as const;
export type ScheduleField = (typeof SCHEDULE_FIELDS)[number];

/** What the editor holds: the two datetime-local values as typed ("" for none). */
export type ScheduleDraft = Record<ScheduleField, string>;
/** What is stored: UTC instants, null for none. */
export type Schedule = Record<ScheduleField, string | null>;

export const NO_SCHEDULE: Schedule = { publish_at: null, unpublish_at: null };

export const SCHEDULE_MESSAGES = {
  publishInvalid: "La date « Publier le » est invalide",
  unpublishInvalid: "La date « Dépublier le » est invalide",
  publishPast: "La date « Publier le » est déjà passée : choisissez une date à venir",
  unpublishPast: "La date « Dépublier le » est déjà passée : choisissez une date à venir",
  unpublishBeforePublish: "La dépublication doit être programmée après la publication",
  publishWhilePublished:
    "Déjà publié : videz « Publier le », ou dépubliez d'abord pour programmer une nouvelle publication",
  nothingToUnpublish: "Rien à dépublier : programmez aussi « Publier le », ou publiez d'abord",
} as const;

/** The stored schedule as the editor's fields. */
export function scheduleDraftOf(schedule: Schedule | null): ScheduleDraft {
  return {
    publish_at: schedule?.publish_at ? isoToClubLocal(schedule.publish_at) : "",
    unpublish_at: schedule?.unpublish_at ? isoToClubLocal(schedule.unpublish_at) : "",
  };
}

export type ScheduleResult =
  { ok: true; schedule: Schedule } | { ok: false; errors: Partial<Record<ScheduleField, string>> };

/**
 * The fields as typed → the schedule to store, or the errors by field. A date already
 * stored may be in the past (it is late and will go out at the next run); a new one may
 * not. An item already published cannot be scheduled to be published; one that is not
 * published and not scheduled has nothing to unpublish.
 */
export function parseSchedule(
  draft: Partial<ScheduleDraft>,
  { now, current, published }: { now: Date; current: Schedule | null; published: boolean },
): ScheduleResult {
  const errors: Partial<Record<ScheduleField, string>> = {};
  const read = (field: ScheduleField, invalid: string, past: string): string | null => {
    const typed = (draft[field] ?? "").trim();
    if (typed === "") return null;
    const iso = clubLocalToIso(typed);
    if (!iso) {
      errors[field] = invalid;
      return null;
    }
    const kept = current?.[field] && isoToClubLocal(current[field]) === typed;
    if (kept) return current[field];
    if (Date.parse(iso) < now.getTime()) errors[field] = past;
    return iso;
  };
  const publish_at = read(
    "publish_at",
    SCHEDULE_MESSAGES.publishInvalid,
    SCHEDULE_MESSAGES.publishPast,
  );
  const unpublish_at = read(
    "unpublish_at",
    SCHEDULE_MESSAGES.unpublishInvalid,
    SCHEDULE_MESSAGES.unpublishPast,
  );
  if (publish_at && published && !errors.publish_at) {
    errors.publish_at = SCHEDULE_MESSAGES.publishWhilePublished;
  }
  if (unpublish_at && !errors.unpublish_at) {
    if (publish_at && Date.parse(unpublish_at) <= Date.parse(publish_at)) {
      errors.unpublish_at = SCHEDULE_MESSAGES.unpublishBeforePublish;
    } else if (!publish_at && !published) {
      errors.unpublish_at = SCHEDULE_MESSAGES.nothingToUnpublish;
    }
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, schedule: { publish_at, unpublish_at } };
}
