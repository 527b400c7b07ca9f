import type { Kysely } from "kysely";
import { blockTitle } from "~/domains/content/content-labels";
import { getDb } from "~/db/client.server";
import { CONTENT_VERSION_KEY } from "~/db/migrations/002-content-version";
import type { Database } from "~/db/schema";
import { parseUploadUrl, UPLOADS_URL_PREFIX } from "~/storage/paths.server";
import { VARIANT_NAME } from "~/storage/variants.server";
import { getEnv } from "~/core/env.server";
import { parseJson } from "~/core/json";

/*
 * The one scanner of references to files (ADR 005). Whether a file is in use is computed
 * from the site's data, never stored. The media library's "in use" badge, the removal of
 * a file an edit just dropped and the sweep of forgotten uploads all read it.
 *
 * A value counts for:
 * - itself, when it is a URL or a path (starts with /, http:// or https://); an absolute
 *   URL on the site's own origin (PUBLIC_URL) also counts for its path;
 * - the URLs inside it: markdown images, src/href/poster attributes, and upload paths
 *   (/uploads/…) anywhere in a sentence;
 * - in a JSON column, each of its strings at any depth.
 * The article's content also counts its lines in markdown image syntax, as the article
 * page reads them.
 */

/** How a column holds references. */
type Holds = "url" | "text" | "json" | "markdown";

interface Source<T extends keyof Database> {
  table: T;
  /** Every column a volunteer can fill with a link or a text, and how it holds them. */
  columns: Partial<Record<keyof Database[T] & string, Holds>>;
  /** Where a row's references are, in French, for the media library. */
  place: (row: Record<string, unknown>) => string;
}

const SETTINGS_LABELS: Record<string, string> = {
  logo: "Logo",
  home_video: "Vidéo d'accueil",
  social: "Réseaux sociaux",
  tarifs: "Tarifs",
};

const RECORD_TEXTS = {
  subtitle: "text",
  description: "text",
  details: "text",
  conclusion: "text",
} as const;

/**
 * The only list of the tables whose rows may mention an uploaded file. A new table or
 * column where a volunteer can put a link or an image goes here, or its files get swept.
 */
const SOURCES = [
  {
    table: "site_settings",
    columns: { settings: "json" },
    place: (row) => `Paramètres · ${SETTINGS_LABELS[String(row.category)] ?? String(row.category)}`,
  } satisfies Source<"site_settings">,
  {
    table: "site_content",
    columns: { content: "json" },
    place: (row) => `Contenu · ${blockTitle(String(row.category), String(row.section))}`,
  } satisfies Source<"site_content">,
  {
    table: "disciplines",
    columns: { image: "url", ...RECORD_TEXTS },
    place: (row) => `Discipline « ${String(row.title)} »`,
  } satisfies Source<"disciplines">,
  {
    table: "training_formats",
    columns: { image: "url", ...RECORD_TEXTS },
    place: (row) => `Format « ${String(row.title)} »`,
  } satisfies Source<"training_formats">,
  {
    table: "blog_posts",
    columns: { image_url: "url", content: "markdown", subtitle: "text", excerpt: "text" },
    place: (row) => `Article « ${String(row.title)} »`,
  } satisfies Source<"blog_posts">,
  {
    table: "schedule_activities",
    columns: { images: "json", description: "text", long_description: "text" },
    place: (row) => `Planning · « ${String(row.title)} »`,
  } satisfies Source<"schedule_activities">,
  {
    table: "inscription_forms",
    columns: { file_url: "url", description: "text" },
    place: (row) => `Inscription · « ${String(row.title)} »`,
  } satisfies Source<"inscription_forms">,
  {
    table: "site_pages",
    columns: { content: "text" },
    place: (row) => `Page « ${String(row.title)} »`,
  } satisfies Source<"site_pages">,
  {
    table: "menu_items",
    columns: { path: "url" },
    place: (row) => `Menu · « ${String(row.label)} »`,
  } satisfies Source<"menu_items">,
];

/** The columns each place label reads. */
const LABEL_COLUMNS: Record<string, string[]> = {
  site_settings: ["category"],
  site_content: ["category", "section"],
  menu_items: ["label"],
};

const URL_LIKE = /^(\/|https?:\/\/)/i;
const MARKDOWN_IMAGE_LINE = /^!\[([^\]]*)\]\((.*)\)$/;
const MARKDOWN_IMAGE = /!\[[^\]]*\]\(\s*<?([^)\s>]+)/g;
const HTML_URL_ATTRIBUTE = /\b(?:src|href|poster)\s*=\s*(?:"([^"]*)"|'([^']*)')/gi;
const EMBEDDED_UPLOAD = /\/uploads\/[A-Za-z0-9._~\-/]+/g;

class UsageCollector {
  /** Every URL found, with the places that use it. */
  readonly places = new Map<string, Set<string>>();
  private readonly origin: string | null;
  place = "";

  constructor(publicUrl: string | null) {
    this.origin = publicUrl ? safeOrigin(publicUrl) : null;
  }

