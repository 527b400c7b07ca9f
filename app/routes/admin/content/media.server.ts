import {
  AddMediaSchema,
  loadedAtOrNull,
  MEDIA_MESSAGES,
  MEDIA_USAGES,
  MediaChangesSchema,
  SITE_IMAGES_PAGE,
  UploadedMediaSchema,
} from "~/domains/content/media-schema";
import { deleteStoredFile, removeFileIfUnused } from "~/domains/content/upload-removal.server";
import { UploadError } from "~/storage/rules";
import { receiveUpload } from "~/storage/upload.server";
import { getThumbnails } from "~/storage/variants.server";
import { getFileUsage } from "~/domains/content/file-usage.server";
import {
  addMediaItem,
  checkOwnUpload,
  deleteMediaItemRow,
  InvalidUploadError,
  MediaInUseError,
  placeHomeVideo,
  removeOldHomeVideo,
  saveMediaChanges,
  setLogo,
  type MediaChanges,
} from "~/domains/content/media.server";
import { actorOf, withActivity } from "~/domains/history/activity-log.server";
import { type Actor, type ActivityEntry } from "~/domains/history/actor";
import {
  listMediaLibrary,
  listSiteImagesOutsideLibrary,
} from "~/domains/content/media-list.server";
import { getSettings } from "~/domains/content/settings.server";
import { readChoice, readPage, readSearch } from "~/utils/list-params";
import { NotFoundError, STALE_SAVE_MESSAGE, StaleSaveError } from "~/utils/stale.server";
import { moveToTrash } from "~/domains/history/trash.server";
import { requireCapability } from "~/domains/volunteers/auth.server";
import { getEnv } from "~/core/env.server";
import { fieldErrors, readForm } from "~/core/form";
import { getClientIp, type RequestContext } from "~/utils/load-context";
import { toastResult, type Toast } from "~/utils/toast";

/*
 * /admin/media: logo, home video, the library of site images and the "add a media" form.
 * One action, by intent: add (multipart with a file, or a URL), delete, logo, video,
 * save (the screen's global save of its pending edits).
 */

export async function mediaLoader({ request }: { request: Request }) {
  await requireCapability(request, "content");
  const params = new URL(request.url).searchParams;
  const places = await getFileUsage();
  const [library, siteImages, logo, video] = await Promise.all([
    listMediaLibrary({
      page: readPage(params),
      search: readSearch(params),
      usage: readChoice(params, "utilisation", MEDIA_USAGES, null),
      places,
    }),
    listSiteImagesOutsideLibrary({ places, page: readPage(params, SITE_IMAGES_PAGE) }),
    getSettings({ category: "logo" }),
    getSettings({ category: "home_video" }),
  ]);
  const thumbnails = await getThumbnails({
    urls: [...library.rows.map((item) => item.url), ...siteImages.rows.map((image) => image.url)],
  });
  return {
    library,
    siteImages,
    thumbnails,
    publicOrigin: getEnv().publicUrl,
    logo: { url: logo.url, updated_at: logo.updated_at ?? "" },
    video: {
      url: video.url,
      title: video.title,
      storage_path: video.storage_path,
      updated_at: video.updated_at ?? "",
    },
  };
}

export type MediaErrors = Record<string, string>;

function answer(toast: Toast, errors: MediaErrors | null, status = 200, intent = "") {
  return toastResult(toast, { ok: errors === null, intent, errors: errors ?? {} }, { status });
}

function stale(intent: string) {
  return answer(
    { type: "error", message: STALE_SAVE_MESSAGE },
    { form: STALE_SAVE_MESSAGE },
    409,
    intent,
  );
}

const LOGO_LABEL = "Logo du site";
const VIDEO_LABEL = "Vidéo d'accueil";

function mediaEntry(
  action: "upload" | "save" | "delete",
  itemLabel: string,
  itemId?: number,
): ActivityEntry {
  return { action, itemType: "media", itemId, itemLabel };
}

