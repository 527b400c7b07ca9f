import { hashSessionId } from "~/core/session-hash";

/*
 * The links of a mail that open something by themselves: an invitation, a password reset,
 * a family's file, a renewal or its opt-out, a trial's cancel link. Each carries a token of
 * 256 random bits (43 base64url characters). No one reads them back in the back office:
 * the sent-mail view always masks them, and once a mail is delivered the copy kept in the
 * database is masked too (app/domains/mail/outbox.server.ts). Any link holding such a token is
 * masked, so a link added later is covered without being listed here; the purposes below
 * say which ones « Renvoyer » can make again.
 */

/** What the back office shows in place of a personal link. */
export const MASKED_LINK = "« lien personnel (masqué) »";

const TOKEN_RUN = /[A-Za-z0-9_-]{43,}/;
const LINK = /https?:\/\/[^\s<>"'«»]+/g;

export const LINK_PURPOSES = {
  invitation: /\/admin\/invitation\/([A-Za-z0-9_-]{43})$/,
  reset: /\/admin\/reinitialiser\/([A-Za-z0-9_-]{43})$/,
  draft: /\/adhesion\/dossier\/([A-Za-z0-9_-]{43})$/,
  renewal: /\/adhesion\/renouveler\/([A-Za-z0-9_-]{43})$/,
  optout: /\/adhesion\/desabonnement\/([A-Za-z0-9_-]{43})$/,
  "trial-cancel": /\/essai\/annuler\/([A-Za-z0-9_-]{43})$/,
} as const;

export type LinkPurpose = keyof typeof LINK_PURPOSES;

/** What is kept of a personal link to make a new one: its purpose and its token's hash. */
export interface PersonalLinkRef {
  /** Null: a token link of no known purpose, masked but not made again. */
  purpose: LinkPurpose | null;
  tokenHash: string;
}

function isPersonal(link: string): boolean {
  return TOKEN_RUN.test(link);
}

function refOf(link: string): PersonalLinkRef {
  let path = link;
  try {
    path = new URL(link).pathname;
  } catch {
    // Not a URL after all: no purpose.
  }
  for (const [purpose, shape] of Object.entries(LINK_PURPOSES) as [LinkPurpose, RegExp][]) {
    const token = shape.exec(path)?.[1];
    if (token) return { purpose, tokenHash: hashSessionId(token) };
  }
  return { purpose: null, tokenHash: hashSessionId(TOKEN_RUN.exec(link)?.[0] ?? link) };
}

/** The personal links of a text, in order. */
export function personalLinksOf(text: string): PersonalLinkRef[] {
  return (text.match(LINK) ?? []).filter(isPersonal).map(refOf);
}

/** The text with each personal link replaced by MASKED_LINK. */
export function maskPersonalLinks(text: string): string {
  return text.replace(LINK, (link) => (isPersonal(link) ? MASKED_LINK : link));
}

/** A masked text with its masks replaced, in order, by these links. */
export function fillMaskedLinks(masked: string, links: readonly string[]): string {
  let next = 0;
  return masked.replaceAll(MASKED_LINK, (mask) => links[next++] ?? mask);
}
