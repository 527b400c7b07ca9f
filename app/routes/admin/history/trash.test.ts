import fs from "node:fs";
import sharp from "sharp";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import type { Database } from "~/db/schema";
import { getPublicDisciplines } from "~/domains/content/discipline.server";
import { getActiveInscriptionForms } from "~/domains/content/inscription.server";
import { getPublishedPost } from "~/domains/content/post.server";
import { getPublishedPostNewSlug } from "~/domains/content/post-slug.server";
import { getPublishedSitePage } from "~/domains/content/site-page.server";
import { getPublicTrainingFormats } from "~/domains/content/training-format.server";
import { listVersions } from "~/domains/history/versions.server";
import { purgeTrash } from "~/domains/history/trash.server";
import { uploadsRoot } from "~/storage/paths.server";
import { sweepOrphanUploads } from "~/domains/content/upload-removal.server";
import { receiveUpload } from "~/storage/upload.server";
import {
  createActivity,
  createDiscipline,
  createInscriptionForm,
  createPost,
} from "../../../../tests/factories";
import { callRoute, createUser, getRequest, postRequest, signIn } from "../../../../tests/auth";
import { action as blogAction } from "../content/blog";
import { action as disciplinesAction } from "../content/disciplines";
import { action as inscriptionsAction } from "../content/inscriptions";
import { action as mediaAction } from "../content/media";
import { action as pagesAction } from "../content/pages";
import { action as scheduleAction } from "../schedule/schedule";
import { action as trainingAction } from "../content/training";
import { action as trashAction, loader as trashLoader } from "./trash";

/*
 * The Corbeille as a volunteer uses it: each kind deleted from its own screen, gone from
 * the site and the lists, then « Restaurer » brings back the same row (every column), its
 * address, its image and its place; a taken address refuses with nothing changed; the
 * sweep purges after 30 days and the files then go. Real database, real files.
 */

type Body = { toast?: { type: string; message: string } } & Record<string, unknown>;
type Table = keyof Database;

const DAY = 24 * 60 * 60 * 1000;
let admin: string;
let coach: string;
let treasurer: string;
let png: Buffer;

beforeAll(async () => {
  await getDb().deleteFrom("users").execute();
  admin = (await signIn(await createUser("marie", "mot-de-passe-admin", { roles: ["admin"] })))
    .cookie;
  coach = (await signIn(await createUser("karim", "mot-de-passe-coach", { roles: ["coach"] })))
    .cookie;
  treasurer = (
    await signIn(await createUser("lea", "mot-de-passe-tresor", { roles: ["tresorier"] }))
  ).cookie;
  png = await sharp({
    create: { width: 400, height: 300, channels: 3, background: { r: 200, g: 40, b: 40 } },
  })
    .png()
    .toBuffer();
});

beforeEach(async () => {
  const db = getDb();
  for (const table of [
    "trash",
    "disciplines",
    "training_formats",
    "post_slugs",
    "blog_posts",
    "site_pages",
    "trial_bookings",
    "schedule_changes",
    "schedule_activities",
    "media_items",
    "image_variants",
    "inscription_forms",
    "activity_log",
  ] as const) {
    await db.deleteFrom(table).execute();
  }
  fs.rmSync(uploadsRoot(), { recursive: true, force: true });
});

async function upload(bucket: "disciplines" | "training-formats" | "site-images", name: string) {
  const body = new FormData();
  body.append("file", new File([new Uint8Array(png)], name));
  const request = new Request("http://x/", { method: "POST", body });
  const { file } = await receiveUpload(request, { kind: "image", bucket });
  return file!.url;
}

const onDisk = (url: string) =>
  fs.existsSync(`${uploadsRoot()}/${url.replace(/^\/uploads\//, "")}`);

async function rowOf(table: Table, id: number) {
  return getDb()
    .selectFrom(table)
    .selectAll()
    .where("id" as never, "=", id as never)
    .executeTakeFirst();
}

function send(
  route: (args: never) => unknown,
  path: string,
  fields: Record<string, string>,
  cookie = admin,
) {
  return callRoute(route, postRequest(path, fields, { cookie }));
}

