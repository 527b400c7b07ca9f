/*
 * The rows of the back office at scale (npm run bench, "L'administration à grande échelle"):
 * thousands of articles, media, messages, trial bookings and pages added to a migrated and
 * seeded database. Written through Kysely, from a fixed pseudo-random sequence, so SQLite
 * and PostgreSQL get the same rows; one transaction per table, in batches, so it takes
 * seconds. One row in 100 carries SEARCH_WORD in its title or name: a search for it
 * matches a few dozen rows.
 */
import { createHash } from "node:crypto";
import type { Insertable } from "kysely";
import { BLOG_CATEGORIES, PAGE_TEMPLATES } from "~/domains/content/defaults";
import { FRENCH_WEEKDAYS } from "~/core/club-time";
import { slugify } from "~/core/slug";
import type { DB } from "~/db/client.server";
import type { Database } from "~/db/schema";
import { sequence } from "./sequence";

export const SEARCH_WORD = "gala";
/** Rows added per table (DESIGN.md "Performance budgets": 5,000 rows in a list's table). */
export const SCALE = {
  blog_posts: 5000,
  media_items: 5000,
  contact_messages: 5000,
  trial_bookings: 5000,
  site_pages: 500,
} as const;

/** Rows per INSERT: well under SQLite's and PostgreSQL's limits on bound values. */
const BATCH = 200;
const DAY = 86_400_000;

type Sequence = ReturnType<typeof sequence>;

/** Row i carries the search word (rows 50, 150, 250…: 1 in 100). */
const hasWord = (i: number) => i % 100 === 50;

const SENTENCES = [
  "Les entraîneurs ont préparé une séance complète, de l'échauffement au retour au calme.",
  "Chaque boxeur a travaillé ses déplacements, sa garde et ses enchaînements au sac.",
  "Les plus jeunes ont découvert la boxe éducative dans un cadre encadré et bienveillant.",
  "Les parents étaient nombreux au bord du ring pour encourager les enfants.",
  "La saison se poursuit avec des interclubs, des stages et des sorties en compétition.",
  "Le club remercie les bénévoles qui rendent ces rendez-vous possibles chaque semaine.",
  "Les inscriptions restent ouvertes toute l'année, avec un cours d'essai offert.",
  "La salle est ouverte du lundi au samedi, avec des créneaux pour tous les âges.",
  "Les assauts ont été arbitrés par des juges diplômés, dans le respect des règles.",
  "Un grand bravo à tous les participants pour leur engagement et leur bonne humeur.",
  "La préparation physique occupe une place importante dans le programme du trimestre.",
  "Les boxeuses du groupe loisir ont partagé un moment fort avec le groupe compétition.",
  "Le matériel a été renouvelé grâce au soutien de la mairie et de nos partenaires.",
  "Les horaires des vacances scolaires sont affichés à l'accueil et sur le planning.",
  "Nos jeunes ont montré de beaux progrès techniques depuis la rentrée de septembre.",
  "La soirée s'est terminée autour d'un verre de l'amitié avec les familles.",
];
const TOPICS = [
  "Retour sur l'interclubs",
  "Stage de boxe éducative",
  "Championnat départemental",
  "Portes ouvertes au club",
  "Nouveau créneau du samedi",
  "Tournoi des jeunes espoirs",
  "Assemblée générale",
  "Sortie au championnat régional",
];
const PLACES = "Meyzieu Décines Villeurbanne Lyon Vaulx-en-Velin Bron".split(" ");
const FIRST_NAMES = "Camille Lucas Inès Hugo Léa Nathan Sarah Yanis Emma".split(" ");
const LAST_NAMES = "Martin Bernard Dubois Moreau Laurent Girard Roux Fontaine".split(" ");
/** Contains the search word: "Galabert" matches a search for "gala". */
const WORD_LAST_NAME = "Galabert";
const AUTHORS = ["Le bureau du club", "L'équipe d'entraîneurs", "Karim, entraîneur"];

function paragraphs(random: Sequence, count: number): string[] {
  return Array.from({ length: count }, () =>
    Array.from({ length: random.int(4, 7) }, () => random.pick(SENTENCES)).join(" "),
  );
}

