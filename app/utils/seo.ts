import { absoluteUrl } from "~/core/url";
import type { MetaDescriptor } from "react-router";

/** What the site layout's loader gives every page for its meta tags. */
export interface SeoContext {
  origin: string;
  siteName: string;
  defaultImage: string;
}

type MatchLike = { id: string; data?: unknown } | undefined;
type HeroTexts = { title: string; metaDescription: string };

/** Finds the layout's SEO context among the route matches of a meta function. */
export function seoContext(matches: MatchLike[]): SeoContext {
  for (const match of matches) {
    const data = match?.data as { seo?: SeoContext } | undefined;
    if (data?.seo) return data.seo;
  }
  return { origin: "", siteName: "Boxing Club de Meyzieu", defaultImage: "" };
}

/**
 * Title, description, canonical URL and Open Graph tags of one public page.
 * `path` is the page's canonical path (no query string unless it names the page).
 */
export function pageMeta({
  matches,
  title,
  description,
  path,
  image,
  type = "website",
}: {
  matches: MatchLike[];
  title: string;
  description: string;
  path: string;
  image?: string | null;
  type?: "website" | "article";
}): MetaDescriptor[] {
  const { origin, siteName, defaultImage } = seoContext(matches);
  const fullTitle = title === siteName ? title : `${title} | ${siteName}`;
  const url = absoluteUrl(origin, path);
  const ogImage = image || defaultImage;
  return [
    { title: fullTitle },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: type },
    { property: "og:site_name", content: siteName },
    { property: "og:locale", content: "fr_FR" },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    ...(ogImage ? [{ property: "og:image", content: absoluteUrl(origin, ogImage) }] : []),
    { name: "twitter:card", content: ogImage ? "summary_large_image" : "summary" },
  ];
}

/** pageMeta for a page search engines must not list (a visitor's own link, a step). */
export function unlistedPageMeta(page: Parameters<typeof pageMeta>[0]): MetaDescriptor[] {
  return [...pageMeta(page), { name: "robots", content: "noindex" }];
}

/**
 * The meta of a page whose title and description are its hero's texts (Contenu), with the
 * spec's title while they are not loaded (an error page).
 */
export function heroPageMeta({
  hero,
  fallbackTitle,
  ...rest
}: {
  hero: HeroTexts | undefined;
  fallbackTitle: string;
  matches: MatchLike[];
  path: string;
  image?: string | null;
}): MetaDescriptor[] {
  return pageMeta({
    ...rest,
    title: hero?.title ?? fallbackTitle,
    description: hero?.metaDescription ?? "",
  });
}

/**
 * The meta function of a page whose loader returns its texts as `content`, hero first
 * (heroPageMeta), with the image `imageOf` picks from the page's data, if any.
 */
export function contentHeroMeta<Data extends { content: { hero: HeroTexts } }>(
  fallbackTitle: string,
  path: string,
  imageOf?: (data: Data) => string | null | undefined,
) {
  return ({ data, matches }: { data?: Data; matches: MatchLike[] }) =>
    heroPageMeta({
      matches,
      hero: data?.content.hero,
      fallbackTitle,
      path,
      image: data && imageOf?.(data),
    });
}