async function trashIdOf(itemType: string, itemId: number): Promise<number> {
  const row = await getDb()
    .selectFrom("trash")
    .select("id")
    .where("item_type", "=", itemType)
    .where("item_id", "=", itemId)
    .executeTakeFirstOrThrow();
  return row.id;
}

async function restore(itemType: string, itemId: number, cookie = admin) {
  const id = await trashIdOf(itemType, itemId);
  return send(trashAction, "/admin/corbeille", { intent: "restore", id: String(id) }, cookie);
}

async function trashList(cookie = admin) {
  const answer = await callRoute(trashLoader, getRequest("/admin/corbeille", { cookie }));
  const data = answer.data as {
    list: { rows: { itemType: string; label: string; deletedBy: string; daysLeft: number }[] };
  };
  return data.list.rows;
}

async function journal() {
  const rows = await getDb()
    .selectFrom("activity_log")
    .select(["action", "item_type", "item_label"])
    .orderBy("id")
    .execute();
  return rows.map((row) => `${row.action} ${row.item_type} ${row.item_label}`);
}

describe("disciplines and formats", () => {
  it.each([
    {
      kind: "discipline",
      table: "disciplines" as const,
      bucket: "disciplines" as const,
      route: disciplinesAction,
      path: "/admin/disciplines",
      visible: async () => (await getPublicDisciplines()).map((row) => row.title),
    },
    {
      kind: "format",
      table: "training_formats" as const,
      bucket: "training-formats" as const,
      route: trainingAction,
      path: "/admin/training",
      visible: async () => (await getPublicTrainingFormats()).map((row) => row.title),
    },
  ])(
    "$kind: deleted, gone from the site, restored with its image and its place",
    async ({ kind, table, bucket, route, path, visible }) => {
      const image = await upload(bucket, "gants.png");
      const stamp = new Date().toISOString();
      for (const [index, title] of ["Boxe anglaise", "Cardio boxe", "Boxe éducative"].entries()) {
        await getDb()
          .insertInto(table)
          .values({
            title,
            subtitle: `Sous-titre ${index}`,
            details: JSON.stringify([`Point ${index}`]),
            image: index === 1 ? image : "",
            order_index: index,
            created_at: stamp,
            updated_at: stamp,
          })
          .execute();
      }
      const cardio = await getDb()
        .selectFrom(table)
        .selectAll()
        .where("title", "=", "Cardio boxe")
        .executeTakeFirstOrThrow();

      const deleted = await send(route, path, { intent: "delete", id: String(cardio.id) });
      expect(deleted.status).toBe(200);
      expect(await visible()).toEqual(["Boxe anglaise", "Boxe éducative"]);
      expect(await rowOf(table, cardio.id)).toBeUndefined();
      // The image stays while the Corbeille holds the row.
      expect(onDisk(image)).toBe(true);
      expect(await sweepOrphanUploads({ now: Date.now() + 2 * DAY })).toEqual([]);
      expect(await trashList()).toEqual([
        expect.objectContaining({
          itemType: kind,
          label: "Cardio boxe",
          deletedBy: "marie",
          daysLeft: 30,
        }),
      ]);

      // Another row added meanwhile does not take its place back.
      const restored = await restore(kind, cardio.id);
      expect(restored.status).toBe(200);
      expect((restored.data as Body).toast?.type).toBe("success");
      expect(await rowOf(table, cardio.id)).toEqual(cardio);
      expect(await visible()).toEqual(["Boxe anglaise", "Cardio boxe", "Boxe éducative"]);
      const order = await getDb()
        .selectFrom(table)
        .select("order_index")
        .orderBy("order_index")
        .orderBy("id")
        .execute();
      expect(order.map((row) => row.order_index)).toEqual([0, 1, 2]);
      expect(onDisk(image)).toBe(true);
      expect(await trashList()).toEqual([]);
      expect(await journal()).toEqual([
        `delete ${kind} Cardio boxe`,
        `trash.restored ${kind} Cardio boxe`,
      ]);
    },
  );
});

