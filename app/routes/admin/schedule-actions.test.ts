import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { isoToClubLocal } from "~/core/club-time";
import { SCHEDULE_MESSAGES } from "~/domains/content/publish-schedule";
import { getDb } from "~/db/client.server";
import { getPostForEdit } from "~/domains/content/post-admin.server";
import { createSitePage, getSitePage } from "~/domains/content/site-page.server";
import { callRoute, createUser, postRequest, signIn } from "../../../tests/auth";
import { action as blogAction } from "./content/blog";
import { action as pagesAction } from "./content/pages";

/*
 * « Publier le » / « Dépublier le » through the blog's and the pages' actions (ADR 023):
 * stored as UTC instants, refused in French with the field named, nothing stored then.
 */

let cookie: string;

beforeAll(async () => {
  ({ cookie } = await signIn(await createUser("programmation", "mot-de-passe")));
});

beforeEach(async () => {
  await getDb().deleteFrom("blog_posts").execute();
});

/** A Paris wall-clock time `days` from now, as the datetime-local field sends it. */
const inDays = (days: number) =>
  isoToClubLocal(new Date(Date.now() + days * 86_400_000).toISOString());

type Answer = {
  ok?: boolean;
  id?: number;
  errors?: Record<string, string>;
  toast?: { message: string };
};

const article = {
  title: "Fermeture de Noël",
  subtitle: "",
  excerpt: "",
  content: "La salle ferme du 20 décembre au 4 janvier.",
  image_url: "",
  category: "actualite",
  author: "",
  published_at: "",
};

const blog = (fields: Record<string, string>) =>
  callRoute(blogAction, postRequest("/admin/blog", fields, { cookie }));

describe("the blog editor's schedule", () => {
  it("creates a draft scheduled at the Paris time typed", async () => {
    const at = inDays(3);
    const answer = await blog({ intent: "create", ...article, publish_at: at, unpublish_at: "" });
    expect(answer.status).toBe(201);
    const created = await getPostForEdit({ id: (answer.data as Answer).id! });
    expect(created).toMatchObject({ is_published: false, unpublish_at: null });
    expect(isoToClubLocal(created!.publish_at!)).toBe(at);
    // Dated at its publication: the list shows that date, the blog orders by it.
    expect(created!.published_at).toBe(created!.publish_at);
  });

  it("refuses a date already past, or an unpublication before the publication, and stores nothing", async () => {
    const past = await blog({ intent: "create", ...article, publish_at: inDays(-1) });
    expect(past.status).toBe(400);
    expect((past.data as Answer).errors).toEqual({ publish_at: SCHEDULE_MESSAGES.publishPast });
    expect((past.data as Answer).toast?.message).toBe(SCHEDULE_MESSAGES.publishPast);

    const reversed = await blog({
      intent: "create",
      ...article,
      publish_at: inDays(3),
      unpublish_at: inDays(2),
    });
    expect((reversed.data as Answer).errors).toEqual({
      unpublish_at: SCHEDULE_MESSAGES.unpublishBeforePublish,
    });
    expect(await getDb().selectFrom("blog_posts").select("id").execute()).toEqual([]);
  });

  it("keeps a stored date that has become late when the article is saved again", async () => {
    const answer = await blog({ intent: "create", ...article, publish_at: inDays(3) });
    const id = (answer.data as Answer).id!;
    const late = new Date(Date.now() - 3_600_000).toISOString();
    await getDb()
      .updateTable("blog_posts")
      .set({ publish_at: late })
      .where("id", "=", id)
      .execute();
    const stored = (await getPostForEdit({ id }))!;
    const saved = await blog({
      intent: "update",
      id: String(id),
      updated_at: stored.updated_at,
      ...article,
      title: "Fermeture de Noël (dates)",
      publish_at: isoToClubLocal(late),
      unpublish_at: "",
    });
    expect((saved.data as Answer).ok).toBe(true);
    expect((await getPostForEdit({ id }))!.publish_at).toBe(late);
  });
});

describe("the page editor's schedule", () => {
  it("schedules a draft page, and refuses to schedule the publication of a published one", async () => {
    const page = await createSitePage();
    const fields = {
      intent: "save",
      id: String(page.id),
      updated_at: page.updated_at,
      title: "Fermeture de Noël",
      slug: "/fermeture-noel",
      content: "<p>La salle ferme.</p>",
      is_published: "false",
      template: "default",
      order_index: "9",
      publish_at: inDays(3),
      unpublish_at: inDays(20),
    };
    const saved = await callRoute(pagesAction, postRequest("/admin/pages", fields, { cookie }));
    expect(saved.status).toBe(200);
    const stored = (await getSitePage({ id: page.id }))!;
    expect(stored).toMatchObject({ is_published: false });
    expect(isoToClubLocal(stored.publish_at!)).toBe(fields.publish_at);
    expect(isoToClubLocal(stored.unpublish_at!)).toBe(fields.unpublish_at);

    const refused = await callRoute(
      pagesAction,
      postRequest(
        "/admin/pages",
        { ...fields, updated_at: stored.updated_at, is_published: "true" },
        { cookie },
      ),
    );
    expect(refused.status).toBe(400);
    expect((refused.data as Answer).errors).toEqual({
      publish_at: SCHEDULE_MESSAGES.publishWhilePublished,
    });
  });
});