/** An ISO instant `days` before `now`, at a varied hour. */
const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * DAY).toISOString();
const isoDate = (time: number) => new Date(time).toISOString().slice(0, 10);

function person(random: Sequence, i: number) {
  const first = random.pick(FIRST_NAMES);
  const last = hasWord(i) ? WORD_LAST_NAME : random.pick(LAST_NAMES);
  const email = `${slugify(first)}.${slugify(last)}${i}@exemple.fr`;
  return {
    first,
    last,
    email,
    phone: `06 ${String(10_000_000 + i).replace(/(\d\d)(?=\d)/g, "$1 ")}`,
  };
}

function blogPosts(now: Date, image: string): Insertable<Database["blog_posts"]>[] {
  const random = sequence(1);
  return Array.from({ length: SCALE.blog_posts }, (_, i) => {
    const title = hasWord(i)
      ? `Soirée de ${SEARCH_WORD} du club à ${random.pick(PLACES)}`
      : `${random.pick(TOPICS)} à ${random.pick(PLACES)}`;
    const stamp = daysBefore(now, (SCALE.blog_posts - i) * 0.7 + random.next());
    const body = paragraphs(random, random.int(7, 10));
    return {
      slug: `${slugify(title)}-${i + 1}`,
      title,
      subtitle: random.pick(SENTENCES),
      excerpt: body[0]!.slice(0, 200),
      content: body.join("\n\n"),
      image_url: image,
      category: random.pick(BLOG_CATEGORIES),
      author: random.pick(AUTHORS),
      published_at: stamp,
      is_published: random.next() < 0.9 ? 1 : 0,
      is_featured: random.next() < 0.01 ? 1 : 0,
      created_at: stamp,
      updated_at: stamp,
    };
  });
}

function mediaItems(now: Date, image: string): Insertable<Database["media_items"]>[] {
  const random = sequence(2);
  return Array.from({ length: SCALE.media_items }, (_, i) => {
    const stamp = daysBefore(now, (SCALE.media_items - i) * 0.2);
    const what = hasWord(i) ? `Soirée de ${SEARCH_WORD}` : random.pick(TOPICS);
    return {
      title: `${what} – photo ${i + 1}`,
      url: image,
      type: "image",
      storage_path: null,
      created_at: stamp,
      updated_at: stamp,
    };
  });
}

function contactMessages(now: Date): Insertable<Database["contact_messages"]>[] {
  const random = sequence(3);
  return Array.from({ length: SCALE.contact_messages }, (_, i) => {
    const { first, last, email, phone } = person(random, i);
    const stamp = daysBefore(now, (SCALE.contact_messages - i) * 0.15);
    const folder = random.next();
    return {
      name: `${first} ${last}`,
      email,
      phone,
      subject: hasWord(i)
        ? `Places pour la soirée de ${SEARCH_WORD}`
        : `Question sur ${random.pick(TOPICS).toLowerCase()}`,
      message: paragraphs(random, random.int(1, 2)).join("\n\n"),
      folder: folder < 0.85 ? "inbox" : folder < 0.95 ? "archive" : "spam",
      spam_reason: folder < 0.95 ? "" : "liens",
      ip: `192.0.2.${i % 250}`,
      read_at: random.next() < 0.7 ? stamp : null,
      created_at: stamp,
      updated_at: stamp,
    };
  });
}

interface TrialActivity {
  id: number;
  day: string;
  trial_places: number;
}

/**
 * Bookings on the trial activities' sessions over the past 12 months and the next 4 weeks:
 * a tenth cancelled, the others booked up to the session's places, then on the waiting list.
 */
