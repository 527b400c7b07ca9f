import type { Capability, Role } from "~/domains/volunteers";
import { can } from "~/domains/volunteers";

/*
 * Every mail the product sends has a kind: the work it belongs to. A role reads in
 * « E-mails envoyés » the sent mails of the kinds its capabilities grant
 * (app/domains/volunteers/capabilities.ts), and nothing else; a row of before the kinds ("") is the
 * administrators' only.
 */

export const MAIL_KIND_CAPABILITY = {
  /** Membership files, their reminders, renewals, payments and attestations. */
  membership: "mails.membership",
  /** Trial bookings and the timetable's notices to their bookers. */
  trial: "mails.trial",
  /** The contact form's acknowledgement, the club's copy and the replies. */
  message: "mails.message",
  /** Invitations, password resets and second-factor warnings of the volunteers. */
  account: "mails.account",
} as const satisfies Record<string, Capability>;

export type MailKind = keyof typeof MAIL_KIND_CAPABILITY;

export const MAIL_KINDS = Object.keys(MAIL_KIND_CAPABILITY) as MailKind[];

/** The capabilities that open « E-mails envoyés » at all. */
export const SENT_MAIL_CAPABILITIES: readonly Capability[] = Object.values(MAIL_KIND_CAPABILITY);

/** The stored kinds these roles may read ("" for the rows of before the kinds: admins). */
export function mailKindsFor(roles: readonly Role[]): string[] {
  const kinds: string[] = MAIL_KINDS.filter((kind) => can(roles, MAIL_KIND_CAPABILITY[kind]));
  return can(roles, "admin") ? [...kinds, ""] : kinds;
}
