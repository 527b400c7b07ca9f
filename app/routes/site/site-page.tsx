import { Mail, MapPin, Phone } from "lucide-react";
import { data } from "react-router";
import { ButtonLink } from "~/components/site/button-link";
import { PageHero } from "~/components/site/page-hero";
import { SideCard, WITH_SIDE_CARD } from "~/components/site/side-card";
import { getContentBlock } from "~/domains/content/content.server";
import { getSettings } from "~/domains/content/settings.server";
import { getPublishedSitePage, slugFromPath } from "~/domains/content/site-page.server";
import { sanitizePageHtml } from "~/utils/sanitize-html.server";
import { pageMeta } from "~/utils/seo";
import { NotFoundPage } from "./not-found";
import type { Route } from "./+types/site-page";

/*
 * The catch-all route: a published site page at this path (admin "Pages"), else the
 * English 404. Real routes always win: React Router ranks this splat last.
 */

export async function loader({ request }: Route.LoaderArgs) {
  const slug = slugFromPath(new URL(request.url).pathname);
  const page = await getPublishedSitePage({ slug });
  // The status must be 404 for search engines, with the page rendered by the ErrorBoundary.
  if (!page) throw data("Not Found", { status: 404 });
  const [general, address, contact] = await Promise.all([
    getSettings({ category: "general" }),
    getSettings({ category: "address" }),
    getContentBlock({ category: "contact", section: "info" }),
  ]);
  return {
    page: {
      title: page.title,
      slug: page.slug,
      template: page.template,
      // Cleaned again on every render, whatever was stored (DESIGN.md "Security rules").
      html: sanitizePageHtml(page.content),
      description: pageDescription(page.content),
    },
    contact: {
      title: contact.title,
      phone: general.phoneNumber,
      email: general.email,
      street: address.street,
      postalCode: address.postalCode,
      city: address.city,
    },
  };
}

/** The page's text without tags, cut at a word, for the meta description. */
function pageDescription(html: string): string {
  const text = sanitizePageHtml(html)
    .replace(/<[^>]*>/g, " ")
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, " ")
    .trim();
  if (text.length <= 155) return text;
  return `${text.slice(0, 155).replace(/\s+\S*$/, "")}…`;
}

export const meta: Route.MetaFunction = ({ data: loaded, matches }) =>
  loaded
    ? pageMeta({
        matches,
        title: loaded.page.title,
        description: loaded.page.description,
        path: loaded.page.slug,
      })
    : [{ title: "Page not found" }, { name: "robots", content: "noindex" }];

/** Readable defaults for the admin's HTML, without a typography plugin. */
const PROSE = [
  "text-lg leading-relaxed text-gray-800",
  "[&_h2]:mt-10 [&_h2]:text-3xl [&_h2]:text-ink [&_h3]:mt-8 [&_h3]:text-2xl [&_h3]:text-ink",
  "[&_h4]:mt-6 [&_h4]:text-xl [&_h4]:font-bold",
  "[&_p]:mt-4 [&_ul]:mt-4 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:mt-4 [&_ol]:list-decimal [&_ol]:pl-6",
  "[&_li]:mt-1 [&_a]:font-semibold [&_a]:text-teal-dark [&_a]:underline",
  "[&_blockquote]:mt-6 [&_blockquote]:border-l-4 [&_blockquote]:border-gold [&_blockquote]:pl-4 [&_blockquote]:italic",
  "[&_img]:mt-6 [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-xl [&_hr]:my-10",
  "[&_table]:mt-6 [&_table]:w-full [&_td]:border [&_td]:border-gray-200 [&_td]:p-2 [&_th]:border [&_th]:border-gray-200 [&_th]:bg-gray-50 [&_th]:p-2 [&_th]:text-left",
  "[&>*:first-child]:mt-0",
].join(" ");

export default function SitePage({ loaderData }: Route.ComponentProps) {
  const { page, contact } = loaderData;
  const content = <div className={PROSE} dangerouslySetInnerHTML={{ __html: page.html }} />;
  return (
    <>
      <PageHero title={page.title} />
      {page.template === "full-width" && (
        <div className="px-4 py-14 md:px-10 md:py-20" data-template="full-width">
          {content}
        </div>
      )}
      {page.template === "sidebar" && (
        <div className={WITH_SIDE_CARD} data-template="sidebar">
          <div className="min-w-0">{content}</div>
          <SideCard
            id="contact-club"
            title={contact.title}
            className="lg:self-start"
            cardClassName="bg-ink text-white shadow-lg"
          >
            <address className="mt-4 space-y-3 not-italic text-gray-200">
              <p className="flex gap-3">
                <MapPin aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-teal" />
                <span>
                  {contact.street}
                  <br />
                  {`${contact.postalCode} ${contact.city}`}
                </span>
              </p>
              <p className="flex gap-3">
                <Phone aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-teal" />
                <a href={`tel:${contact.phone.replace(/\s/g, "")}`} className="hover:text-teal">
                  {contact.phone}
                </a>
              </p>
              <p className="flex gap-3">
                <Mail aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-teal" />
                <a
                  href={`mailto:${contact.email}`}
                  className="text-[0.95rem] [overflow-wrap:anywhere] hover:text-teal"
                >
                  {contact.email}
                </a>
              </p>
            </address>
            <ButtonLink to="/contact" variant="teal" className="mt-6 w-full">
              Nous contacter
            </ButtonLink>
          </SideCard>
        </div>
      )}
      {page.template === "default" && (
        <div className="mx-auto max-w-3xl px-4 py-14 md:py-20" data-template="default">
          {content}
        </div>
      )}
    </>
  );
}

export function ErrorBoundary() {
  return <NotFoundPage />;
}
