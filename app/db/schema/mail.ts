import type { Default, Id, Stamp } from "./columns";

/*
 * The mail domain's table: the outbox the mail worker sends from (app/domains/mail/).
 */

export interface MailOutboxTable {
  id: Id;
  /** The work it belongs to (app/domains/mail/kinds.ts; migration 028); "" before the kinds: admins only. */
  kind: Default<string>;
  /** JSON [{ purpose, tokenHash }] of its personal links, to make them again (app/core/personal-links.ts). */
  personal_links: Default<string>;
  to_address: string;
  reply_to: Default<string>;
  subject: string;
  body_text: string;
  attachments: Default<string>;
  /** queued | sending | sent | failed */
  state: Default<string>;
  attempts: Default<number>;
  next_attempt_at: Stamp;
  claimed_until: Stamp | null;
  last_error: Default<string>;
  eml_file: Default<string>;
  sent_at: Stamp | null;
  created_at: Stamp;
  updated_at: Stamp;
}
