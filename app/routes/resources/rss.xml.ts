import { absoluteUrl } from "~/core/url";
import { CARD_EXCERPT_LENGTH, excerpt } from "~/domains/content/excerpt";
import { getPageContent } from "~/domains/content/content.server";
import { BLOG_CATEGORY_LABELS } from "~/components/site/post-card";
import { getLatestPublishedPosts } from "~/domains/content/post.server";
import { getFirstPostSlugs } from "~/domains/content/post-slug.server";
import { escapeXml, FEED_CACHE_CONTROL } from "~/utils/feeds.server";
import { getClubOrigin } from "~/core/site-address.server";

const FEED_ITEMS = 20;

/** RFC 822 date as RSS 2.0 wants it ("Sat, 21 Nov 2026 04:42:44 GMT"). */
function rfc822(iso: string): string | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date.toUTCString();
}

export async function loader() {
  const origin = await getClubOrigin();
  const [posts, texts] = await Promise.all([
    getLatestPublishedPosts({ limit: FEED_ITEMS }),
    getPageContent({ category: "blog" }),
  ]);
  const firstSlugs = await getFirstPostSlugs({ ids: posts.map((post) => post.id) });
  const items = posts.map((post) => {
    const link = `${origin}/blog/${encodeURIComponent(post.slug || String(post.id))}`;
    // The first address, which redirects to the current one: a rename changes no guid.
    const firstSlug = firstSlugs.get(post.id);
    const guid = firstSlug ? `${origin}/blog/${encodeURIComponent(firstSlug)}` : link;
    const date = rfc822(post.published_at);
    return [
      "    <item>",
      `      <title>${escapeXml(post.title)}</title>`,
      `      <link>${escapeXml(link)}</link>`,
      `      <guid isPermaLink="true">${escapeXml(guid)}</guid>`,
      ...(date ? [`      <pubDate>${date}</pubDate>`] : []),
      `      <description>${escapeXml(excerpt(post, CARD_EXCERPT_LENGTH))}</description>`,
      ...(post.author ? [`      <dc:creator>${escapeXml(post.author)}</dc:creator>`] : []),
      `      <category>${escapeXml(BLOG_CATEGORY_LABELS[post.category])}</category>`,
      ...(post.image_url && (post.image_url.startsWith("/") || /^https?:/i.test(post.image_url))
        ? [
            `      <media:content url="${escapeXml(absoluteUrl(origin, post.image_url))}" medium="image"/>`,
          ]
        : []),
      "    </item>",
    ].join("\n");
  });
  const newest = posts[0] ? rfc822(posts[0].published_at) : null;
  const xml = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:media="http://search.yahoo.com/mrss/">',
    "  <channel>",
    `    <title>${escapeXml(texts.feed.title)}</title>`,
    `    <link>${escapeXml(`${origin}/blog`)}</link>`,
    `    <atom:link href="${escapeXml(`${origin}/blog/rss.xml`)}" rel="self" type="application/rss+xml"/>`,
    `    <description>${escapeXml(texts.hero.metaDescription)}</description>`,
    "    <language>fr-FR</language>",
    ...(newest ? [`    <lastBuildDate>${newest}</lastBuildDate>`] : []),
    ...items,
    "  </channel>",
    "</rss>",
    "",
  ].join("\n");
  return new Response(xml, {
    headers: {
      "Content-Type": "application/rss+xml; charset=utf-8",
      "Cache-Control": FEED_CACHE_CONTROL,
    },
  });
}
