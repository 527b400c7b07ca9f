import { sql } from "kysely";
import { isWebUrl } from "~/core/url";
import { getDb } from "~/db/client.server";
import type { Database } from "~/db/schema";
import { UPLOADS_URL_PREFIX } from "~/storage/paths.server";
import { parisToday } from "~/core/club-time";
import { isPlanningTitleStale } from "~/domains/schedule";
import { countPrices } from "~/domains/content/index.server";
import { getSeason } from "~/domains/schedule/index.server";
import { getAllSettings, type AllSettings } from "~/domains/content/index.server";
import { can, type Capability, type Role } from "~/domains/volunteers";

/*
 * The dashboard's « À faire »: what the site still waits for from the club (its own
 * photos, its legal details, its registration forms…), each leading to the screen that
 * settles it. Computed from the data on each visit, never stored: an item leaves the list
 * as soon as the club has done it.
 * A new item is one function added to CHECKS, with the capability of the screen that
 * settles it: a volunteer sees (and the server reads) only what their roles may settle.
 */

export interface ClubTodo {
  label: string;
  /** The back office screen that settles it. */
  href: string;
  detail?: string;
}

/** What every check may read, loaded once. */
interface TodoFacts {
  settings: AllSettings;
  roles: readonly Role[];
}

type TodoCheck = (facts: TodoFacts) => Promise<ClubTodo[]> | ClubTodo[];

/** The seed's pictures keep their names: /uploads/<bucket>/seed-… (app/startup/seed.server.ts). */
const SEED_UPLOAD = `%${UPLOADS_URL_PREFIX}/%/seed-%`;

export function isSeedUpload(url: string): boolean {
  return url.startsWith(`${UPLOADS_URL_PREFIX}/`) && url.includes("/seed-");
}

const plural = (n: number, one: string, many: string) => `${n} ${n > 1 ? many : one}`;

/** Where the seed put example pictures, and the screen where each is replaced. */
const SEED_PHOTO_PLACES: {
  table: keyof Database;
  column: string;
  place: string;
  one: string;
  many: string;
  href: string;
  capability: Capability;
}[] = [
  {
    table: "site_content",
    column: "content",
    place: "accueil et À propos",
    one: "bloc",
    many: "blocs",
    href: "/admin/content",
    capability: "content",
  },
  {
    table: "disciplines",
    column: "image",
    place: "disciplines",
    one: "discipline",
    many: "disciplines",
    href: "/admin/disciplines",
    capability: "content",
  },
  {
    table: "training_formats",
    column: "image",
    place: "formats d'entraînement",
    one: "format",
    many: "formats",
    href: "/admin/training",
    capability: "content",
  },
  {
    table: "schedule_activities",
    column: "images",
    place: "activités du planning",
    one: "activité",
    many: "activités",
    href: "/admin/schedule",
    capability: "schedule",
  },
  {
    table: "blog_posts",
    column: "image_url",
    place: "articles du blog",
    one: "article",
    many: "articles",
    href: "/admin/blog",
    capability: "content",
  },
];

/** The example pictures of the first start still on the site, place by place. */
const ownPhotos: TodoCheck = async ({ roles }) => {
  const db = getDb();
  const places = SEED_PHOTO_PLACES.filter((place) => can(roles, place.capability));
  const counts = await Promise.all(
    places.map(async ({ table, column }) => {
      const row = await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .where(sql.ref(column), "like", SEED_UPLOAD)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    }),
  );
  return places.flatMap(({ place, one, many, href }, i) => {
    const count = counts[i]!;
    if (count === 0) return [];
    return [
      {
        label: `Vos photos : ${place}`,
        href,
        detail: `${plural(count, one, many)} avec une image d'exemple, à remplacer par vos photos.`,
      },
    ];
  });
};

const LEGAL_FIELDS = {
  rnaNumber: "numéro RNA",
  president: "président (directeur de la publication)",
  hostName: "hébergeur",
  hostAddress: "adresse de l'hébergeur",
} as const;

