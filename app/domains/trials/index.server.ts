// What other domains may use of this domain (docs/decisions/027-domain-shape.md).
export { bookedFamilies } from "./families-to-tell.server";
export { countTrialsThisWeek } from "./trial-booking.server";
export { hashCancelToken, newCancelToken } from "./trial-cancel-link.server";
export { cancelUrl } from "./trial-mails.server";
