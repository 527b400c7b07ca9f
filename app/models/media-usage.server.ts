import type { Kysely } from "kysely";
import { getDb } from "~/db/client.server";
import type { Database } from "~/db/schema";
import { blockTitle } from "~/components/admin/content-labels";
import { getEnv } from "~/utils/env.server";
import { parseJson } from "./parse";

/*
 * Whether a media is "in use" is computed from the references, never stored: a URL is in
 * use when any of these holds it:
 * - site_settings: any string of the settings object, at any depth (logo, home video,
 *   social icons, tarifs PDF…);
 * - site_content: any string of the content blocks, at any depth;
 * - disciplines.image, training_formats.image, blog_posts.image_url;
 * - blog_posts.content: the lines in markdown image syntax `![alt](url)`;
 * - schedule_activities.images (a JSON list), inscription_forms.file_url;
 * - site_pages.content (HTML): src and href attributes;
 * - menu_items.path (a menu entry may link to an uploaded PDF).
 * A string counts when it is a URL or a path (starts with /, http:// or https://); upload
 * paths (/uploads/…) are also found inside longer texts. An absolute URL on the site's own
 * origin (PUBLIC_URL) also counts for its path.
 */

const URL_LIKE = /^(\/|https?:\/\/)/i;
const MARKDOWN_IMAGE_LINE = /^!\[([^\]]*)\]\((.*)\)$/;
const MARKDOWN_IMAGE = /!\[[^\]]*\]\(\s*<?([^)\s>]+)/g;
const HTML_URL_ATTRIBUTE = /\b(?:src|href|poster)\s*=\s*(?:"([^"]*)"|'([^']*)')/gi;
const EMBEDDED_UPLOAD = /\/uploads\/[A-Za-z0-9._~\-/]+/g;

class UsageCollector {
  /** Every URL found, with the places (French, for the media library) that use it. */
  readonly places = new Map<string, Set<string>>();
  private readonly origin: string | null;
  /** Where the next URLs are found: set before reading each row. */
  place = "";

  constructor(publicUrl: string | null) {
    this.origin = publicUrl ? safeOrigin(publicUrl) : null;
  }

  private note(url: string): void {
    const places = this.places.get(url) ?? new Set<string>();
    if (this.place) places.add(this.place);
    this.places.set(url, places);
  }

  addUrl(value: string | null | undefined): void {
    const url = value?.trim();
    if (!url || !URL_LIKE.test(url)) return;
    this.note(url);
    if (this.origin && /^https?:\/\//i.test(url)) {
      try {
        const parsed = new URL(url);
        if (parsed.origin === this.origin) this.note(parsed.pathname);
      } catch {
        // Not a URL after all.
      }
    }
  }

  /** References inside a free text: markdown images, HTML attributes, upload paths. */
  addFromText(text: string): void {
    for (const match of text.matchAll(MARKDOWN_IMAGE)) this.addUrl(match[1]);
    for (const match of text.matchAll(HTML_URL_ATTRIBUTE)) this.addUrl(match[1] ?? match[2]);
    for (const match of text.matchAll(EMBEDDED_UPLOAD)) this.addUrl(match[0]);
  }

  /** Every string of a parsed JSON value, at any depth. */
  addFromJson(value: unknown): void {
    if (typeof value === "string") {
      this.addUrl(value);
      this.addFromText(value);
    } else if (Array.isArray(value)) {
      for (const item of value) this.addFromJson(item);
    } else if (value && typeof value === "object") {
      for (const item of Object.values(value)) this.addFromJson(item);
    }
  }

  /** Blog content: the lines that are markdown images, as the article page reads them. */
  addMarkdownImageLines(content: string): void {
    for (const line of content.split(/\r?\n/)) {
      const match = MARKDOWN_IMAGE_LINE.exec(line.trim());
      if (match) this.addUrl(match[2]);
    }
    this.addFromText(content);
  }
}

function safeOrigin(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

const SETTINGS_LABELS: Record<string, string> = {
  logo: "Logo",
  home_video: "Vidéo d'accueil",
  social: "Réseaux sociaux",
  tarifs: "Tarifs",
};

/** Every URL referenced on the site or in its settings, with where (French labels). */
export async function getMediaPlaces(
  db: Kysely<Database> = getDb(),
): Promise<Map<string, string[]>> {
  const [settings, content, disciplines, formats, posts, activities, inscriptions, pages, menu] =
    await Promise.all([
      db.selectFrom("site_settings").select(["category", "settings"]).execute(),
      db.selectFrom("site_content").select(["category", "section", "content"]).execute(),
      db.selectFrom("disciplines").select(["title", "image"]).execute(),
      db.selectFrom("training_formats").select(["title", "image"]).execute(),
      db.selectFrom("blog_posts").select(["title", "image_url", "content"]).execute(),
      db.selectFrom("schedule_activities").select(["title", "images"]).execute(),
      db.selectFrom("inscription_forms").select(["title", "file_url"]).execute(),
      db.selectFrom("site_pages").select(["title", "content"]).execute(),
      db.selectFrom("menu_items").select(["label", "path"]).execute(),
    ]);

  const usage = new UsageCollector(getEnv().publicUrl);
  for (const row of settings) {
    usage.place = `Paramètres · ${SETTINGS_LABELS[row.category] ?? row.category}`;
    usage.addFromJson(parseJson<unknown>(row.settings, null));
  }
  for (const row of content) {
    usage.place = `Contenu · ${blockTitle(row.category, row.section)}`;
    usage.addFromJson(parseJson<unknown>(row.content, null));
  }
  for (const row of disciplines) {
    usage.place = `Discipline « ${row.title} »`;
    usage.addUrl(row.image);
  }
  for (const row of formats) {
    usage.place = `Format « ${row.title} »`;
    usage.addUrl(row.image);
  }
  for (const row of posts) {
    usage.place = `Article « ${row.title} »`;
    usage.addUrl(row.image_url);
    usage.addMarkdownImageLines(row.content);
  }
  for (const row of activities) {
    usage.place = `Planning · « ${row.title} »`;
    usage.addFromJson(parseJson<unknown>(row.images, []));
  }
  for (const row of inscriptions) {
    usage.place = `Inscription · « ${row.title} »`;
    usage.addUrl(row.file_url);
  }
  for (const row of pages) {
    usage.place = `Page « ${row.title} »`;
    usage.addFromText(row.content);
  }
  for (const row of menu) {
    usage.place = `Menu · « ${row.label} »`;
    usage.addUrl(row.path);
  }
  return new Map([...usage.places].map(([url, places]) => [url, [...places]]));
}

/** The set of URLs referenced anywhere on the site or in its settings. */
export async function getMediaUsage(db: Kysely<Database> = getDb()): Promise<Set<string>> {
  return new Set((await getMediaPlaces(db)).keys());
}

/**
 * The upload paths ("/uploads/<bucket>/<path>", no query string) found anywhere in a
 * text: alone, inside an absolute URL, an HTML attribute, a markdown image or a sentence.
 * A path ending a sentence is given with and without its final dot.
 */
export function uploadPathsIn(text: string): string[] {
  const found: string[] = [];
  for (const [match] of text.matchAll(EMBEDDED_UPLOAD)) {
    found.push(match);
    const trimmed = match.replace(/\.+$/, "");
    if (trimmed !== match) found.push(trimmed);
  }
  return found;
}

export async function isMediaInUse(url: string, db: Kysely<Database> = getDb()): Promise<boolean> {
  const wanted = url.trim();
  return wanted !== "" && (await getMediaUsage(db)).has(wanted);
}
