import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";

/*
 * The write pattern for every editable row: a save carries the updated_at it loaded and
 * the UPDATE matches on it, so a save based on stale data changes nothing and is refused.
 */

export const STALE_SAVE_MESSAGE =
  "Ces données ont été modifiées ailleurs (autre onglet ou autre administrateur) depuis leur chargement. Rechargez la page pour voir la dernière version : vos saisies n'ont pas été enregistrées.";

export class StaleSaveError extends Error {
  constructor() {
    super(STALE_SAVE_MESSAGE);
    this.name = "StaleSaveError";
  }
}

export class NotFoundError extends Error {
  constructor(what: string) {
    super(`${what} introuvable`);
    this.name = "NotFoundError";
  }
}

/**
 * A new updated_at, strictly later than the previous one even within the same
 * millisecond, so two quick saves never share a stamp.
 */
export function nextStamp(previous?: string | null): string {
  const nowMs = Date.now();
  const previousMs = previous ? Date.parse(previous) : Number.NaN;
  const ms = Number.isNaN(previousMs) ? nowMs : Math.max(nowMs, previousMs + 1);
  return new Date(ms).toISOString();
}

/** Throws when an UPDATE … WHERE updated_at = loaded matched no row. */
export function assertFresh(result: { numUpdatedRows: bigint }, exists: boolean, what: string) {
  if (result.numUpdatedRows > 0n) return;
  throw exists ? new StaleSaveError() : new NotFoundError(what);
}

/** Tables whose rows are saved by id and updated_at. */
type SavedByIdTable =
  "disciplines" | "training_formats" | "schedule_activities" | "schedule_changes" | "media_items";

/**
 * After an UPDATE … WHERE id = ? AND updated_at = loaded: nothing when it matched a row;
 * otherwise StaleSaveError when the row is still there (changed meanwhile), NotFoundError
 * when it is gone. Pass the writing transaction, so the check sees the same data.
 */
export async function assertSaved(
  db: Kysely<Database>,
  {
    table,
    id,
    result,
    what,
  }: { table: SavedByIdTable; id: number; result: { numUpdatedRows: bigint }; what: string },
): Promise<void> {
  if (result.numUpdatedRows > 0n) return;
  const row = await db
    .selectFrom(table as "disciplines")
    .select("id")
    .where("id", "=", id)
    .executeTakeFirst();
  throw row ? new StaleSaveError() : new NotFoundError(what);
}
