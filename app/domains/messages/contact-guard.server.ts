import { createHash } from "node:crypto";
import { CONTACT_MAX_LINKS } from "~/domains/messages/contact-schema";
import { readFormStamp } from "~/utils/form-stamp.server";

/*
 * Spam defence of the contact form with no third party (DESIGN.md "Public forms"): each
 * rule gives a reason, and a message with a reason goes to the Spam folder (kept 30 days,
 * never mailed). The stamp signs the time the form was shown (app/utils/form-stamp.server.ts).
 */

/**
 * A person takes longer than this to fill a public form, even with the browser's autofill
 * (one tap fills it, a second sends it); a script posts at once.
 */
export const CONTACT_MIN_FILL_MS = 1_000;

/**
 * The minimum in force: CONTACT_MIN_FILL_MS, or FORM_MIN_FILL_MS from the environment, read
 * at each call, which only the tests set (README "Environment"). 0 turns the check off: a
 * stamp's time is rounded up to the second, so a form sent at once may count -1 s.
 */
function formMinFillMs(): number {
  const set = Number.parseInt(process.env.FORM_MIN_FILL_MS ?? "", 10);
  return Number.isFinite(set) && set >= 0 ? set : CONTACT_MIN_FILL_MS;
}
/** Messages from the whole world in an hour before the next ones go to Spam. */
export const CONTACT_GLOBAL_HOURLY_LIMIT = 60;
/** The same sender and text again within this window is a duplicate. */
export const CONTACT_DUPLICATE_WINDOW_MS = 24 * 60 * 60 * 1000;

export function countLinks(text: string): number {
  return (text.match(/(https?:\/\/|www\.)/gi) ?? []).length;
}

/** The same sender and words, whatever the case and spacing. */
export function messageFingerprint(email: string, message: string): string {
  const normal = `${email.trim().toLowerCase()}\n${message.toLowerCase().replace(/\s+/g, " ").trim()}`;
  return createHash("sha256").update(normal).digest("hex");
}

export interface SpamFacts {
  honeypot: string;
  stamp: string;
  message: string;
  secret: string;
  /** Messages from this address within the last hour, and the per-address limit. */
  recentFromAddress: number;
  addressLimit: number;
  /** Messages from anyone within the last hour. */
  recentOverall: number;
  isDuplicate: boolean;
  now?: number;
}

/**
 * The signs of a script rather than a person on any public form (contact, trial booking):
 * the honeypot filled, no valid stamp, or sent faster than a person types. "" for none.
 */
export function robotReason(
  facts: Pick<SpamFacts, "honeypot" | "stamp" | "secret" | "now">,
): string {
  const now = facts.now ?? Date.now();
  if (facts.honeypot.trim() !== "") return "Champ caché rempli (robot)";
  const shownAt = readFormStamp(facts.secret, facts.stamp, now);
  if (shownAt === null) return "Formulaire sans jeton valide";
  const minFill = formMinFillMs();
  if (minFill > 0 && now - shownAt < minFill) return "Envoyé trop vite après l'affichage";
  return "";
}

/** Why this submission looks like spam, in French for the back office; "" when it does not. */
export function spamReason(facts: SpamFacts): string {
  const robot = robotReason(facts);
  if (robot) return robot;
  if (countLinks(facts.message) > CONTACT_MAX_LINKS) return "Trop de liens";
  if (facts.isDuplicate) return "Message déjà reçu (doublon)";
  if (facts.recentFromAddress >= facts.addressLimit) return "Trop de messages depuis cette adresse";
  if (facts.recentOverall >= CONTACT_GLOBAL_HOURLY_LIMIT) return "Trop de messages en une heure";
  return "";
}
