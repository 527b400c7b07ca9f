import busboy from "busboy";
import {
  INVALID_UPLOAD_TARGET_MESSAGE,
  UploadTargetSchema,
  type UploadedFileJson,
} from "~/components/admin/upload-target";
import { receiveUpload, UploadError, UPLOAD_MESSAGES } from "~/storage/upload.server";
import { requireAdmin } from "~/utils/auth.server";
import type { Route } from "./+types/upload";

/*
 * POST /admin/upload (multipart: kind, bucket, subpath, then file): stores one file
 * through receiveUpload and answers 201 with its URL, or { error } with the French
 * message and the UploadError's status. It records no media_items row: the screen that
 * uses the file saves its URL. UploadField (app/components/admin/upload-field.tsx) calls it.
 */

const NO_FILE_MESSAGE = "Aucun fichier reçu";

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  if (request.method !== "POST") {
    return Response.json({ error: "Méthode non autorisée" }, { status: 405 });
  }

  let peeked: Awaited<ReturnType<typeof readLeadingFields>>;
  try {
    peeked = await readLeadingFields(request);
  } catch {
    return Response.json({ error: UPLOAD_MESSAGES.failed }, { status: 400 });
  }
  const target = UploadTargetSchema.safeParse(peeked.fields);
  if (!target.success) {
    await peeked.request.body?.cancel().catch(() => undefined);
    return Response.json({ error: INVALID_UPLOAD_TARGET_MESSAGE }, { status: 400 });
  }

  try {
    const { file } = await receiveUpload(peeked.request, target.data);
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

/** Text fields before the file are small: past this many bytes, stop looking. */
const PEEK_LIMIT = 64 * 1024;

/**
 * The text fields sent before the first file part (UploadField appends kind, bucket and
 * subpath first), and a Request that replays the whole body for receiveUpload.
 *
 * NOTE: receiveUpload needs the kind and bucket before it reads the file (its size limit
 * and destination), so they cannot be read from a body parsed once; reading the prefix
 * only keeps the file streamed instead of buffered.
 */
async function readLeadingFields(
  request: Request,
): Promise<{ fields: Record<string, string>; request: Request }> {
  const fields: Record<string, string> = {};
  if (!request.body) return { fields, request };
  const parser = busboy({
    headers: { "content-type": request.headers.get("content-type") ?? undefined },
    defParamCharset: "utf8",
    limits: { fieldSize: PEEK_LIMIT },
  });
  let sawFile = false;
  parser.on("field", (name, value) => {
    if (!sawFile) fields[name] = value;
  });
  parser.on("file", (_name, stream) => {
    sawFile = true;
    stream.on("error", () => undefined);
    stream.resume();
  });
  parser.on("error", () => undefined);

  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let done = false;
  while (!sawFile && size < PEEK_LIMIT) {
    const next = await reader.read();
    if (next.done) {
      done = true;
      break;
    }
    chunks.push(next.value);
    size += next.value.length;
    await new Promise<void>((resolve) => parser.write(next.value, () => resolve()));
  }
  parser.destroy();

  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      if (done) controller.close();
    },
    async pull(controller) {
      const next = await reader.read();
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
  const replay = new Request(request.url, {
    method: request.method,
    headers: request.headers,
    body,
    signal: request.signal,
    duplex: "half",
  } as RequestInit);
  return { fields, request: replay };
}
