import {
  INVALID_UPLOAD_TARGET_MESSAGE,
  type UploadTarget,
  UploadTargetSchema,
  type UploadedFileJson,
} from "~/components/admin/forms/upload-target";
import { drainBody } from "~/storage/request-body.server";
import { UPLOAD_MESSAGES, UploadError } from "~/storage/rules";
import { receiveUpload } from "~/storage/upload.server";
import { FORBIDDEN_MESSAGE, requireCapability } from "~/domains/volunteers/auth.server";
import { canAny, type Capability } from "~/domains/volunteers/capabilities";
import type { Route } from "./+types/upload";

/*
 * POST /admin/upload?kind=…&bucket=…&subpath=… (multipart, one file): stores the file
 * through receiveUpload and answers 201 with its URL, or { error } with the French
 * message and the UploadError's status. It records no media_items row: the screen that
 * uses the file saves its URL. UploadField (app/components/admin/forms/upload-field.tsx) calls it.
 * The target is in the address, so the size limit and the folder are known before the
 * body is read, and the body is parsed once (docs/decisions/012-upload-target-in-url.md).
 * Every refusal reads the rest of the body first, so that the answer reaches the client
 * (app/storage/request-body.server.ts).
 */

const NO_FILE_MESSAGE = "Aucun fichier reçu";

/**
 * Who may upload where: the content editors anywhere; the timetable's editors its images;
 * the treasurer the registration forms' documents.
 */
function uploadCapabilities({ bucket, subpath }: UploadTarget): Capability[] {
  if (bucket === "schedule-activities" || (bucket === "site-images" && subpath === "schedule")) {
    return ["content", "schedule"];
  }
  if (bucket === "site-documents" && subpath === "inscriptions") {
    return ["content", "registrations"];
  }
  return ["content"];
}

/** multipart/form-data with its boundary: what busboy can read. */
const MULTIPART = /^multipart\/form-data\s*;(?:.*;)?\s*boundary=\S/i;

export async function action({ request }: Route.ActionArgs) {
  const user = await requireCapability(request, ["content", "schedule", "registrations"]);
  if (request.method !== "POST") {
    return Response.json({ error: "Méthode non autorisée" }, { status: 405 });
  }
  if (!MULTIPART.test(request.headers.get("content-type") ?? "")) {
    if (request.body) await drainBody(request.body.getReader());
    return Response.json({ error: UPLOAD_MESSAGES.wrongType }, { status: 415 });
  }

  // Parameter names are the client's: read one by one, never spread into an object.
  const params = new URL(request.url).searchParams;
  const target = UploadTargetSchema.safeParse({
    kind: params.get("kind") ?? undefined,
    bucket: params.get("bucket") ?? undefined,
    subpath: params.get("subpath") ?? undefined,
  });
  if (!target.success) {
    if (request.body) await drainBody(request.body.getReader());
    return Response.json({ error: INVALID_UPLOAD_TARGET_MESSAGE }, { status: 400 });
  }
  if (!canAny(user.roles, uploadCapabilities(target.data))) {
    if (request.body) await drainBody(request.body.getReader());
    return Response.json({ error: FORBIDDEN_MESSAGE }, { status: 403 });
  }

  try {
    const { file } = await receiveUpload(request, target.data);
    if (!file) return Response.json({ error: NO_FILE_MESSAGE }, { status: 400 });
    const body: UploadedFileJson = {
      url: file.url,
      storagePath: file.storagePath,
      mime: file.mime,
      size: file.size,
      width: file.width,
      height: file.height,
      variants: file.variants,
    };
    return Response.json(body, { status: 201 });
  } catch (error) {
    if (error instanceof UploadError) {
      if (error.status === 500) console.error("Upload failed", error);
      return Response.json({ error: error.message }, { status: error.status });
    }
    console.error("Upload failed", error);
    return Response.json({ error: UPLOAD_MESSAGES.failed }, { status: 500 });
  }
}
