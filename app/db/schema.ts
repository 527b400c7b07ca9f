import type { Generated, Insertable, Selectable, Updateable } from "kysely";

/*
 * Row types as stored. Portable types only (docs/decisions/001-portable-schema.md):
 * booleans are 0/1 integers, JSON is text, timestamps are ISO-8601 UTC text.
 * The models map them to booleans, arrays and objects.
 */

type Id = Generated<number>;
type Stamp = string;
/** A column with a database default: optional on insert. */
type Default<T> = Generated<T>;

export interface AppMetaTable {
  key: string;
  value: string;
}

export interface SiteContentTable {
  id: Id;
  category: string;
  section: string;
  content: string;
  updated_at: Stamp;
}

export interface SiteSettingsTable {
  id: Id;
  category: string;
  settings: string;
  updated_at: Stamp;
}

export interface MenuItemsTable {
  id: Id;
  label: string;
  path: string;
  order_index: number;
  updated_at: Stamp;
}

/** The columns the ordered records (disciplines, training formats) share. */
interface OrderedRecordTable {
  id: Id;
  title: Default<string>;
  subtitle: Default<string>;
  description: Default<string>;
  details: Default<string>;
  conclusion: Default<string>;
  image: Default<string>;
  color: Default<string>;
  storage_path: string | null;
  order_index: number;
  /** 1 from "Ajouter" until the first save with a title (migration 006). */
  is_draft: Default<number>;
  created_at: Stamp;
  updated_at: Stamp;
}

export interface DisciplinesTable extends OrderedRecordTable {
  background_color: string | null;
  text_color: string | null;
  title_color: string | null;
  subtitle_color: string | null;
}

export interface TrainingFormatsTable extends OrderedRecordTable {
  icon_name: Default<string>;
}

export interface ScheduleActivitiesTable {
  id: Id;
  title: Default<string>;
  category: Default<string>;
  day: Default<string>;
  start_time: Default<string>;
  end_time: Default<string>;
  color: Default<string>;
  description: Default<string>;
  age_range: Default<string>;
  long_description: Default<string>;
  images: Default<string>;
  position_x: number | null;
  position_y: number | null;
  width: number | null;
  /** Trial sessions (migration 009): accepted (0/1), places per session, minimum age. */
  trial_enabled: Default<number>;
  trial_places: Default<number>;
  trial_min_age: Default<number>;
  created_at: Stamp;
  updated_at: Stamp;
}

/** A dated exception to the weekly template (migration 008, app/domains/schedule/dated-sessions.ts). */
export interface ScheduleChangesTable {
  id: Id;
  /** cancel | move | closure */
  kind: string;
  activity_id: number | null;
  date: string | null;
  new_date: string | null;
  new_start: string | null;
  new_end: string | null;
  from_date: string | null;
  to_date: string | null;
  /** The reason (cancel, move) or the label (closure) shown to visitors. */
  note: Default<string>;
  created_at: Stamp;
  updated_at: Stamp;
}

export interface BlogPostsTable {
  id: Id;
  slug: string;
  title: Default<string>;
  subtitle: Default<string>;
  excerpt: Default<string>;
  content: Default<string>;
  image_url: Default<string>;
  category: Default<string>;
  author: Default<string>;
  published_at: Stamp;
  is_published: Default<number>;
  is_featured: Default<number>;
  /** Scheduled publishing (migration 023): null when nothing is scheduled. */
  publish_at: Default<Stamp | null>;
  unpublish_at: Default<Stamp | null>;
  created_at: Stamp;
  updated_at: Stamp;
}

/** Every slug an article has had (migration 006): old ones redirect to the current one. */
export interface PostSlugsTable {
  slug: string;
  post_id: number;
  created_at: Stamp;
}

export interface MediaItemsTable {
  id: Id;
  title: string;
  url: string;
  type: Default<string>;
  storage_path: string | null;
  created_at: Stamp;
  updated_at: Stamp;
}

/** Re-encoded variants of an uploaded image, looked up by the original's URL for srcset. */
export interface ImageVariantsTable {
  id: Id;
  source_url: string;
  url: string;
  format: string;
  width: number;
  height: number;
  created_at: Stamp;
}

export interface InscriptionFormsTable {
  id: Id;
  title: string;
  description: Default<string>;
  file_url: string | null;
  storage_path: string | null;
  order_index: number;
  is_active: Default<number>;
  created_at: Stamp;
  updated_at: Stamp;
}