/** The journal's rows of the screen's global save: one per item changed. */
function changeEntries(changes: MediaChanges): ActivityEntry[] {
  return [
    ...(changes.logo ? [mediaEntry("save", LOGO_LABEL)] : []),
    ...(changes.videoTitle ? [mediaEntry("save", VIDEO_LABEL)] : []),
    ...(changes.titles ?? []).map((change) => mediaEntry("save", change.title, change.id)),
  ];
}

export async function mediaAction({
  request,
  context,
}: {
  request: Request;
  context?: RequestContext;
}) {
  const actor = actorOf(await requireCapability(request, "content"), getClientIp(context));
  const type = request.headers.get("content-type") ?? "";
  if (type.startsWith("multipart/form-data")) return addWithFile(request, actor);

  const form = await readForm(request);
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const intent = text("intent");

  switch (intent) {
    case "add":
      return addMedia({ title: text("title"), url: text("url"), file: null }, actor);

    case "delete": {
      const id = Number(text("id"));
      try {
        if (!Number.isInteger(id) || id <= 0) throw new NotFoundError("Média");
        // Into the Corbeille, in the delete's transaction: its file stays while it is there
        // and the upload sweep removes it once purged (ADR 022).
        await withActivity(
          actor,
          (removed) => mediaEntry("delete", removed.item.title, id),
          async () => {
            await moveToTrash({ itemType: "media", id, actor });
            return deleteMediaItemRow({ id });
          },
        );
        return answer({ type: "success", message: MEDIA_MESSAGES.deleted }, null, 200, intent);
      } catch (error) {
        if (error instanceof MediaInUseError) {
          return answer(
            { type: "error", message: error.message },
            { form: error.message },
            409,
            intent,
          );
        }
        if (error instanceof NotFoundError) {
          return answer(
            { type: "error", message: MEDIA_MESSAGES.notFound },
            { form: MEDIA_MESSAGES.notFound },
            404,
            intent,
          );
        }
        throw error;
      }
    }

    case "logo":
    case "video": {
      const parsed = UploadedMediaSchema.safeParse({
        url: text("url"),
        title: text("title"),
        loaded_at: text("loaded_at"),
      });
      const kind = intent === "logo" ? "image" : "video";
      const failure = intent === "logo" ? MEDIA_MESSAGES.addFailed : MEDIA_MESSAGES.videoFailed;
      if (!parsed.success) {
        const errors = fieldErrors(parsed.error);
        return answer({ type: "error", message: failure }, errors, 400, intent);
      }
      let upload: { url: string; storagePath: string };
      try {
        upload = await checkOwnUpload({ url: parsed.data.url, kind });
      } catch (error) {
        if (!(error instanceof InvalidUploadError)) throw error;
        return answer({ type: "error", message: failure }, { url: error.message }, 400, intent);
      }
      const loadedAt = loadedAtOrNull(parsed.data.loaded_at);
      try {
        if (intent === "logo") {
          await withActivity(actor, mediaEntry("upload", LOGO_LABEL), () =>
            setLogo({ ...upload, title: parsed.data.title || LOGO_LABEL, loadedAt }),
          );
          return answer(
            { type: "success", message: MEDIA_MESSAGES.logoUpdated },
            null,
            200,
            intent,
          );
        }
        const placed = await withActivity(
          actor,
          mediaEntry("upload", parsed.data.title || VIDEO_LABEL),
          () => placeHomeVideo({ ...upload, title: parsed.data.title, loadedAt }),
        );
        const { oldDeleted } = await removeOldHomeVideo(placed);
        return answer(
          {
            type: "success",
            message: oldDeleted ? MEDIA_MESSAGES.videoReplaced : MEDIA_MESSAGES.videoLoaded,
          },
          null,
          200,
          intent,
        );
      } catch (error) {
        if (!(error instanceof StaleSaveError)) throw error;
        // The file just sent is nobody's: it goes, unless something already uses it.
        await removeFileIfUnused({ url: upload.url, bucket: "site-images" });
        return stale(intent);
      }
    }

    case "save": {
      let json: unknown;
      try {
        json = JSON.parse(text("changes") || "{}");
      } catch {
        json = null;
      }
      const parsed = MediaChangesSchema.safeParse(json);
      if (!parsed.success) {
        const errors: MediaErrors = {};
        const sent = (json as { titles?: { id?: unknown }[] } | null)?.titles;
        for (const issue of parsed.error.issues) {
          const [section, index] = issue.path;
          const key =
            section === "titles" && typeof index === "number" && Array.isArray(sent)
              ? `title-${String(sent[index]?.id)}`
              : String(section ?? "form");
          errors[key] ??= issue.message;
        }
        return answer({ type: "error", message: Object.values(errors)[0]! }, errors, 400, intent);
      }
      const changes = parsed.data;
      if (!changes.logo && !changes.videoTitle && !changes.titles?.length) {
        return answer({ type: "info", message: MEDIA_MESSAGES.nothingToSave }, null, 200, intent);
      }
      try {
        await withActivity(actor, changeEntries(changes), () => saveMediaChanges(changes));
      } catch (error) {
        if (error instanceof StaleSaveError || error instanceof NotFoundError) return stale(intent);
        throw error;
      }
      return answer({ type: "success", message: MEDIA_MESSAGES.saved }, null, 200, intent);
    }

    default:
      return answer(
        { type: "error", message: "Action inconnue" },
        { form: "Action inconnue" },
        400,
      );
  }
}