  private note(url: string): void {
    const places = this.places.get(url) ?? new Set<string>();
    places.add(this.place);
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

  /** The URLs inside a text: markdown images, HTML attributes, upload paths. */
  addFromText(text: string): void {
    for (const match of text.matchAll(MARKDOWN_IMAGE)) this.addUrl(match[1]);
    for (const match of text.matchAll(HTML_URL_ATTRIBUTE)) this.addUrl(match[1] ?? match[2]);
    for (const path of uploadPathsIn(text)) this.note(path);
  }

  add(value: unknown, holds: Holds): void {
    if (typeof value !== "string" || value === "") return;
    if (holds === "json") {
      this.addJson(parseJson<unknown>(value, null));
      // A column that does not parse is still searched as text.
      this.addFromText(value);
      return;
    }
    this.addUrl(value);
    this.addFromText(value);
    if (holds === "markdown") {
      for (const line of value.split(/\r?\n/)) {
        const match = MARKDOWN_IMAGE_LINE.exec(line.trim());
        if (match) this.addUrl(match[2]);
      }
    }
  }

  private addJson(value: unknown): void {
    if (typeof value === "string") {
      this.addUrl(value);
      this.addFromText(value);
    } else if (Array.isArray(value)) {
      for (const item of value) this.addJson(item);
    } else if (value && typeof value === "object") {
      for (const item of Object.values(value)) this.addJson(item);
    }
  }
}

function safeOrigin(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
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

/** Every URL the site or its settings use, with where (French labels, for the library). */
export async function getFileUsage(db: Kysely<Database> = getDb()): Promise<Map<string, string[]>> {
  // A transaction's own view is scanned as it stands; the pool's is kept per content version.
  if (db !== getDb()) return scanFileUsage(db);
  const row = await db
    .selectFrom("app_meta")
    .select("value")
    .where("key", "=", CONTENT_VERSION_KEY)
    .executeTakeFirst();
  const key = row ? `${row.value} ${getEnv().publicUrl ?? ""}` : null;
  if (key !== null && lastScan?.db === db && lastScan.key === key) return lastScan.places;
  const places = await scanFileUsage(db);
  if (key !== null) lastScan = { db, key, places };
  return places;
}

/**
 * The last scan and the content version it was made at. Every table the scan reads moves
 * that version forward on each write (migration 002), and the version is read before the
 * scan: a scan kept under a version is never older than it. With thousands of articles a
 * scan reads megabytes of text; the media library and the uploads' removal ask often.
 */
let lastScan: { db: Kysely<Database>; key: string; places: Map<string, string[]> } | null = null;

async function scanFileUsage(db: Kysely<Database>): Promise<Map<string, string[]>> {
  const usage = new UsageCollector(getEnv().publicUrl);
  for (const source of SOURCES) {
    const columns = Object.keys(source.columns);
    const rows = (await db
      .selectFrom(source.table)
      .select([...(LABEL_COLUMNS[source.table] ?? ["title"]), ...columns] as never[])
      .execute()) as Record<string, unknown>[];
    for (const row of rows) {
      usage.place = source.place(row);
      for (const [column, holds] of Object.entries(source.columns) as [string, Holds][]) {
        usage.add(row[column], holds);
      }
    }
  }
  return new Map([...usage.places].map(([url, places]) => [url, [...places]]));
}

/** The upload path of one of our upload URLs, without query string; null for any other. */
export function uploadPathOf(url: string): string | null {
  const target = parseUploadUrl(url);
  return target ? `${UPLOADS_URL_PREFIX}/${target.bucket}/${target.storagePath}` : null;
}

/**
 * Whether an upload is kept: used by the site, in the media library, held by an item in
 * the Corbeille, or the original of a used variant (through image_variants, or by its name
 * when the row is missing: a rolled-back save, a copied URL). Throws when the database does not answer: the callers
 * then remove nothing.
 */
export async function uploadKeeper(
  db: Kysely<Database> = getDb(),
): Promise<(uploadPath: string) => boolean> {
  const kept = new Set<string>();
  for (const url of (await getFileUsage(db)).keys()) {
    const path = uploadPathOf(url);
    if (path) kept.add(path);
  }
  const [library, variants, trashed] = await Promise.all([
    db.selectFrom("media_items").select("url").execute(),
    db.selectFrom("image_variants").select(["source_url", "url"]).execute(),
    db.selectFrom("trash").select("payload").execute(),
  ]);
  // What the Corbeille holds keeps its files until it is purged (ADR 022); read here, not
  // in the cached scan: a purge does not move the content version.
  const held = new UsageCollector(getEnv().publicUrl);
  for (const row of trashed) held.add(row.payload, "json");
  for (const url of held.places.keys()) {
    const path = uploadPathOf(url);
    if (path) kept.add(path);
  }
  for (const row of library) {
    const path = uploadPathOf(row.url);
    if (path) kept.add(path);
  }
  for (const row of variants) {
    const variant = uploadPathOf(row.url);
    const source = uploadPathOf(row.source_url);
    if (variant && source && kept.has(variant)) kept.add(source);
  }
  const variantStems = new Set<string>();
  for (const other of kept) {
    const match = VARIANT_NAME.exec(other);
    if (match) variantStems.add(match[1]!);
  }
  return (uploadPath) => {
    if (kept.has(uploadPath)) return true;
    const dot = uploadPath.lastIndexOf(".");
    return dot > uploadPath.lastIndexOf("/") && variantStems.has(uploadPath.slice(0, dot));
  };
}