export interface PricesTable {
  id: Id;
  label: string;
  /** enfants | juniors | adultes | tous */
  audience: string;
  amount_cents: number;
  includes_licence: Default<number>;
  includes_insurance: Default<number>;
  notes: Default<string>;
  order_index: Default<number>;
  created_at: Stamp;
  updated_at: Stamp;
}

export interface SitePagesTable {
  id: Id;
  title: string;
  slug: string;
  content: Default<string>;
  is_published: Default<number>;
  template: Default<string>;
  order_index: Default<number>;
  /** Scheduled publishing (migration 023): null when nothing is scheduled. */
  publish_at: Default<Stamp | null>;
  unpublish_at: Default<Stamp | null>;
  created_at: Stamp;
  updated_at: Stamp;
}

/** Volunteers' accounts; roles, e-mail, deactivation and TOTP from migration 020. */
export interface UsersTable {
  id: Id;
  username: string;
  password_hash: string;
  /** Lowercased; null for an account made before migration 020 until it is typed. */
  email: string | null;
  /** Space-separated roles (app/domains/volunteers/capabilities.ts). */
  roles: Default<string>;
  deactivated_at: Stamp | null;
  /** The TOTP secret, encrypted with DATA_DIR's key (app/utils/secret-box.server.ts). */
  totp_secret: string | null;
  /** When the second factor was confirmed; null: not enrolled (a pending secret may exist). */
  totp_enabled_at: Stamp | null;
  /** The last TOTP time step accepted: a code is never taken twice. */
  totp_last_step: number | null;
  created_at: Stamp;
  updated_at: Stamp;
}

export interface SessionsTable {
  id: string;
  user_id: number;
  created_at: Stamp;
  last_used_at: Stamp;
  expires_at: Stamp;
  ip: Default<string>;
  user_agent: Default<string>;
  /** "" full session; "code" awaiting the second factor; "enrol" must enrol first. */
  pending: Default<string>;
  /** 1 once the session proved a second factor (migration 027), else 0. */
  second_factor: Default<number>;
}

/** Single-use links (migration 020): an invitation or a password reset, hashed. */
export interface UserTokensTable {
  id: Id;
  user_id: number;
  /** invitation | reset */
  purpose: string;
  token_hash: string;
  ip: Default<string>;
  created_at: Stamp;
  expires_at: Stamp;
  used_at: Stamp | null;
}

/** A second factor's single-use recovery codes, hashed (migration 020). */
export interface RecoveryCodesTable {
  id: Id;
  user_id: number;
  code_hash: string;
  created_at: Stamp;
  used_at: Stamp | null;
}

/** The journal: one row per meaningful act (migration 020, app/domains/history/activity-log.server.ts). */
export interface ActivityLogTable {
  id: Id;
  user_id: number | null;
  /** Copied at the time of the act, so the row reads the same after a deactivation. */
  username: Default<string>;
  action: string;
  item_type: Default<string>;
  item_id: Default<string>;
  item_label: Default<string>;
  ip: Default<string>;
  created_at: Stamp;
}

/** The history: one saved state of an editable item (migration 021, app/models/history/). */
export interface ItemVersionsTable {
  id: Id;
  item_type: string;
  item_id: string;
  action: string;
  /** The item's editable fields, JSON. */
  snapshot: string;
  /** sha256 of snapshot: an identical save adds no version. */
  hash: string;
  actor_id: number | null;
  actor_name: Default<string>;
  created_at: Stamp;
}

/** The Corbeille: deleted items kept 30 days (migration 022, app/domains/history/trash.server.ts). */
export interface TrashTable {
  id: Id;
  item_type: string;
  item_id: number;
  label: Default<string>;
  /** JSON: { row, dependents } (app/models/trash-payload.server.ts). */
  payload: string;
  deleted_by: number | null;
  deleted_by_name: Default<string>;
  deleted_at: Stamp;
}

export interface LoginAttemptsTable {
  id: Id;
  ip: string;
  username: string;
  succeeded: number;
  attempted_at: Stamp;
}

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