describe("articles", () => {
  it("comes back with its address, its old addresses and its cover; a taken address refuses", async () => {
    const cover = await upload("site-images", "affiche.png");
    const post = await createPost({ slug: "gala-2026", title: "Gala 2026", image_url: cover });
    const stamp = new Date().toISOString();
    await getDb()
      .insertInto("post_slugs")
      .values([
        { slug: "gala-2026", post_id: post.id, created_at: stamp },
        { slug: "gala", post_id: post.id, created_at: stamp },
      ])
      .execute();
    const slugs = await getDb().selectFrom("post_slugs").selectAll().orderBy("slug").execute();

    expect(
      (await send(blogAction, "/admin/blog", { intent: "delete", id: String(post.id) })).status,
    ).toBe(200);
    expect(await getPublishedPost({ slugOrId: "gala-2026" })).toBeNull();
    expect(onDisk(cover)).toBe(true);

    // The address was given to another article meanwhile: refused, nothing changed.
    const other = await createPost({ slug: "gala-2026", title: "Gala (nouveau)" });
    const refused = await restore("post", post.id);
    expect(refused.status).toBe(409);
    expect((refused.data as Body).toast?.message).toBe(
      "L'adresse « /blog/gala-2026 » est maintenant celle de l'article « Gala (nouveau) » : changez l'adresse de cet article-là, puis restaurez celui-ci.",
    );
    expect(await rowOf("blog_posts", post.id)).toBeUndefined();
    expect(await trashList()).toHaveLength(1);

    await getDb().deleteFrom("blog_posts").where("id", "=", other.id).execute();
    expect((await restore("post", post.id)).status).toBe(200);
    expect(await rowOf("blog_posts", post.id)).toEqual(post);
    expect(await getDb().selectFrom("post_slugs").selectAll().orderBy("slug").execute()).toEqual(
      slugs,
    );
    expect((await getPublishedPost({ slugOrId: "gala-2026" }))?.title).toBe("Gala 2026");
    // The old address answers again (the public page redirects it to the current one).
    expect(await getPublishedPostNewSlug({ slug: "gala" })).toBe("gala-2026");
  });
});

describe("with the history and the schedule", () => {
  it("a restore is a version of the item; a publication due while in the Corbeille is not made", async () => {
    const post = await createPost({
      slug: "noel",
      title: "Fermeture de Noël",
      is_published: 0,
      // Its time came while it was in the Corbeille.
      publish_at: new Date(Date.now() - 60_000).toISOString(),
    });
    await send(blogAction, "/admin/blog", { intent: "delete", id: String(post.id) });
    // Restored after its publication time: it comes back a draft, with no schedule.
    expect((await restore("post", post.id)).status).toBe(200);
    const back = await rowOf("blog_posts", post.id);
    expect(back).toMatchObject({ is_published: 0, publish_at: null });
    const [version] = await listVersions({ type: "post", id: String(post.id) });
    expect(version).toMatchObject({ action: "restore", actorName: "marie" });

    // Deleted again and purged for good: its history goes with it.
    await send(blogAction, "/admin/blog", { intent: "delete", id: String(post.id) });
    expect(await purgeTrash(new Date(Date.now() + 31 * DAY))).toBe(1);
    expect(await listVersions({ type: "post", id: String(post.id) })).toEqual([]);
  });
});

