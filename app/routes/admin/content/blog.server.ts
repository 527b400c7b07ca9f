import {
  POST_FIELDS,
  POST_MESSAGES,
  PostSchema,
  POST_STATUSES,
  PostToggleSchema,
  type PostDraft,
} from "~/domains/content/post-schema";
import { parseSchedule, SCHEDULE_FIELDS } from "~/domains/content/publish-schedule";
import { parsePostContent } from "~/components/site/post-content";
import { actorOf, withActivity } from "~/domains/history/activity-log.server";
import { getContentBlock } from "~/domains/content/content.server";
import { getThumbnails } from "~/storage/variants.server";
import {
  createPost,
  deletePost,
  getPostForEdit,
  listPostsForAdmin,
  setPostFeatured,
  setPostPublished,
  updatePost,
} from "~/domains/content/post-admin.server";
import { NotFoundError, STALE_SAVE_MESSAGE, StaleSaveError } from "~/utils/stale.server";
import { moveToTrash } from "~/domains/history/trash.server";
import { requireCapability } from "~/domains/volunteers/auth.server";
import { BLOG_CATEGORIES } from "~/domains/content/defaults";
import { readChoice, readDate, readPage, readSearch } from "~/utils/list-params";
import { fieldErrors, formText, positiveId, readForm } from "~/core/form";
import { getClientIp, type RequestContext } from "~/utils/load-context";
import { toastResult } from "~/utils/toast";
import { removeFileIfUnused } from "~/domains/content/upload-removal.server";

/*
 * /admin/blog: one page of the article list (drafts included; ?page, ?q, ?statut,
 * ?categorie, ?du, ?au), the article opened in the editor (?modifier=id, its whole text
 * loaded only then), and the one action, by intent: create, update (stale check),
 * publish, feature, delete.
 */

export async function blogLoader({ request }: { request: Request }) {
  await requireCapability(request, "content");
  const params = new URL(request.url).searchParams;
  const editId = positiveId(params.get("modifier"));
  const [list, editing, article] = await Promise.all([
    listPostsForAdmin({
      page: readPage(params),
      search: readSearch(params),
      status: readChoice(params, "statut", POST_STATUSES, null),
      category: readChoice(params, "categorie", BLOG_CATEGORIES, null),
      from: readDate(params, "du"),
      to: readDate(params, "au"),
    }),
    editId ? getPostForEdit({ id: editId }) : null,
    getContentBlock({ category: "blog", section: "article" }),
  ]);
  const thumbnails = await getThumbnails({ urls: list.rows.map((post) => post.image_url) });
  // The article page's own texts, for the editor's preview.
  const articleTexts = { backLinkText: article.backLinkText, authorPrefix: article.authorPrefix };
  return { list, editing, thumbnails, articleTexts, now: new Date().toISOString() };
}

const BLOG_UPLOADS = "/uploads/site-images/blog/";

/** The blog's own uploads an article shows: its cover and its image lines. */
function blogUploads(post: { image_url: string; content: string }): string[] {
  const images = parsePostContent(post.content).flatMap((block) =>
    block.type === "image" ? [block.src] : [],
  );
  return [post.image_url, ...images].filter((url) => url.startsWith(BLOG_UPLOADS));
}

/**
 * Files the blog uploaded for an article that nothing shows any more (a replaced cover,
 * a deleted article's images) are removed; anything still referenced stays. Never throws.
 */
async function discardUnused(urls: string[]) {
  for (const url of new Set(urls)) {
    await removeFileIfUnused({ url, bucket: "site-images" });
  }
}

type PostErrors = Partial<Record<keyof PostDraft | "publish_at" | "unpublish_at" | "form", string>>;

function notFound() {
  return toastResult(
    { type: "error", message: POST_MESSAGES.notFound },
    { ok: false as const },
    { status: 404 },
  );
}

function invalid(message: string, errors: PostErrors = {}) {
  return toastResult({ type: "error", message }, { ok: false as const, errors }, { status: 400 });
}

/** A journal entry about an article, named by its title at the time. */
function postEntry(action: "create" | "save" | "publish" | "unpublish" | "delete") {
  return (post: { id: number; title: string }) => ({
    action,
    itemType: "post" as const,
    itemId: post.id,
    itemLabel: post.title,
  });
}

