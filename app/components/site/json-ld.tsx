import { absoluteUrl } from "~/core/url";
import { WEEKDAY_KEYS, type WeekdayKey } from "~/core/club-time";
import { parseTime } from "~/core/time-of-day";

const SCHEMA_DAYS: Record<WeekdayKey, string> = {
  monday: "https://schema.org/Monday",
  tuesday: "https://schema.org/Tuesday",
  wednesday: "https://schema.org/Wednesday",
  thursday: "https://schema.org/Thursday",
  friday: "https://schema.org/Friday",
  saturday: "https://schema.org/Saturday",
  sunday: "https://schema.org/Sunday",
};

function hhmm(text: string): string | null {
  const time = parseTime(text);
  if (!time) return null;
  return `${String(time.hours).padStart(2, "0")}:${String(time.minutes).padStart(2, "0")}`;
}

/**
 * The opening hours of settings.hours as schema.org specifications: "17h00-21h00" gives
 * opens 17:00, closes 21:00; "Fermé" or anything unreadable gives nothing; several
 * ranges ("12h00-14h00, 17h00-21h00") give one specification each.
 */
export function openingHoursSpecification(hours: Partial<Record<WeekdayKey, string>>) {
  const specs: {
    "@type": "OpeningHoursSpecification";
    dayOfWeek: string;
    opens: string;
    closes: string;
  }[] = [];
  for (const day of WEEKDAY_KEYS) {
    for (const range of (hours[day] ?? "").split(/[,;/]|\bet\b/)) {
      const [from, to, extra] = range.split(/\s*[-–—]\s*|\s+à\s+/);
      if (!from || !to || extra !== undefined) continue;
      const opens = hhmm(from);
      const closes = hhmm(to);
      if (opens && closes && opens < closes) {
        specs.push({
          "@type": "OpeningHoursSpecification",
          dayOfWeek: SCHEMA_DAYS[day],
          opens,
          closes,
        });
      }
    }
  }
  return specs;
}

export interface ClubFacts {
  origin: string;
  general: { siteName: string; phoneNumber: string; email: string; tagline?: string };
  address: { street: string; postalCode: string; city: string };
  hours: Partial<Record<WeekdayKey, string>>;
  logoUrl: string;
  imageUrl?: string;
  sameAs?: string[];
}

/** The club as a schema.org SportsClub, for search engines (home and contact pages). */
export function sportsClubJsonLd(club: ClubFacts): Record<string, unknown> {
  const { origin, general, address } = club;
  return {
    "@context": "https://schema.org",
    "@type": "SportsClub",
    "@id": `${origin}/#club`,
    name: general.siteName,
    ...(general.tagline ? { description: general.tagline } : {}),
    sport: "Boxe anglaise",
    url: `${origin}/`,
    ...(club.logoUrl ? { logo: absoluteUrl(origin, club.logoUrl) } : {}),
    ...(club.imageUrl ? { image: absoluteUrl(origin, club.imageUrl) } : {}),
    telephone: general.phoneNumber,
    email: general.email,
    address: {
      "@type": "PostalAddress",
      streetAddress: address.street,
      postalCode: address.postalCode,
      addressLocality: address.city,
      addressCountry: "FR",
    },
    openingHoursSpecification: openingHoursSpecification(club.hours),
    ...(club.sameAs && club.sameAs.length > 0 ? { sameAs: club.sameAs } : {}),
  };
}

/** JSON as text that cannot close its <script> element early. */
export function jsonForScript(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/** A structured-data block; data blocks are not executed, so the CSP does not apply. */
export function JsonLd({ data }: { data: unknown }) {
  return (
    <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonForScript(data) }} />
  );
}
