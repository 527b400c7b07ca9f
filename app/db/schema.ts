/*
 * The database as Kysely sees it, assembled from each domain's tables (app/db/schema/<domain>.ts).
 * Row types as stored. Portable types only (docs/decisions/001-portable-schema.md):
 * booleans are 0/1 integers, JSON is text, timestamps are ISO-8601 UTC text.
 * The models map them to booleans, arrays and objects.
 */
import type {
  BlogPostsTable,
  DisciplinesTable,
  ImageVariantsTable,
  InscriptionFormsTable,
  MediaItemsTable,
  MenuItemsTable,
  PostSlugsTable,
  PricesTable,
  SiteContentTable,
  SitePagesTable,
  SiteSettingsTable,
  TrainingFormatsTable,
} from "./schema/content";
import type { ScheduleActivitiesTable, ScheduleChangesTable } from "./schema/schedule";
import type {
  LoginAttemptsTable,
  RecoveryCodesTable,
  SessionsTable,
  UserTokensTable,
  UsersTable,
} from "./schema/volunteers";
import type { ActivityLogTable, ItemVersionsTable, TrashTable } from "./schema/history";
import type { ContactMessageRepliesTable, ContactMessagesTable } from "./schema/messages";
import type { MailOutboxTable } from "./schema/mail";
import type {
  TrialBookingsTable,
  TrialRequestsTable,
  TrialSessionLocksTable,
} from "./schema/trials";
import type {
  HelloAssoCheckoutsTable,
  HelloAssoSettingsTable,
  HouseholdsTable,
  MembersTable,
  MembershipAllocationsTable,
  MembershipAttestationsTable,
  MembershipDeskKeysTable,
  MembershipDiscountsTable,
  MembershipFilesTable,
  MembershipMailsTable,
  MembershipPaymentsTable,
  MembershipSeasonsTable,
  MembershipTariffsTable,
  MembershipTokensTable,
  RegistrationsTable,
  WebhookInboxTable,
} from "./schema/membership";

export type * from "./schema/content";
export type * from "./schema/schedule";
export type * from "./schema/volunteers";
export type * from "./schema/history";
export type * from "./schema/messages";
export type * from "./schema/mail";
export type * from "./schema/trials";
export type * from "./schema/membership";

export interface AppMetaTable {
  key: string;
  value: string;
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
  membership_desk_keys: MembershipDeskKeysTable;
}