/** "Ajouter des médias" with a file: the file goes through the one upload pipeline. */
async function addWithFile(request: Request, actor: Actor) {
  let received: Awaited<ReturnType<typeof receiveUpload>>;
  try {
    received = await receiveUpload(request, { kind: "image", bucket: "site-images" });
  } catch (error) {
    if (!(error instanceof UploadError)) throw error;
    if (error.status === 500) console.error("Ajout de média", error);
    return answer(
      { type: "error", message: MEDIA_MESSAGES.addFailed },
      { file: error.message },
      error.status,
      "add",
    );
  }
  const { file, fields } = received;
  const text = (name: string) => {
    const value = fields.get(name);
    return typeof value === "string" ? value : "";
  };
  if (text("intent") !== "add") {
    if (file) await deleteStoredFile({ url: file.url });
    return answer({ type: "error", message: "Action inconnue" }, { form: "Action inconnue" }, 400);
  }
  return addMedia({ title: text("title"), url: text("url"), file }, actor);
}

async function addMedia(
  {
    title,
    url,
    file,
  }: {
    title: string;
    url: string;
    file: { url: string; storagePath: string } | null;
  },
  actor: Actor,
) {
  const parsed = AddMediaSchema.safeParse({ title, url, hasFile: file !== null });
  if (!parsed.success) {
    // A refused form keeps no file.
    if (file) await deleteStoredFile({ url: file.url });
    const errors = fieldErrors(parsed.error);
    return answer({ type: "error", message: Object.values(errors)[0]! }, errors, 400, "add");
  }
  try {
    await withActivity(
      actor,
      (item) => mediaEntry("upload", item.title, item.id),
      () =>
        addMediaItem({
          title: parsed.data.title,
          url: file?.url ?? parsed.data.url,
          storagePath: file?.storagePath ?? null,
        }),
    );
  } catch (error) {
    if (file) await deleteStoredFile({ url: file.url });
    console.error("Ajout de média", error);
    return answer(
      { type: "error", message: MEDIA_MESSAGES.addFailed },
      { form: MEDIA_MESSAGES.addFailed },
      500,
      "add",
    );
  }
  return answer({ type: "success", message: MEDIA_MESSAGES.added }, null, 201, "add");
}
