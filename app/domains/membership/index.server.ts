// What other domains may use of this domain (docs/decisions/027-domain-shape.md).
export { draftLink } from "./file-draft.server";
export { optoutUrl, renewalUrl } from "./membership-reminders.server";
export { createMembershipToken, type MembershipTokenPurpose } from "./tokens.server";
