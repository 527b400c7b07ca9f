// What other domains may use of this domain (docs/decisions/027-domain-shape.md).
export { type Session } from "./sessions.server";
export { createUserToken } from "./user-token.server";
export { invitationUrl, resetUrl } from "./volunteer-mails.server";