/** A visitor's trial on one dated session (migration 009, app/domains/trials/trial-booking.server.ts). */
export interface TrialBookingsTable {
  id: Id;
  /** Null once the activity is deleted: the booking is kept, with its session below. */
  activity_id: number | null;
  /** The template's date of the session: with activity_id, the DatedSession's identity. */
  session_date: string;
  /** booked | waitlist | cancelled */
  status: string;
  first_name: string;
  last_name: string;
  /** Trimmed, lower-case. */
  email: string;
  phone: Default<string>;
  /** Null for an adult; first_name/last_name are then the parent who booked. */
  child_first_name: string | null;
  /** Null for an adult, and for the children booked before migration 017. */
  child_last_name: string | null;
  child_birth_year: number | null;
  /** No longer asked (the booker is the parent); kept for the rows that have one. */
  guardian_name: string | null;
  /** debutant | deja_pratique */
  level: string;
  message: Default<string>;
  /** SHA-256 of the cancel link's token. */
  cancel_token_hash: string;
  /** '' | present | absent */
  attendance: Default<string>;
  reminder_sent_at: Stamp | null;
  created_at: Stamp;
  updated_at: Stamp;
  cancelled_at: Stamp | null;
  /** The activity's title, and where and when the session takes place, as the person was told. */
  activity_title: Default<string>;
  on_date: Default<string>;
  on_start: Default<string>;
  on_end: Default<string>;
  /** The club's reason when it cancelled the session. */
  cancel_note: Default<string>;
}

/** One row per booked session, written first by every booking change to lock it. */
export interface TrialSessionLocksTable {
  activity_id: number;
  session_date: string;
  locked_at: Stamp;
}

/** A trial booking request's address, kept an hour for the per-address limit (migration 010). */
export interface TrialRequestsTable {
  id: Id;
  ip: string;
  created_at: Stamp;
}

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
  /** expected | received | deposited | cancelled | refunded */
  status: Default<string>;
  /** YYYY-MM */
  due_month: string | null;
  cheque_number: Default<string>;
  bank: Default<string>;
  reference: Default<string>;
  received_at: Stamp | null;
  received_by: Default<string>;
  deposited_at: Stamp | null;
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

export interface Database {
  app_meta: AppMetaTable;
  site_content: SiteContentTable;
  site_settings: SiteSettingsTable;
  menu_items: MenuItemsTable;
  disciplines: DisciplinesTable;
  training_formats: TrainingFormatsTable;
  schedule_activities: ScheduleActivitiesTable;
  schedule_changes: ScheduleChangesTable;
  blog_posts: BlogPostsTable;
  post_slugs: PostSlugsTable;
  media_items: MediaItemsTable;
  image_variants: ImageVariantsTable;
  inscription_forms: InscriptionFormsTable;
  prices: PricesTable;
  site_pages: SitePagesTable;
  users: UsersTable;
  sessions: SessionsTable;
  login_attempts: LoginAttemptsTable;
  user_tokens: UserTokensTable;
  recovery_codes: RecoveryCodesTable;
  activity_log: ActivityLogTable;
  item_versions: ItemVersionsTable;
  trash: TrashTable;
  contact_messages: ContactMessagesTable;
  contact_message_replies: ContactMessageRepliesTable;
  mail_outbox: MailOutboxTable;
  trial_bookings: TrialBookingsTable;
  trial_session_locks: TrialSessionLocksTable;
  trial_requests: TrialRequestsTable;
  membership_seasons: MembershipSeasonsTable;
  membership_tariffs: MembershipTariffsTable;
  membership_discounts: MembershipDiscountsTable;
  households: HouseholdsTable;
  members: MembersTable;
  membership_files: MembershipFilesTable;
  registrations: RegistrationsTable;
  membership_payments: MembershipPaymentsTable;
  membership_allocations: MembershipAllocationsTable;
  membership_tokens: MembershipTokensTable;
  membership_mails: MembershipMailsTable;
  membership_attestations: MembershipAttestationsTable;
  helloasso_settings: HelloAssoSettingsTable;
  helloasso_checkouts: HelloAssoCheckoutsTable;
  webhook_inbox: WebhookInboxTable;
}

export type DisciplineRow = Selectable<DisciplinesTable>;
export type TrainingFormatRow = Selectable<TrainingFormatsTable>;
export type ActivityRow = Selectable<ScheduleActivitiesTable>;
export type ScheduleChangeRow = Selectable<ScheduleChangesTable>;
export type PostRow = Selectable<BlogPostsTable>;
export type NewPost = Insertable<BlogPostsTable>;
export type PostUpdate = Updateable<BlogPostsTable>;