function trialBookings(
  now: Date,
  activities: TrialActivity[],
): Insertable<Database["trial_bookings"]>[] {
  const random = sequence(4);
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const monday = today - ((new Date(today).getUTCDay() + 6) % 7) * DAY;
  const taken = new Map<string, number>();
  return Array.from({ length: SCALE.trial_bookings }, (_, i) => {
    const activity = random.pick(activities);
    const weekday = Math.max(0, FRENCH_WEEKDAYS.indexOf(activity.day as never));
    const session = monday + (random.int(-52, 3) * 7 + weekday) * DAY;
    const sessionDate = isoDate(session);
    const created = new Date(Math.min(now.getTime(), session - random.int(1, 20) * DAY));
    const key = `${activity.id} ${sessionDate}`;
    const cancelled = random.next() < 0.1;
    const booked = taken.get(key) ?? 0;
    if (!cancelled) taken.set(key, booked + 1);
    const { first, last, email, phone } = person(random, i);
    const child = random.next() < 0.25;
    const past = session < today;
    return {
      activity_id: activity.id,
      session_date: sessionDate,
      status: cancelled ? "cancelled" : booked < activity.trial_places ? "booked" : "waitlist",
      first_name: first,
      last_name: last,
      email,
      phone,
      child_first_name: child ? random.pick(FIRST_NAMES) : null,
      child_birth_year: child ? random.int(2010, 2018) : null,
      guardian_name: child ? `${first} ${last}` : null,
      level: random.next() < 0.7 ? "debutant" : "deja_pratique",
      message: random.next() < 0.3 ? random.pick(SENTENCES) : "",
      cancel_token_hash: createHash("sha256").update(`bench-essai-${i}`).digest("base64url"),
      attendance: past && !cancelled ? random.pick(["present", "present", "absent", ""]) : "",
      reminder_sent_at: past && !cancelled ? new Date(session - DAY).toISOString() : null,
      created_at: created.toISOString(),
      updated_at: created.toISOString(),
      cancelled_at: cancelled ? new Date(created.getTime() + DAY).toISOString() : null,
    };
  });
}

function sitePages(now: Date, firstOrder: number): Insertable<Database["site_pages"]>[] {
  const random = sequence(5);
  return Array.from({ length: SCALE.site_pages }, (_, i) => {
    const title = hasWord(i)
      ? `Soirée de ${SEARCH_WORD} ${2000 + i}`
      : `${random.pick(TOPICS)} ${i + 1}`;
    const stamp = daysBefore(now, (SCALE.site_pages - i) * 2);
    return {
      title,
      slug: `/${slugify(title)}-${i + 1}`,
      content: paragraphs(random, random.int(2, 5))
        .map((text) => `<p>${text}</p>`)
        .join(""),
      is_published: random.next() < 0.8 ? 1 : 0,
      template: random.pick(PAGE_TEMPLATES),
      order_index: firstOrder + i,
      created_at: stamp,
      updated_at: stamp,
    };
  });
}

async function insertAll<T extends keyof Database & string>(
  db: DB,
  table: T,
  rows: Insertable<Database[T]>[],
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (let start = 0; start < rows.length; start += BATCH) {
      const batch = rows.slice(start, start + BATCH);
      // NOTE: Kysely cannot relate a generic table's rows to its insert type: the callers' are checked.
      await trx
        .insertInto(table)
        .values(batch as never)
        .execute();
    }
  });
}

/** Adds SCALE's rows to a database the server has migrated and seeded. */
export async function seedAtScale(db: DB, now = new Date()): Promise<void> {
  // An image the first start seeded (with its variants): every new row shows it.
  const image = await db
    .selectFrom("image_variants")
    .select("source_url")
    .orderBy("id")
    .executeTakeFirstOrThrow();
  const activities = await db
    .selectFrom("schedule_activities")
    .select(["id", "day", "trial_places"])
    .where("trial_enabled", "=", 1)
    .orderBy("id")
    .execute();
  if (activities.length === 0) throw new Error("Aucune activité du seed n'accepte d'essai");
  const order = await db
    .selectFrom("site_pages")
    .select((eb) => eb.fn.max("order_index").as("last"))
    .executeTakeFirst();

  await insertAll(db, "blog_posts", blogPosts(now, image.source_url));
  // Every article's slug is recorded, as the editor does (app/domains/content/post-slug.server.ts).
  await db
    .insertInto("post_slugs")
    .columns(["slug", "post_id", "created_at"])
    .expression(
      db
        .selectFrom("blog_posts")
        .select(["slug", "id", "created_at"])
        .where("slug", "not in", db.selectFrom("post_slugs").select("slug")),
    )
    .execute();
  await insertAll(db, "media_items", mediaItems(now, image.source_url));
  await insertAll(db, "contact_messages", contactMessages(now));
  await insertAll(db, "trial_bookings", trialBookings(now, activities));
  await insertAll(db, "site_pages", sitePages(now, (order?.last ?? 0) + 1));
}
