import { Menu, Phone, X } from "lucide-react";
import { Link, NavLink } from "react-router";
import { InfosMenu, type NavEntry } from "./infos-menu";

/** The spec's Infos dropdown (§2), in its order. */
export const INFOS_LINKS: NavEntry[] = [
  { label: "Infos Pratiques", path: "/infos-pratiques" },
  { label: "Inscription", path: "/inscription" },
  { label: "Entreprise", path: "/entreprise" },
  { label: "Blog", path: "/blog" },
];
const CONTACT_PATH = "/contact";

/**
 * Menu entries of the bar: the database's, less those the Infos dropdown and the Contact
 * button already show there (the footer lists them all).
 */
export function barEntries(menu: NavEntry[]): NavEntry[] {
  const elsewhere = new Set([CONTACT_PATH, ...INFOS_LINKS.map((link) => link.path)]);
  return menu.filter((item) => !elsewhere.has(item.path));
}

function navLinkClass({ isActive }: { isActive: boolean }) {
  return `rounded-md px-2.5 py-2 text-sm font-semibold transition-colors hover:text-teal lg:px-3 ${
    isActive ? "text-teal" : "text-white"
  }`;
}

/**
 * The fixed top bar (spec §2): logo, menu, Infos dropdown, Contact; a drawer under 768 px.
 * The drawer is a popover its button opens and closes by itself, with no script (a phone
 * without JavaScript still reaches every page; Escape and a tap outside close it); the
 * site script (site-script.ts) keeps the button's state and label, closes it on a link,
 * and opens it in browsers without popovers. A navigation is a new page, so the drawer is
 * closed on arrival.
 */
export function SiteHeader({
  siteName,
  logoUrl,
  menu,
  phoneNumber,
}: {
  siteName: string;
  logoUrl: string;
  menu: NavEntry[];
  phoneNumber: string;
}) {
  const entries = barEntries(menu);

  return (
    <header className="group/header fixed inset-x-0 top-0 z-50 border-b border-white/10 bg-ink/95 text-white shadow-lg shadow-black/10 backdrop-blur supports-[backdrop-filter]:bg-ink/90">
      <div className="mx-auto flex h-header max-w-7xl items-center gap-3 px-4 sm:px-6">
        <Link
          to="/"
          className="flex min-w-0 shrink items-center gap-3 rounded-md py-1 font-display text-base uppercase leading-tight tracking-wide sm:text-lg"
        >
          {logoUrl && (
            <img
              src={logoUrl}
              alt=""
              width={44}
              height={44}
              // Small and never the LCP: no early preload (React adds one otherwise) that
              // would take bandwidth from the CSS, the heading font and the hero image.
              fetchPriority="low"
              className="size-11 shrink-0 rounded-full bg-white/5 object-contain"
            />
          )}
          <span className="line-clamp-2 md:sr-only lg:not-sr-only">{siteName}</span>
        </Link>

        <nav aria-label="Navigation principale" className="ml-auto hidden md:block">
          <ul className="flex items-center gap-0.5 lg:gap-1">
            {entries.map((item) => (
              <li key={item.path}>
                <NavLink to={item.path} end className={navLinkClass}>
                  {item.label}
                </NavLink>
              </li>
            ))}
            <li>
              <InfosMenu label="Infos" items={INFOS_LINKS} />
            </li>
            <li className="ml-2">
              <NavLink
                to={CONTACT_PATH}
                className={({ isActive }) =>
                  `inline-flex min-h-10 items-center rounded-full px-5 text-sm font-bold transition-colors ${
                    isActive
                      ? "bg-white text-ink ring-2 ring-gold"
                      : "bg-gold text-ink hover:bg-[#e2c25a]"
                  }`
                }
              >
                Contact
              </NavLink>
            </li>
          </ul>
        </nav>

        <a
          href={`tel:${phoneNumber.replace(/[^\d+]/g, "")}`}
          className="ml-auto inline-flex size-11 items-center justify-center rounded-full text-teal md:hidden"
        >
          <Phone aria-hidden="true" className="size-5" />
          <span className="sr-only">Appeler le club</span>
        </a>
        {/* NOTE: no aria-expanded in the HTML: without the script the browser tells the
            popover's state itself, which a fixed "false" would contradict. */}
        <button
          id="menu-button"
          type="button"
          popoverTarget="menu-mobile"
          aria-controls="menu-mobile"
          aria-label="Ouvrir le menu"
          className="inline-flex size-11 items-center justify-center rounded-full bg-white/10 transition-colors hover:bg-white/20 md:hidden"
        >
          {/* The icon follows the drawer's state (the popover's, or [open] where the script
              stands in for popovers), with or without script. */}
          <Menu
            aria-hidden="true"
            className="size-6 group-has-[#menu-mobile:is([open],:popover-open)]/header:hidden"
          />
          <X
            aria-hidden="true"
            className="hidden size-6 group-has-[#menu-mobile:is([open],:popover-open)]/header:block"
          />
        </button>
      </div>

      {/* A popover sits in the top layer, placed against the viewport: right under the bar.
          "hidden" until open, also where popovers are unknown (the script then sets [open]). */}
      <nav
        id="menu-mobile"
        popover="auto"
        aria-label="Menu mobile"
        className="fixed inset-x-0 bottom-auto top-header m-0 hidden max-h-[calc(100svh-var(--spacing-header))] w-full max-w-none overflow-y-auto border-0 border-t border-white/10 bg-ink p-0 text-white max-md:open:block"
      >
        <ul className="mx-auto max-w-7xl px-4 py-3">
          {entries.map((item) => (
            <li key={item.path}>
              <NavLink to={item.path} end className={mobileLinkClass}>
                {item.label}
              </NavLink>
            </li>
          ))}
        </ul>
        <p className="px-4 pt-2 text-xs font-bold uppercase tracking-widest text-gold">Infos</p>
        <ul className="mx-auto max-w-7xl px-4 pb-3">
          {INFOS_LINKS.map((item) => (
            <li key={item.path}>
              <NavLink to={item.path} className={mobileLinkClass}>
                {item.label}
              </NavLink>
            </li>
          ))}
        </ul>
        <div className="px-4 pb-6">
          <NavLink
            to={CONTACT_PATH}
            className="flex min-h-12 w-full items-center justify-center rounded-full bg-gold font-bold text-ink"
          >
            Contact
          </NavLink>
        </div>
      </nav>
    </header>
  );
}

function mobileLinkClass({ isActive }: { isActive: boolean }) {
  return `flex min-h-12 items-center rounded-lg border-l-4 px-4 text-base font-semibold ${
    isActive
      ? "border-teal bg-white/10 text-teal"
      : "border-transparent text-white hover:bg-white/5"
  }`;
}
