import { absoluteUrl } from "~/core/url";
import { getPublishedPostIndex } from "~/domains/content/post-index.server";
import { getActivities } from "~/domains/schedule/schedule.server";
import { getPublishedSitePages } from "~/domains/content/site-page.server";
import { escapeXml, FEED_CACHE_CONTROL } from "~/utils/feeds.server";
import { getClubOrigin } from "~/core/site-address.server";

/** The public pages that always exist (spec §2). */
const STATIC_PATHS = [
  "/",
  "/disciplines",
  "/entrainements",
  "/entreprise",
  "/contact",
  "/planning",
  // The trial booking's first step; its later steps are per visitor, noindex.
  "/essai",
  "/infos-pratiques",
  "/tarifs",
  "/blog",
  "/inscription",
  // Online membership's first step; a file's pages are private, noindex.
  "/adhesion",
  "/mentions-legales",
  "/confidentialite",
];

interface Entry {
  path: string;
  lastmod?: string;
  image?: string;
}

function entryXml(origin: string, entry: Entry): string {
  const lines = [`    <loc>${escapeXml(absoluteUrl(origin, entry.path))}</loc>`];
  const date = entry.lastmod ? new Date(entry.lastmod) : null;
  if (date && !Number.isNaN(date.getTime())) {
    lines.push(`    <lastmod>${date.toISOString().slice(0, 10)}</lastmod>`);
  }
  if (entry.image) {
    lines.push(
      `    <image:image><image:loc>${escapeXml(absoluteUrl(origin, entry.image))}</image:loc></image:image>`,
    );
  }
  return `  <url>\n${lines.join("\n")}\n  </url>`;
}

export async function loader() {
  const origin = await getClubOrigin();
  const [posts, activities, pages] = await Promise.all([
    getPublishedPostIndex(),
    getActivities(),
    getPublishedSitePages(),
  ]);
  // Images are listed only when they can be fetched: absolute, or on this site.
  const image = (url: string | undefined) =>
    url && (/^https?:\/\//i.test(url) || (url.startsWith("/") && !url.startsWith("//")))
      ? url
      : undefined;
  const entries: Entry[] = [
    ...STATIC_PATHS.map((path) => ({ path })),
    ...posts.map((post) => ({
      path: `/blog/${encodeURIComponent(post.slug)}`,
      lastmod: post.updated_at || post.published_at,
      image: image(post.image_url),
    })),
    ...activities.map((activity) => ({
      path: `/activite/${activity.id}`,
      lastmod: activity.updated_at,
      image: image(activity.images[0]),
    })),
    ...pages.map((page) => ({ path: encodeURI(page.slug), lastmod: page.updated_at })),
  ];
  const xml = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">',
    ...entries.map((entry) => entryXml(origin, entry)),
    "</urlset>",
    "",
  ].join("\n");
  return new Response(xml, {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": FEED_CACHE_CONTROL,
    },
  });
}
