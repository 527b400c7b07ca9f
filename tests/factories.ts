import { getDb } from "~/db/client.server";
import type { Database } from "~/db/schema";
import type { Insertable } from "kysely";

const stamp = () => new Date().toISOString();
let counter = 0;
const next = () => ++counter;

export async function createPost(values: Partial<Insertable<Database["blog_posts"]>> = {}) {
  const n = next();
  return getDb()
    .insertInto("blog_posts")
    .values({
      slug: `article-${n}`,
      title: `Article ${n}`,
      content: `Contenu de l'article ${n}`,
      published_at: stamp(),
      is_published: 1,
      created_at: stamp(),
      updated_at: stamp(),
      ...values,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function createDiscipline(values: Partial<Insertable<Database["disciplines"]>> = {}) {
  const n = next();
  return getDb()
    .insertInto("disciplines")
    .values({
      title: `Discipline ${n}`,
      order_index: n,
      created_at: stamp(),
      updated_at: stamp(),
      ...values,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function createActivity(
  values: Partial<Insertable<Database["schedule_activities"]>> = {},
) {
  const n = next();
  return getDb()
    .insertInto("schedule_activities")
    .values({
      title: `Cours ${n}`,
      day: "Lundi",
      start_time: "18h00",
      end_time: "19h00",
      created_at: stamp(),
      updated_at: stamp(),
      ...values,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function createInscriptionForm(
  values: Partial<Insertable<Database["inscription_forms"]>> = {},
) {
  const n = next();
  return getDb()
    .insertInto("inscription_forms")
    .values({
      title: `Formulaire ${n}`,
      order_index: n,
      created_at: stamp(),
      updated_at: stamp(),
      ...values,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}
