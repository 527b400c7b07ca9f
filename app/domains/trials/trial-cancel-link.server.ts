import { randomBytes } from "node:crypto";
import { cancelUrl } from "~/domains/trials/trial-mails.server";
import { hashSessionId } from "~/core/session-hash";
import type { Trx } from "./trial-sessions.server";

/*
 * The cancel links of the trial mails: a token of 256 random bits, stored as its SHA-256
 * only. The first mail carries it; a later mail that offers to cancel gets a new one,
 * which replaces it (the stored hash cannot be turned back into a link).
 */

/** The SHA-256 of a cancel link's token, as stored (256 random bits: no salt needed). */
export function hashCancelToken(token: string): string {
  return hashSessionId(token);
}

export function newCancelToken(): string {
  return randomBytes(32).toString("base64url");
}

/**
 * A new cancel link for a booking, for a later mail that offers to cancel: the stored
 * token is hashed, so the first link cannot be sent again; this one replaces it.
 */
export async function renewCancelLink(trx: Trx, bookingId: number, origin: string) {
  const token = newCancelToken();
  await trx
    .updateTable("trial_bookings")
    .set({ cancel_token_hash: hashCancelToken(token) })
    .where("id", "=", bookingId)
    .execute();
  return cancelUrl(origin, token);
}