export async function blogAction({
  request,
  context,
}: {
  request: Request;
  context?: RequestContext;
}) {
  const actor = actorOf(await requireCapability(request, "content"), getClientIp(context));
  const form = await readForm(request);
  const intent = form.get("intent");

  switch (intent) {
    case "create":
    case "update": {
      const parsed = PostSchema.safeParse(formText(form, POST_FIELDS));
      const id = Number(form.get("id"));
      const before = intent === "update" && id > 0 ? await getPostForEdit({ id }) : null;
      // « Publier le » / « Dépublier le » (ADR 023): checked against the article as stored.
      const scheduled = parseSchedule(formText(form, SCHEDULE_FIELDS), {
        now: new Date(),
        current: before,
        published: before?.is_published ?? false,
      });
      if (!parsed.success || !scheduled.ok) {
        const errors = {
          ...(parsed.success ? {} : (fieldErrors(parsed.error) as PostErrors)),
          ...(scheduled.ok ? {} : scheduled.errors),
        };
        return invalid(Object.values(errors)[0]!, errors);
      }
      // A scheduled article is dated at its publication (ADR 023): the list and, once out,
      // the blog's order and the RSS.
      const values = {
        ...parsed.data,
        ...scheduled.schedule,
        published_at: scheduled.schedule.publish_at ?? parsed.data.published_at,
      };
      if (intent === "create") {
        const post = await withActivity(actor, postEntry("create"), () => createPost({ values }));
        return toastResult(
          { type: "success", message: POST_MESSAGES.created },
          { ok: true as const, id: post.id },
          { status: 201 },
        );
      }
      const loadedAt = form.get("updated_at");
      if (!Number.isInteger(id) || id <= 0 || typeof loadedAt !== "string" || !loadedAt) {
        return invalid(POST_MESSAGES.notFound);
      }
      try {
        const post = await withActivity(actor, postEntry("save"), () =>
          updatePost({ id, values, loadedAt }),
        );
        if (before) await discardUnused(blogUploads(before));
        return toastResult(
          { type: "success", message: POST_MESSAGES.updated },
          { ok: true as const, id: post.id },
        );
      } catch (error) {
        if (error instanceof StaleSaveError) {
          return toastResult(
            { type: "error", message: STALE_SAVE_MESSAGE },
            { ok: false as const, errors: { form: STALE_SAVE_MESSAGE } as PostErrors },
            { status: 409 },
          );
        }
        if (error instanceof NotFoundError) return notFound();
        throw error;
      }
    }

    case "publish":
    case "feature": {
      const parsed = PostToggleSchema.safeParse({ id: form.get("id"), value: form.get("value") });
      if (!parsed.success) return invalid(POST_MESSAGES.notFound);
      const { id, value } = parsed.data;
      try {
        if (intent === "publish") {
          await withActivity(actor, postEntry(value ? "publish" : "unpublish"), () =>
            setPostPublished({ id, published: value }),
          );
          return toastResult(
            {
              type: "success",
              message: value ? POST_MESSAGES.published : POST_MESSAGES.unpublished,
            },
            { ok: true as const, id },
          );
        }
        // Put forward or not: a change of the article's settings, saved.
        await withActivity(actor, postEntry("save"), () =>
          setPostFeatured({ id, featured: value }),
        );
        return toastResult(
          { type: "success", message: value ? POST_MESSAGES.featured : POST_MESSAGES.unfeatured },
          { ok: true as const, id },
        );
      } catch (error) {
        if (error instanceof NotFoundError) return notFound();
        throw error;
      }
    }

    case "delete": {
      const id = Number(form.get("id"));
      const post = Number.isInteger(id) && id > 0 ? await getPostForEdit({ id }) : null;
      const deleted =
        post !== null &&
        (await withActivity(
          actor,
          (done) => (done ? postEntry("delete")(post) : null),
          // Into the Corbeille first, in the delete's transaction (ADR 022).
          async () => (await moveToTrash({ itemType: "post", id, actor })) && deletePost({ id }),
        ));
      if (!post || !deleted) return notFound();
      await discardUnused(blogUploads(post));
      return toastResult(
        { type: "success", message: POST_MESSAGES.deleted },
        { ok: true as const, id },
      );
    }

    default:
      return invalid("Action inconnue");
  }
}
