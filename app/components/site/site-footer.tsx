import { ofClub } from "~/core/french";
import { Mail, MapPin, Phone } from "lucide-react";
import { Link } from "react-router";
import { FRENCH_WEEKDAYS, parisToday, WEEKDAY_KEYS, type WeekdayKey } from "~/core/club-time";
import type { SocialLink } from "~/domains/content/defaults";
import { buttonClass } from "./button-link";
import type { NavEntry } from "./infos-menu";
import { SocialLinks } from "./social-links";

export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, "")}`;
}

/** The spec's copyright year (§2), the site's first. */
const COPYRIGHT_FROM = 2024;

/**
 * « 2024–2026 »: from the spec's year to the club's current one (DESIGN.md: a site that
 * says 2024 in 2026 looks abandoned). Computed at render; the page cache drops every page
 * when the Paris day turns (docs/decisions/004-page-cache.md), so New Year is seen at once.
 */
export function copyrightYears(now: Date = new Date()): string {
  const year = Number(parisToday(now).slice(0, 4));
  return year > COPYRIGHT_FROM ? `${COPYRIGHT_FROM}–${year}` : String(COPYRIGHT_FROM);
}

function FooterHeading({ children, className = "" }: { children: string; className?: string }) {
  return (
    <h2 className={`mb-5 font-display text-lg tracking-widest text-gold ${className}`}>
      {children}
      <span aria-hidden="true" className="mt-2 block h-0.5 w-10 bg-teal" />
    </h2>
  );
}

/** The four-column footer of spec §2 and its copyright and social line. */
export function SiteFooter({
  siteName,
  description,
  logoUrl,
  menu,
  address,
  phoneNumber,
  email,
  hours,
  socialLinks,
  socialIcons,
}: {
  siteName: string;
  description: string;
  logoUrl: string;
  menu: NavEntry[];
  address: { street: string; postalCode: string; city: string };
  phoneNumber: string;
  email: string;
  hours: Record<WeekdayKey, string>;
  socialLinks: SocialLink[];
  socialIcons: Record<string, string>;
}) {
  return (
    <footer className="bg-ink text-gray-300">
      <div className="h-1 bg-gradient-to-r from-teal via-gold to-teal" aria-hidden="true" />
      {/* Tighter on a phone, where the footer closes every page (the home stays within
          six screens): links in two columns. */}
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:grid-cols-2 sm:gap-10 sm:px-6 md:py-14 lg:grid-cols-4 lg:gap-8">
        {/* On a phone the logo sits beside the name and text rather than under them. */}
        <section className="grid grid-cols-[1fr_auto] gap-x-4 sm:block">
          <FooterHeading className="col-span-2">À PROPOS</FooterHeading>
          <p className="font-display text-xl uppercase tracking-wide text-white">{siteName}</p>
          <p className="mt-3 text-sm leading-relaxed">{description}</p>
          {logoUrl && (
            <img
              src={logoUrl}
              alt={`Logo ${ofClub(siteName)}`}
              width={72}
              height={72}
              loading="lazy"
              className="col-start-2 row-span-2 row-start-2 size-16 rounded-full object-contain sm:mt-5 sm:size-18"
            />
          )}
        </section>

        <section>
          <FooterHeading>LIENS RAPIDES</FooterHeading>
          <ul className="grid grid-cols-2 gap-x-4 text-sm sm:block sm:space-y-1">
            {menu.map((item) => (
              <li key={item.path}>
                <Link
                  to={item.path}
                  className="inline-flex min-h-8 items-center transition-colors hover:text-teal"
                >
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </section>

        <section>
          <FooterHeading>CONTACT</FooterHeading>
          <address className="space-y-4 text-sm not-italic">
            <p className="flex gap-3">
              <MapPin aria-hidden="true" className="size-5 shrink-0 text-teal" />
              <span>
                {address.street}
                <br />
                {`${address.postalCode} ${address.city}`}
              </span>
            </p>
            <p className="flex gap-3">
              <Phone aria-hidden="true" className="size-5 shrink-0 text-teal" />
              <a href={telHref(phoneNumber)} className="transition-colors hover:text-teal">
                {phoneNumber}
              </a>
            </p>
            <p className="flex gap-3">
              <Mail aria-hidden="true" className="size-5 shrink-0 text-teal" />
              <a href={`mailto:${email}`} className="break-all transition-colors hover:text-teal">
                {email}
              </a>
            </p>
          </address>
        </section>

        <section>
          <FooterHeading>HORAIRES</FooterHeading>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
            {WEEKDAY_KEYS.map((key, i) => (
              <div key={key} className="contents">
                <dt className="font-medium text-white">{FRENCH_WEEKDAYS[i]}</dt>
                <dd className="text-right tabular-nums sm:text-left">{hours[key]}</dd>
              </div>
            ))}
          </dl>
          <Link
            to="/inscription"
            className={buttonClass("teal", "mt-6 min-h-11 px-5 py-2 text-sm")}
          >
            Inscription
          </Link>
        </section>
      </div>
      <div className="border-t border-white/10">
        <div className="mx-auto flex max-w-7xl flex-col items-center justify-between gap-4 px-4 py-6 text-sm sm:flex-row sm:px-6">
          <p>{`© ${copyrightYears()} ${siteName}`}</p>
          <nav aria-label="Informations légales" className="flex gap-4">
            <Link to="/mentions-legales" className="underline-offset-4 hover:underline">
              Mentions légales
            </Link>
            <Link to="/confidentialite" className="underline-offset-4 hover:underline">
              Confidentialité
            </Link>
          </nav>
          <SocialLinks links={socialLinks} icons={socialIcons} />
        </div>
      </div>
    </footer>
  );
}
