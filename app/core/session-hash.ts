import { createHash } from "node:crypto";

/*
 * What the `sessions` table stores for a session: the SHA-256 of the cookie's id, never
 * the id itself, so a leaked backup or a read of the table opens no session. The id has
 * 256 random bits: a plain, unsalted hash is enough (nothing to guess from it).
 * NOTE: plain module (no `~/` import) so the e2e fixtures can import it too.
 */
export function hashSessionId(id: string): string {
  return createHash("sha256").update(id).digest("base64url");
}
