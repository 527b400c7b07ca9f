// What other domains may use of this domain (docs/decisions/027-domain-shape.md).
export { SETTINGS_LABELS } from "./activity";
export { type ActivityEntry, type Actor, SERVER_ACTOR } from "./actor";