describe("site pages", () => {
  it("comes back at its address; a page that took the address meanwhile refuses it", async () => {
    const stamp = new Date().toISOString();
    const page = await getDb()
      .insertInto("site_pages")
      .values({
        title: "Stage d'été",
        slug: "/stage-ete",
        content: "<p>Du 7 au 11 juillet</p>",
        is_published: 1,
        order_index: 4,
        created_at: stamp,
        updated_at: stamp,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const deleted = await send(pagesAction, "/admin/pages", {
      intent: "delete",
      id: String(page.id),
    });
    expect(deleted.status).toBe(200);
    expect(await getPublishedSitePage({ slug: "/stage-ete" })).toBeNull();

    const taken = await getDb()
      .insertInto("site_pages")
      .values({ title: "Autre stage", slug: "/stage-ete", created_at: stamp, updated_at: stamp })
      .returning("id")
      .executeTakeFirstOrThrow();
    const refused = await restore("page", page.id);
    expect(refused.status).toBe(409);
    expect((refused.data as Body).toast?.message).toContain("« /stage-ete »");
    await getDb().deleteFrom("site_pages").where("id", "=", taken.id).execute();

    expect((await restore("page", page.id)).status).toBe(200);
    expect(await rowOf("site_pages", page.id)).toEqual(page);
    expect((await getPublishedSitePage({ slug: "/stage-ete" }))?.title).toBe("Stage d'été");
  });
});

describe("activities", () => {
  it("comes back with its dated changes and its bookings, which stay cancelled", async () => {
    const activity = await createActivity({ title: "Boxe ados", day: "Mercredi" });
    const stamp = new Date().toISOString();
    await getDb()
      .insertInto("schedule_changes")
      .values({
        kind: "cancel",
        activity_id: activity.id,
        date: "2099-01-07",
        note: "Gymnase fermé",
        created_at: stamp,
        updated_at: stamp,
      })
      .execute();
    const booking = {
      session_date: "2099-01-14",
      first_name: "Inès",
      last_name: "Martin",
      email: "ines@example.org",
      level: "debutant",
      created_at: stamp,
      updated_at: stamp,
    };
    // A cancelled booking (nobody to tell again) and one of a past session.
    await getDb()
      .insertInto("trial_bookings")
      .values([
        {
          ...booking,
          activity_id: activity.id,
          status: "cancelled",
          cancelled_at: stamp,
          cancel_token_hash: "a",
        },
        {
          ...booking,
          activity_id: activity.id,
          session_date: "2020-01-08",
          status: "booked",
          cancel_token_hash: "b",
        },
      ])
      .execute();
    const changes = await getDb().selectFrom("schedule_changes").selectAll().execute();

    const deleted = await send(scheduleAction, "/admin/schedule", {
      intent: "delete",
      id: String(activity.id),
    });
    expect(deleted.status).toBe(200);
    expect(await rowOf("schedule_activities", activity.id)).toBeUndefined();
    const orphaned = await getDb()
      .selectFrom("trial_bookings")
      .select("activity_id")
      .orderBy("id")
      .execute();
    expect(orphaned).toEqual([{ activity_id: null }, { activity_id: null }]);

    // A coach (the timetable's role) restores it.
    expect((await restore("activity", activity.id, coach)).status).toBe(200);
    expect(await rowOf("schedule_activities", activity.id)).toEqual(activity);
    expect(await getDb().selectFrom("schedule_changes").selectAll().execute()).toEqual(changes);
    const bookings = await getDb()
      .selectFrom("trial_bookings")
      .select(["activity_id", "status"])
      .orderBy("id")
      .execute();
    expect(bookings).toEqual([
      { activity_id: activity.id, status: "cancelled" },
      { activity_id: activity.id, status: "booked" },
    ]);
  });
});

describe("media", () => {
  it("keeps its file while in the Corbeille and comes back in the library", async () => {
    const url = await upload("site-images", "salle.png");
    const stamp = new Date().toISOString();
    const item = await getDb()
      .insertInto("media_items")
      .values({ title: "La salle", url, type: "image", created_at: stamp, updated_at: stamp })
      .returningAll()
      .executeTakeFirstOrThrow();
    const deleted = await send(mediaAction, "/admin/media", {
      intent: "delete",
      id: String(item.id),
    });
    expect(deleted.status).toBe(200);
    expect(await rowOf("media_items", item.id)).toBeUndefined();
    expect(onDisk(url)).toBe(true);

    expect((await restore("media", item.id)).status).toBe(200);
    expect(await rowOf("media_items", item.id)).toEqual(item);
    expect(onDisk(url)).toBe(true);
  });
});

describe("registration forms", () => {
  it("a form left out of a saved list goes to the Corbeille and comes back at its place", async () => {
    const forms = [];
    for (const [index, title] of ["Adulte", "Enfant", "Certificat"].entries()) {
      forms.push(await createInscriptionForm({ title, order_index: index, is_active: 1 }));
    }
    const version = `3:${forms
      .map((form) => form.updated_at)
      .sort()
      .at(-1)}`;
    const kept = [forms[0]!, forms[2]!].map((form) => ({
      id: form.id,
      title: form.title,
      description: form.description,
      file_url: form.file_url,
      storage_path: form.storage_path,
      is_active: true,
    }));
    const saved = await send(inscriptionsAction, "/admin/inscriptions", {
      intent: "save",
      version,
      forms: JSON.stringify(kept),
    });
    expect(saved.status).toBe(200);
    expect((await getActiveInscriptionForms()).map((form) => form.title)).toEqual([
      "Adulte",
      "Certificat",
    ]);
    // Only the treasurer's kind shows in their Corbeille.
    expect((await trashList(treasurer)).map((row) => row.label)).toEqual(["Enfant"]);

    expect((await restore("inscription", forms[1]!.id, treasurer)).status).toBe(200);
    expect((await getActiveInscriptionForms()).map((form) => form.title)).toEqual([
      "Adulte",
      "Enfant",
      "Certificat",
    ]);
    expect(await rowOf("inscription_forms", forms[1]!.id)).toEqual(forms[1]);
  });
});

describe("the guard", () => {
  it("shows and restores only the kinds a volunteer's roles edit", async () => {
    const discipline = await createDiscipline({ title: "Boxe anglaise", order_index: 0 });
    await createDiscipline({ title: "Cardio", order_index: 1 });
    await send(disciplinesAction, "/admin/disciplines", {
      intent: "delete",
      id: String(discipline.id),
    });
    const activity = await createActivity({ title: "Boxe ados" });
    await send(scheduleAction, "/admin/schedule", { intent: "delete", id: String(activity.id) });

    expect((await trashList(admin)).map((row) => row.itemType).sort()).toEqual([
      "activity",
      "discipline",
    ]);
    expect((await trashList(coach)).map((row) => row.itemType)).toEqual(["activity"]);
    expect(await trashList(treasurer)).toEqual([]);

    const id = await trashIdOf("discipline", discipline.id);
    for (const intent of ["restore", "purge"]) {
      const refused = await send(
        trashAction,
        "/admin/corbeille",
        { intent, id: String(id) },
        coach,
      );
      expect(refused.status).toBe(404);
    }
    expect(await rowOf("disciplines", discipline.id)).toBeUndefined();
    expect(await trashList(admin)).toHaveLength(2);

    // Signed out: nothing.
    const anonymous = await callRoute(
      trashAction,
      postRequest("/admin/corbeille", { intent: "restore", id: String(id) }),
    );
    expect(anonymous.status).toBe(401);
  });
});

describe("purge", () => {
  it("after 30 days the sweep removes the item for good, then its files", async () => {
    const image = await upload("disciplines", "sac.png");
    const doomed = await createDiscipline({ title: "Boxe loisir", image, order_index: 0 });
    await createDiscipline({ title: "Cardio", order_index: 1 });
    await send(disciplinesAction, "/admin/disciplines", {
      intent: "delete",
      id: String(doomed.id),
    });

    expect(await purgeTrash(new Date(Date.now() + 29 * DAY))).toBe(0);
    expect(await trashList()).toHaveLength(1);
    expect(await sweepOrphanUploads({ now: Date.now() + 29 * DAY })).toEqual([]);

    expect(await purgeTrash(new Date(Date.now() + 31 * DAY))).toBe(1);
    expect(await trashList()).toEqual([]);
    expect(await sweepOrphanUploads({ now: Date.now() + 31 * DAY })).toEqual([image]);
    expect(onDisk(image)).toBe(false);
    expect((await journal()).at(-1)).toBe("trash.purged discipline Boxe loisir");
  });

  it("« Supprimer définitivement » removes one item at once", async () => {
    const doomed = await createDiscipline({ title: "Boxe loisir", order_index: 0 });
    await createDiscipline({ title: "Cardio", order_index: 1 });
    await send(disciplinesAction, "/admin/disciplines", {
      intent: "delete",
      id: String(doomed.id),
    });
    const id = await trashIdOf("discipline", doomed.id);
    const purged = await send(trashAction, "/admin/corbeille", { intent: "purge", id: String(id) });
    expect(purged.status).toBe(200);
    expect((purged.data as Body).toast?.message).toBe(
      "Élément supprimé définitivement : discipline « Boxe loisir »",
    );
    expect(await trashList()).toEqual([]);
    const again = await send(trashAction, "/admin/corbeille", {
      intent: "restore",
      id: String(id),
    });
    expect(again.status).toBe(404);
  });
});
