import type { Default, Id, Stamp } from "./columns";

/*
 * The messages domain's tables: the contact form's messages and their replies (app/domains/messages/).
 */

export interface ContactMessagesTable {
  id: Id;
  name: string;
  email: string;
  phone: Default<string>;
  subject: string;
  message: string;
  /** inbox | archive | spam */
  folder: Default<string>;
  spam_reason: Default<string>;
  ip: Default<string>;
  fingerprint: Default<string>;
  read_at: Stamp | null;
  /** The last reply sent from the back office (migration 014). */
  replied_at: Stamp | null;
  created_at: Stamp;
  updated_at: Stamp;
}

/** A reply sent from Messages, and the outbox mail that carries it (migration 014). */
export interface ContactMessageRepliesTable {
  id: Id;
  message_id: number;
  mail_id: number;
  subject: string;
  body: string;
  author: Default<string>;
  created_at: Stamp;
}
