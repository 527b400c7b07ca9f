import { Link, NavLink, Outlet } from "react-router";
import { FRENCH_WEEKDAYS, WEEKDAY_KEYS } from "~/content/dates";
import { getContentBlock, getPageContent } from "~/models/content.server";
import { getMenu } from "~/models/menu.server";
import { getAllSettings } from "~/models/settings.server";
import { getEnv } from "~/utils/env.server";
import type { SeoContext } from "~/utils/seo";
import type { Route } from "./+types/layout";

export async function loader({ request }: Route.LoaderArgs) {
  const [settings, menu, footer, hero] = await Promise.all([
    getAllSettings(),
    getMenu(),
    getPageContent({ category: "footer" }),
    getContentBlock({ category: "hero", section: "main" }),
  ]);
  const seo: SeoContext = {
    origin: getEnv().publicUrl ?? new URL(request.url).origin,
    siteName: settings.general.siteName,
    defaultImage: hero.backgroundImage || settings.logo.url,
  };
  return { settings, menu, footerText: footer.about.description, seo };
}

export default function SiteLayout({ loaderData }: Route.ComponentProps) {
  const { settings, menu, footerText } = loaderData;
  const { general, address, hours, logo } = settings;
  return (
    <>
      <a
        href="#contenu"
        className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded focus:bg-white focus:p-2"
      >
        Aller au contenu
      </a>
      <header className="sticky top-0 z-40 border-b border-white/10 bg-ink text-white">
        <nav
          aria-label="Navigation principale"
          className="mx-auto flex max-w-7xl flex-wrap items-center gap-4 px-4 py-3"
        >
          <Link to="/" className="flex items-center gap-3 font-bold">
            {logo.url && (
              <img src={logo.url} alt="" width={40} height={40} className="size-10 rounded-full" />
            )}
            <span>{general.siteName}</span>
          </Link>
          <ul className="ml-auto flex flex-wrap items-center gap-1 text-sm">
            {menu.map((item) => (
              <li key={item.id}>
                <NavLink
                  to={item.path}
                  end
                  className={({ isActive }) =>
                    `rounded px-3 py-2 hover:text-teal ${isActive ? "text-teal" : "text-white"}`
                  }
                >
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <main id="contenu">
        <Outlet />
      </main>
      <footer className="bg-ink text-gray-300">
        <div className="mx-auto grid max-w-7xl gap-8 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
          <section>
            <h2 className="mb-3 font-bold text-gold">À PROPOS</h2>
            <p className="font-semibold text-white">{general.siteName}</p>
            <p className="mt-2 text-sm">{footerText}</p>
          </section>
          <section>
            <h2 className="mb-3 font-bold text-gold">LIENS RAPIDES</h2>
            <ul className="space-y-1 text-sm">
              {menu.map((item) => (
                <li key={item.id}>
                  <Link to={item.path} className="hover:text-teal">
                    {item.label}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
          <section>
            <h2 className="mb-3 font-bold text-gold">CONTACT</h2>
            <address className="space-y-1 text-sm not-italic">
              <p>{address.street}</p>
              <p>
                {address.postalCode} {address.city}
              </p>
              <p>
                <a
                  href={`tel:${general.phoneNumber.replace(/\s/g, "")}`}
                  className="hover:text-teal"
                >
                  {general.phoneNumber}
                </a>
              </p>
              <p>
                <a href={`mailto:${general.email}`} className="hover:text-teal">
                  {general.email}
                </a>
              </p>
            </address>
          </section>
          <section>
            <h2 className="mb-3 font-bold text-gold">HORAIRES</h2>
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 text-sm">
              {WEEKDAY_KEYS.map((key, i) => (
                <div key={key} className="contents">
                  <dt>{FRENCH_WEEKDAYS[i]}</dt>
                  <dd>{hours[key]}</dd>
                </div>
              ))}
            </dl>
          </section>
        </div>
        <p className="border-t border-white/10 py-4 text-center text-xs">
          © 2024 {general.siteName}. Tous droits réservés.
        </p>
      </footer>
    </>
  );
}
