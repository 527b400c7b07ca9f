import type { Default, Id, Stamp } from "./columns";

/*
 * The history domain's tables: the journal, saved versions and the Corbeille (app/domains/history/).
 */

/** The journal: one row per meaningful act (migration 020, app/domains/history/activity-log.server.ts). */
export interface ActivityLogTable {
  id: Id;
  user_id: number | null;
  /** Copied at the time of the act, so the row reads the same after a deactivation. */
  username: Default<string>;
  action: string;
  item_type: Default<string>;
  item_id: Default<string>;
  item_label: Default<string>;
  ip: Default<string>;
  created_at: Stamp;
}

/** The history: one saved state of an editable item (migration 021, app/models/history/). */
export interface ItemVersionsTable {
  id: Id;
  item_type: string;
  item_id: string;
  action: string;
  /** The item's editable fields, JSON. */
  snapshot: string;
  /** sha256 of snapshot: an identical save adds no version. */
  hash: string;
  actor_id: number | null;
  actor_name: Default<string>;
  created_at: Stamp;
}

/** The Corbeille: deleted items kept 30 days (migration 022, app/domains/history/trash.server.ts). */
export interface TrashTable {
  id: Id;
  item_type: string;
  item_id: number;
  label: Default<string>;
  /** JSON: { row, dependents } (app/models/trash-payload.server.ts). */
  payload: string;
  deleted_by: number | null;
  deleted_by_name: Default<string>;
  deleted_at: Stamp;
}
