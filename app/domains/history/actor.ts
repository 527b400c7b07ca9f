/* Who the journal names, and what one entry says: shared by the journal and the versions it records. */
import type { ActivityAction, ActivityItemType } from "./activity";

/** Who acts, from where. userId null: someone not signed in (a failed sign-in). */
export interface Actor {
  userId: number | null;
  username: string;
  ip: string;
}

/** Who the journal names for what an operator does on the server (the CLI, a restore). */
export const SERVER_ACTOR: Actor = { userId: null, username: "serveur", ip: "" };

export interface ActivityEntry {
  action: ActivityAction;
  itemType?: ActivityItemType;
  itemId?: string | number;
  /** What a reader recognises the item by (a title, a name), copied at the time. */
  itemLabel?: string;
}
