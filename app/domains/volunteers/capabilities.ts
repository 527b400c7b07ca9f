/*
 * Who may do what in the back office: the one map of roles to capabilities
 * (docs/decisions/017-roles-and-capabilities.md). The server's guard (requireCapability,
 * app/domains/volunteers/auth.server.ts) decides from it; the menu, the dashboard and the buttons only
 * reflect it. A person may hold several roles: they may do what any of them may.
 */

export const ROLES = ["admin", "redaction", "coach", "tresorier"] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Readonly<Record<Role, string>> = {
  admin: "Administrateur",
  redaction: "Rédaction",
  coach: "Coach",
  tresorier: "Trésorier",
};

export const CAPABILITIES = {
  /** Content, site pages, blog, media, menu, site settings. */
  content: ["admin", "redaction"],
  /** The weekly timetable and its dated changes. */
  schedule: ["admin", "redaction", "coach"],
  /** Trial bookings: the list and its export. */
  "trials.view": ["admin", "coach", "tresorier"],
  /** Trial bookings: attendance, cancellation. */
  "trials.manage": ["admin", "coach"],
  /** Contact messages and their replies. */
  messages: ["admin", "redaction"],
  /** Registration forms, prices, and the memberships. */
  registrations: ["admin", "tresorier"],
  /** Volunteers and roles, legal settings, everyone's activity log, backups. */
  admin: ["admin"],
  /*
   * The sent mails of each kind (Messages › « E-mails envoyés »): each role reads those of
   * its own work; the volunteers' accounts mails, and mails of before the kinds, admin only.
   */
  "mails.membership": ["admin", "tresorier"],
  "mails.trial": ["admin", "coach"],
  "mails.message": ["admin", "redaction"],
  "mails.account": ["admin"],
} as const satisfies Record<string, readonly Role[]>;

export type Capability = keyof typeof CAPABILITIES;

/** Roles whose holders must sign in with a second factor (ADR 018). */
export const TWO_FACTOR_ROLES: readonly Role[] = ["admin", "tresorier"];

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}

/** The roles stored in users.roles (space-separated), unknown words dropped. */
export function parseRoles(stored: string): Role[] {
  return ROLES.filter((role) => stored.split(/\s+/).includes(role));
}

/** users.roles for these roles, in the map's order. */
export function formatRoles(roles: readonly Role[]): string {
  return ROLES.filter((role) => roles.includes(role)).join(" ");
}

export function can(roles: readonly Role[], capability: Capability): boolean {
  const allowed: readonly Role[] = CAPABILITIES[capability];
  return roles.some((role) => allowed.includes(role));
}

/** Whether any of these capabilities is allowed. */
export function canAny(roles: readonly Role[], capabilities: readonly Capability[]): boolean {
  return capabilities.some((capability) => can(roles, capability));
}

export function requiresTwoFactor(roles: readonly Role[]): boolean {
  return roles.some((role) => TWO_FACTOR_ROLES.includes(role));
}
