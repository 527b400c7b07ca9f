import type { CreateTableBuilder, Kysely } from "kysely";
import { createTableWithId } from "./id-table";

/* The whole data model of spec §3, plus users, sessions and login attempts. */

type Table = CreateTableBuilder<string, never>;

export async function up(db: Kysely<unknown>): Promise<void> {
  const table = (name: string): Table => createTableWithId(db, name);
  const stamps = (t: Table): Table =>
    t
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull());
  const text = (t: Table, name: string): Table =>
    t.addColumn(name, "text", (c) => c.notNull().defaultTo(""));

  await db.schema
    .createTable("app_meta")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("value", "text", (c) => c.notNull())
    .execute();

  await table("site_content")
    .addColumn("category", "text", (c) => c.notNull())
    .addColumn("section", "text", (c) => c.notNull())
    .addColumn("content", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addUniqueConstraint("site_content_category_section", ["category", "section"])
    .execute();

  await table("site_settings")
    .addColumn("category", "text", (c) => c.notNull().unique())
    .addColumn("settings", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  await table("menu_items")
    .addColumn("label", "text", (c) => c.notNull())
    .addColumn("path", "text", (c) => c.notNull())
    .addColumn("order_index", "integer", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  let disciplines = table("disciplines");
  for (const name of ["title", "subtitle", "description", "conclusion", "image"]) {
    disciplines = text(disciplines, name);
  }
  await stamps(
    disciplines
      .addColumn("details", "text", (c) => c.notNull().defaultTo("[]"))
      .addColumn("color", "text", (c) => c.notNull().defaultTo("light"))
      .addColumn("storage_path", "text")
      .addColumn("order_index", "integer", (c) => c.notNull())
      .addColumn("background_color", "text")
      .addColumn("text_color", "text")
      .addColumn("title_color", "text")
      .addColumn("subtitle_color", "text"),
  ).execute();

  let formats = table("training_formats");
  for (const name of ["title", "subtitle", "description", "conclusion", "image"]) {
    formats = text(formats, name);
  }
  await stamps(
    formats
      .addColumn("details", "text", (c) => c.notNull().defaultTo("[]"))
      .addColumn("icon_name", "text", (c) => c.notNull().defaultTo("Users"))
      .addColumn("color", "text", (c) => c.notNull().defaultTo("light"))
      .addColumn("storage_path", "text")
      .addColumn("order_index", "integer", (c) => c.notNull()),
  ).execute();

  let activities = table("schedule_activities");
  for (const name of ["title", "day", "start_time", "end_time", "description", "age_range"]) {
    activities = text(activities, name);
  }
  await stamps(
    text(activities, "long_description")
      .addColumn("category", "text", (c) => c.notNull().defaultTo("adult"))
      .addColumn("color", "text", (c) => c.notNull().defaultTo("#5ECFCB"))
      .addColumn("images", "text", (c) => c.notNull().defaultTo("[]"))
      .addColumn("position_x", "real")
      .addColumn("position_y", "real")
      .addColumn("width", "real"),
  ).execute();

  let posts = table("blog_posts").addColumn("slug", "text", (c) => c.notNull().unique());
  for (const name of ["title", "subtitle", "excerpt", "content", "image_url", "author"]) {
    posts = text(posts, name);
  }
  await stamps(
    posts
      .addColumn("category", "text", (c) => c.notNull().defaultTo("actualite"))
      .addColumn("published_at", "text", (c) => c.notNull())
      .addColumn("is_published", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("is_featured", "integer", (c) => c.notNull().defaultTo(0)),
  ).execute();

  await stamps(
    table("media_items")
      .addColumn("title", "text", (c) => c.notNull())
      .addColumn("url", "text", (c) => c.notNull())
      .addColumn("type", "text", (c) => c.notNull().defaultTo("image"))
      .addColumn("storage_path", "text"),
  ).execute();

  await table("image_variants")
    .addColumn("source_url", "text", (c) => c.notNull())
    .addColumn("url", "text", (c) => c.notNull())
    .addColumn("format", "text", (c) => c.notNull())
    .addColumn("width", "integer", (c) => c.notNull())
    .addColumn("height", "integer", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();

  await stamps(
    text(
      table("inscription_forms").addColumn("title", "text", (c) => c.notNull()),
      "description",
    )
      .addColumn("file_url", "text")
      .addColumn("storage_path", "text")
      .addColumn("order_index", "integer", (c) => c.notNull())
      .addColumn("is_active", "integer", (c) => c.notNull().defaultTo(1)),
  ).execute();

  await stamps(
    text(
      table("site_pages").addColumn("title", "text", (c) => c.notNull()),
      "content",
    )
      .addColumn("slug", "text", (c) => c.notNull().unique())
      .addColumn("is_published", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("template", "text", (c) => c.notNull().defaultTo("default"))
      .addColumn("order_index", "integer", (c) => c.notNull().defaultTo(0)),
  ).execute();

  await stamps(
    table("users")
      .addColumn("username", "text", (c) => c.notNull().unique())
      .addColumn("password_hash", "text", (c) => c.notNull()),
  ).execute();

  await db.schema
    .createTable("sessions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("last_used_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .execute();

  await table("login_attempts")
    .addColumn("ip", "text", (c) => c.notNull())
    .addColumn("username", "text", (c) => c.notNull())
    .addColumn("succeeded", "integer", (c) => c.notNull())
    .addColumn("attempted_at", "text", (c) => c.notNull())
    .execute();

  const indexes: [string, string, string[]][] = [
    ["menu_items_order", "menu_items", ["order_index"]],
    ["disciplines_order", "disciplines", ["order_index"]],
    ["training_formats_order", "training_formats", ["order_index"]],
    ["schedule_activities_day", "schedule_activities", ["day", "start_time"]],
    ["blog_posts_published", "blog_posts", ["is_published", "published_at"]],
    ["media_items_created", "media_items", ["created_at"]],
    ["image_variants_source", "image_variants", ["source_url"]],
    ["inscription_forms_active", "inscription_forms", ["is_active", "order_index"]],
    ["sessions_user", "sessions", ["user_id"]],
    ["sessions_expires", "sessions", ["expires_at"]],
    ["login_attempts_ip", "login_attempts", ["ip", "attempted_at"]],
    ["login_attempts_username", "login_attempts", ["username", "attempted_at"]],
  ];
  for (const [name, on, columns] of indexes) {
    await db.schema.createIndex(name).on(on).columns(columns).execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of [
    "login_attempts",
    "sessions",
    "users",
    "site_pages",
    "inscription_forms",
    "image_variants",
    "media_items",
    "blog_posts",
    "schedule_activities",
    "training_formats",
    "disciplines",
    "menu_items",
    "site_settings",
    "site_content",
    "app_meta",
  ]) {
    await db.schema.dropTable(name).ifExists().execute();
  }
}
