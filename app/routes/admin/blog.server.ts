import {
  POST_FIELDS,
  POST_MESSAGES,
  PostSchema,
  PostToggleSchema,
  type PostDraft,
} from "~/components/admin/blog-schema";
import { getImageVariants } from "~/models/image.server";
import {
  createPost,
  deletePost,
  getPostsForAdmin,
  setPostFeatured,
  setPostPublished,
  updatePost,
} from "~/models/post.server";
import { NotFoundError, STALE_SAVE_MESSAGE, StaleSaveError } from "~/models/stale.server";
import { requireAdmin } from "~/utils/auth.server";
import { fieldErrors, formText } from "~/utils/forms";
import { toastResult } from "~/utils/toast";

/*
 * /admin/blog: the article list (drafts included) and its one action, by intent:
 * create, update (stale check), publish, feature, delete.
 */

export async function blogLoader({ request }: { request: Request }) {
  await requireAdmin(request);
  const posts = await getPostsForAdmin();
  const variants = await getImageVariants({ urls: posts.map((post) => post.image_url) });
  return { posts, variants };
}

type PostErrors = Partial<Record<keyof PostDraft | "form", string>>;

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

export async function blogAction({ request }: { request: Request }) {
  await requireAdmin(request);
  const form = await request.formData();
  const intent = form.get("intent");

  switch (intent) {
    case "create":
    case "update": {
      const parsed = PostSchema.safeParse(formText(form, POST_FIELDS));
      if (!parsed.success) {
        const errors = fieldErrors(parsed.error) as PostErrors;
        return invalid(Object.values(errors)[0]!, errors);
      }
      if (intent === "create") {
        const post = await createPost({ values: parsed.data });
        return toastResult(
          { type: "success", message: POST_MESSAGES.created },
          { ok: true as const, id: post.id },
          { status: 201 },
        );
      }
      const id = Number(form.get("id"));
      const loadedAt = form.get("updated_at");
      if (!Number.isInteger(id) || id <= 0 || typeof loadedAt !== "string" || !loadedAt) {
        return invalid(POST_MESSAGES.notFound);
      }
      try {
        const post = await updatePost({ id, values: parsed.data, loadedAt });
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
          await setPostPublished({ id, published: value });
          return toastResult(
            {
              type: "success",
              message: value ? POST_MESSAGES.published : POST_MESSAGES.unpublished,
            },
            { ok: true as const, id },
          );
        }
        await setPostFeatured({ id, featured: value });
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
      if (!Number.isInteger(id) || id <= 0 || !(await deletePost({ id }))) return notFound();
      return toastResult(
        { type: "success", message: POST_MESSAGES.deleted },
        { ok: true as const, id },
      );
    }

    default:
      return invalid("Action inconnue");
  }
}
