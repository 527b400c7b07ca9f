import interLatin from "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url";
import oswaldLatin from "@fontsource/oswald/files/oswald-latin-600-normal.woff2?url";
import { Outlet } from "react-router";
import { SiteFooter } from "~/components/site/site-footer";
import { SiteHeader } from "~/components/site/site-header";
import { SiteScript } from "~/components/site/site-script-tag";
import { isWebUrl } from "~/core/url";
import { getContentBlock } from "~/domains/content/content.server";
import { getMenu } from "~/domains/content/menu.server";
import { getAllSettings } from "~/domains/content/settings.server";
import { siteAddressOf } from "~/core/site-address.server";
import type { SeoContext } from "~/utils/seo";
import type { Route } from "./+types/layout";

/**
 * Public pages are HTML without React in the browser (docs/decisions/006-public-pages-without-react.md):
 * root.tsx leaves out React Router's scripts for any route below this one.
 */
export const handle = { hydrate: false };

/**
 * NOTE: reached only by a client-side navigation from the back office (which hydrates):
 * the public page is then loaded as a document, where no React runs.
 */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  window.location.assign(request.url);
  return new Promise<never>(() => {});
}

/*
 * The two fonts of the first screen, fetched with the HTML rather than after the CSS.
 * NOTE: measured without the Inter preload (body text): text then waits for Inter's block
 * period, first paint moved from 0.8 s to 1.2 s under Lighthouse's mobile throttling and
 * the late swap shifted /disciplines (CLS 0.12). Keep both (docs/performance.md).
 */
export const links: Route.LinksFunction = () =>
  [interLatin, oswaldLatin].map((href) => ({
    rel: "preload",
    href,
    as: "font",
    type: "font/woff2",
    crossOrigin: "anonymous" as const,
  }));

export async function loader() {
  const [settings, menu, footer, hero] = await Promise.all([
    getAllSettings(),
    getMenu(),
    getContentBlock({ category: "footer", section: "about" }),
    getContentBlock({ category: "hero", section: "main" }),
  ]);
  const seo: SeoContext = {
    origin: siteAddressOf(settings.site_address).origin,
    siteName: settings.general.siteName,
    defaultImage: hero.backgroundImage || settings.logo.url,
  };
  const { general, address, hours, logo, social, social_icons } = settings;
  // Only what the bar and the footer show travels to the browser.
  return {
    settings: {
      general,
      address: { street: address.street, postalCode: address.postalCode, city: address.city },
      hours,
      logo: { url: logo.url },
      social: { links: social.links.filter((link) => isWebUrl(link.url)) },
      social_icons,
    },
    menu: menu.map(({ label, path }) => ({ label, path })),
    footerText: footer.description,
    seo,
  };
}

export default function SiteLayout({ loaderData }: Route.ComponentProps) {
  const { settings, menu, footerText } = loaderData;
  const { general, address, hours, logo, social, social_icons } = settings;
  return (
    <>
      <SiteScript />
      <a
        href="#contenu"
        className="fixed left-4 top-2 z-[70] -translate-y-24 rounded-lg bg-gold px-4 py-3 font-semibold text-ink shadow-lg transition-transform focus:translate-y-0"
      >
        Aller au contenu
      </a>
      <SiteHeader
        siteName={general.siteName}
        logoUrl={logo.url}
        menu={menu}
        phoneNumber={general.phoneNumber}
      />
      <main id="contenu" tabIndex={-1} className="pt-header outline-none">
        <Outlet />
      </main>
      <SiteFooter
        siteName={general.siteName}
        description={footerText}
        logoUrl={logo.url}
        menu={menu}
        address={address}
        phoneNumber={general.phoneNumber}
        email={general.email}
        hours={hours}
        socialLinks={social.links}
        socialIcons={social_icons}
      />
    </>
  );
}