/** The legal notice's fields left empty (the public pages leave them out meanwhile). */
const legalFields: TodoCheck = ({ settings }) => {
  const missing = (Object.keys(LEGAL_FIELDS) as (keyof typeof LEGAL_FIELDS)[])
    .filter((field) => !settings.legal[field].trim())
    .map((field) => LEGAL_FIELDS[field]);
  if (missing.length === 0) return [];
  return [
    {
      label: "Compléter les mentions légales",
      href: "/admin/settings?tab=legal",
      detail: `Encore vide : ${missing.join(", ")}.`,
    },
  ];
};

/** /inscription offers the active forms: none at all, or some without their file. */
const inscriptionForms: TodoCheck = async () => {
  const active = await getDb()
    .selectFrom("inscription_forms")
    .select(["title", "file_url"])
    .where("is_active", "=", 1)
    .orderBy("order_index")
    .execute();
  const href = "/admin/inscriptions";
  if (active.length === 0) {
    return [
      {
        label: "Mettre en ligne les formulaires d'inscription",
        href,
        detail: "La page Inscription n'a aucun formulaire actif à télécharger.",
      },
    ];
  }
  const withoutFile = active.filter((form) => !form.file_url?.trim());
  if (withoutFile.length === 0) return [];
  return [
    {
      label: "Joindre le fichier des formulaires d'inscription",
      href,
      detail: `${plural(withoutFile.length, "formulaire actif", "formulaires actifs")} sans fichier : ${withoutFile.map((form) => `« ${form.title} »`).join(", ")}.`,
    },
  ];
};

const socialLinks: TodoCheck = ({ settings }) =>
  settings.social.links.some((link) => isWebUrl(link.url))
    ? []
    : [
        {
          label: "Ajouter les réseaux sociaux du club",
          href: "/admin/settings?tab=reseaux",
          detail: "Facebook, Instagram… : leurs liens s'affichent en bas de chaque page.",
        },
      ];

const logo: TodoCheck = ({ settings }) => {
  const url = settings.logo.url.trim();
  if (url && !isSeedUpload(url)) return [];
  return [
    {
      label: "Mettre le logo du club",
      href: "/admin/media?tab=logo",
      detail: url ? "Le site montre un logo d'exemple." : "Le site n'a pas de logo.",
    },
  ];
};

/** /tarifs shows its table of prices only once the club has typed them. */
const prices: TodoCheck = async () =>
  (await countPrices()) > 0
    ? []
    : [
        {
          label: "Saisir les tarifs de la saison",
          href: "/admin/tarifs",
          detail: "La page Tarifs n'affiche encore aucun prix.",
        },
      ];

/** A title the club typed for a past season (an untyped one follows the season). */
const planningTitle: TodoCheck = async ({ settings }) => {
  const title = settings.planning_title.title;
  const season = await getSeason();
  if (!isPlanningTitleStale(title, parisToday(), season)) return [];
  return [
    {
      label: "Mettre à jour le titre du planning",
      href: "/admin/schedule",
      detail: `« ${title} » parle d'une saison passée : videz le champ pour suivre la saison.`,
    },
  ];
};

/** The checks, in the order the card lists their items, each for the roles that settle it. */
const CHECKS: { capability: Capability | null; check: TodoCheck }[] = [
  { capability: "registrations", check: prices },
  { capability: "schedule", check: planningTitle },
  // Each place of the example photos asks its own capability.
  { capability: null, check: ownPhotos },
  { capability: "content", check: logo },
  { capability: "admin", check: legalFields },
  { capability: "registrations", check: inscriptionForms },
  { capability: "content", check: socialLinks },
];

/** The volunteer's own: an account without an e-mail cannot reset its password. */
export function accountTodo(email: string | null): ClubTodo[] {
  if (email?.trim()) return [];
  return [
    {
      label:
        "Ajoutez votre adresse e-mail dans Mon compte : elle sert à réinitialiser votre mot de passe.",
      href: "/admin/settings/account",
    },
  ];
}

/**
 * What the club still has to do on its site that these roles may settle, then the
 * volunteer's own account; empty when everything is in place.
 */
export async function getClubTodo({
  roles,
  email,
}: {
  roles: readonly Role[];
  email: string | null;
}): Promise<ClubTodo[]> {
  const checks = CHECKS.filter(({ capability }) => !capability || can(roles, capability));
  const facts: TodoFacts = { settings: await getAllSettings(), roles };
  const lists = await Promise.all(checks.map(({ check }) => check(facts)));
  return [...lists.flat(), ...accountTodo(email)];
}
