import {
  MediaPickerQuerySchema,
  type MediaPickerPageJson,
  type PickableImageJson,
  PICKABLE_FORMATS,
} from "~/domains/content/media-picker-schema";
import { listPickableImages } from "~/domains/content/media-list.server";
import { parseUploadUrl } from "~/storage/paths.server";
import { getThumbnails } from "~/storage/variants.server";
import { requireCapability } from "~/domains/volunteers/auth.server";
import type { Route } from "./+types/media-images";

/*
 * GET /admin/media/images?q=…&page=…&format=jpg&format=png…: one page of the media
 * library's images that an image field may take, as JSON, for the picker beside every
 * upload field (app/components/admin/forms/media-picker.tsx). A bad parameter answers 400
 * with a French message rather than a list the field could not use.
 */

const MIME_OF: Record<string, string> = {
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  avif: "image/avif",
};

export async function loader({ request }: Route.LoaderArgs) {
  await requireCapability(request, ["content", "schedule"]);
  // Parameter names are the client's: read one by one, never spread into an object.
  const params = new URL(request.url).searchParams;
  const query = MediaPickerQuerySchema.safeParse({
    q: params.get("q") ?? "",
    page: params.get("page") ?? "1",
    // Without a format, every format an image upload gives.
    format: params.has("format") ? params.getAll("format") : [...PICKABLE_FORMATS],
  });
  if (!query.success) {
    return Response.json(
      { error: query.error.issues[0]!.message },
      { status: 400, headers: { "Cache-Control": "no-store" } },
    );
  }
  const list = await listPickableImages({
    page: query.data.page,
    search: query.data.q,
    formats: query.data.format,
  });
  const thumbnails = await getThumbnails({ urls: list.rows.map((row) => row.url) });
  const images = list.rows.flatMap((row): PickableImageJson[] => {
    const url = row.url.trim();
    const stored = parseUploadUrl(url);
    if (!stored) return [];
    const ext = stored.storagePath.split(".").pop()!.toLowerCase();
    return [
      {
        id: row.id,
        title: row.title,
        url,
        storagePath: stored.storagePath,
        mime: MIME_OF[ext] ?? "image/jpeg",
        thumbnail: thumbnails[row.url] ?? url,
      },
    ];
  });
  const body: MediaPickerPageJson = {
    images,
    total: list.total,
    page: list.page,
    pages: list.pages,
  };
  return Response.json(body, { headers: { "Cache-Control": "no-store" } });
}
