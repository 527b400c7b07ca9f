// What other domains may use of this domain (docs/decisions/027-domain-shape.md).
export { logActivity, withActivity } from "./activity-log.server";
export { recordEntryVersion } from "./versions.server";
