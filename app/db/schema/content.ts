import type { Insertable, Selectable, Updateable } from "kysely";
import type { Default, Id, Stamp } from "./columns";

/*
 * The content domain's tables: pages, texts, settings, menu, disciplines, training formats, blog,
 * media, prices and inscription forms (app/domains/content/).
 */

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

/** The columns the published records (articles, site pages) share. */
interface PublishableTable {
  is_published: Default<number>;
  /** Scheduled publishing (migration 023): null when nothing is scheduled. */
  publish_at: Default<Stamp | null>;
  unpublish_at: Default<Stamp | null>;
  created_at: Stamp;
  updated_at: Stamp;
}

export interface BlogPostsTable extends PublishableTable {
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
  is_featured: Default<number>;
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

export interface SitePagesTable extends PublishableTable {
  id: Id;
  title: string;
  slug: string;
  content: Default<string>;
  template: Default<string>;
  order_index: Default<number>;
}

export type DisciplineRow = Selectable<DisciplinesTable>;
export type TrainingFormatRow = Selectable<TrainingFormatsTable>;
export type PostRow = Selectable<BlogPostsTable>;
export type NewPost = Insertable<BlogPostsTable>;
export type PostUpdate = Updateable<BlogPostsTable>;
