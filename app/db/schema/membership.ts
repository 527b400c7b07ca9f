import type { Default, Id, Stamp } from "./columns";

/*
 * The membership domain's tables, HelloAsso's included (app/domains/membership/): seasons,
 * tariffs, households, members, files, registrations, payments, mails, attestations, checkouts and
 * the webhook inbox.
 */

/** Membership (migration 024, docs/decisions/024-membership.md). Cents, Paris days. */
export interface MembershipSeasonsTable {
  id: Id;
  /** "2026-2027" */
  label: string;
  starts_on: string;
  ends_on: string;
  registration_opens_on: string;
  registration_closes_on: string;
  renewal_opens_on: string | null;
  /** After this day, members who did not renew for the next season are anonymised. */
  grace_until: string | null;
  pass_sport_cents: Default<number>;
  house_rules: Default<string>;
  /** The last file reference's number taken (ADH-2026-042). */
  next_reference: Default<number>;
  created_at: Stamp;
  updated_at: Stamp;
}

export interface MembershipTariffsTable {
  id: Id;
  season_id: number;
  label: string;
  /** loisir | competition | educative | cardio | … */
  practice: string;
  birth_year_min: number | null;
  birth_year_max: number | null;
  club_cents: number;
  licence_cents: Default<number>;
  includes: Default<string>;
  /** Null: no limit; when full, new registrations wait. */
  places: number | null;
  /** certificate | questionnaire */
  medical_rule: Default<string>;
  medical_text: Default<string>;
  position: Default<number>;
  created_at: Stamp;
  updated_at: Stamp;
}

export interface MembershipDiscountsTable {
  id: Id;
  season_id: number;
  /** From this rank in the household on. */
  nth_member: number;
  amount_cents: number;
  label: Default<string>;
}

export interface HouseholdsTable {
  id: Id;
  /** Trimmed, lower-case. */
  email: string;
  phone: Default<string>;
  address: Default<string>;
  postal_code: Default<string>;
  city: Default<string>;
  /** JSON: [{ firstName, lastName, relation, phone, email }], 0 to 2. */
  guardians: Default<string>;
  renewal_optout_at: Stamp | null;
  anonymised_at: Stamp | null;
  created_at: Stamp;
  updated_at: Stamp;
}

export interface MembersTable {
  id: Id;
  household_id: number;
  first_name: string;
  last_name: string;
  birth_date: string;
  /** F | M */
  sex: string;
  licence_number: Default<string>;
  anonymised_at: Stamp | null;
  created_at: Stamp;
  updated_at: Stamp;
}

export interface MembershipFilesTable {
  id: Id;
  season_id: number;
  household_id: number | null;
  /** ADH-2026-042, once sent. */
  reference: string | null;
  /** draft | submitted | cancelled */
  status: Default<string>;
  /** JSON: what the family typed so far. */
  draft: Default<string>;
  /** club | card */
  payment_choice: Default<string>;
  trial_booking_id: number | null;
  /** The file of last season this one renews. */
  renewal_of: number | null;
  created_at: Stamp;
  updated_at: Stamp;
  submitted_at: Stamp | null;
  paid_at: Stamp | null;
}

export interface RegistrationsTable {
  id: Id;
  season_id: number;
  file_id: number;
  member_id: number;
  tariff_id: number;
  rank: number;
  /** active | waiting | cancelled */
  status: Default<string>;
  club_cents: number;
  licence_cents: number;
  household_discount_cents: Default<number>;
  manual_discount_cents: Default<number>;
  manual_discount_reason: Default<string>;
  pass_sport_code: Default<string>;
  pass_sport_cents: Default<number>;
  pass_sport_checked_at: Stamp | null;
  pass_sport_checked_by: Default<string>;
  /** certificate | questionnaire */
  medical_kind: Default<string>;
  /** YYYY-MM-DD, the certificate's own date. */
  certificate_date: string | null;
  medical_seen_at: Stamp | null;
  medical_seen_by: Default<string>;
  licence_taken_at: Stamp | null;
  /** JSON: [{ kind, accepted, version, at, by }] */
  consents: Default<string>;
  created_at: Stamp;
  updated_at: Stamp;
}

export interface MembershipPaymentsTable {
  id: Id;
  file_id: number;
  /** cheque | cash | cheque_vacances | coupon_sport | transfer | card */
  method: string;
  amount_cents: number;
  /** expected | received | deposited | rejected | cancelled | refunded */
  status: Default<string>;
  /** YYYY-MM */
  due_month: string | null;
  cheque_number: Default<string>;
  bank: Default<string>;
  reference: Default<string>;
  received_at: Stamp | null;
  received_by: Default<string>;
  deposited_at: Stamp | null;
  /** When a deposited cheque came back unpaid (status "rejected"). */
  rejected_at: Stamp | null;
  /** "helloasso:<payment id>" for a card payment read from HelloAsso (unique). */
  external_id: string | null;
  created_at: Stamp;
  updated_at: Stamp;
}

export interface MembershipAllocationsTable {
  id: Id;
  payment_id: number;
  registration_id: number;
  amount_cents: number;
}

export interface MembershipTokensTable {
  id: Id;
  household_id: number | null;
  file_id: number | null;
  /** draft | renewal | household */
  purpose: string;
  token_hash: string;
  created_at: Stamp;
  expires_at: Stamp;
  used_at: Stamp | null;
}

/** A mail sent once: its key claimed before it is queued (reminders, renewal, attestation). */
export interface MembershipMailsTable {
  id: Id;
  key: string;
  sent_at: Stamp;
}

export interface MembershipAttestationsTable {
  id: Id;
  registration_id: number;
  number: string;
  amount_cents: number;
  issued_at: Stamp;
}

export interface HelloAssoSettingsTable {
  id: Id;
  enabled: Default<number>;
  organization_slug: Default<string>;
  client_id: Default<string>;
  /** Sealed (app/utils/secret-box.server.ts); "" when none. */
  client_secret: Default<string>;
  sandbox: Default<number>;
  instalments: Default<number>;
  /** Source addresses allowed for notifications, one per line; "" for HelloAsso's. */
  allowlist: Default<string>;
  /** Sealed; "" when none. */
  signature_key: Default<string>;
  updated_at: Stamp;
}

export interface HelloAssoCheckoutsTable {
  id: Id;
  file_id: number;
  intent_id: string | null;
  /** The file's id while the checkout is open, else null (unique). */
  open_key: string | null;
  nonce: string;
  amount_cents: number;
  instalments: Default<number>;
  redirect_url: Default<string>;
  /** creating | pending | paid | refused | abandoned | failed */
  state: Default<string>;
  order_id: string | null;
  created_at: Stamp;
  expires_at: Stamp;
  checked_at: Stamp | null;
  closed_at: Stamp | null;
  last_error: Default<string>;
}

export interface WebhookInboxTable {
  id: Id;
  provider: string;
  body_hash: string;
  body: string;
  source_ip: Default<string>;
  signature_ok: number | null;
  received_at: Stamp;
  processed_at: Stamp | null;
  outcome: Default<string>;
}

/** A desk form's one-time key already used, and the answer its first post gave (migration 029). */
export interface MembershipDeskKeysTable {
  id: Id;
  key: string;
  /** JSON */
  answer: Default<string>;
  created_at: Stamp;
}
