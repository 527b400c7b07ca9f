import busboy from "busboy";
import {
  INVALID_UPLOAD_TARGET_MESSAGE,
  UploadTargetSchema,
  type UploadedFileJson,
} from "~/components/admin/upload-target";
import { drainBody } from "~/storage/request-body.server";
import { UPLOAD_MESSAGES, UploadError } from "~/storage/rules";
import { receiveUpload } from "~/storage/upload.server";
import { requireAdmin } from "~/utils/auth.server";
import type { Route } from "./+types/upload";

/*
 * POST /admin/upload (multipart: kind, bucket, subpath, then file): stores one file
 * through receiveUpload and answers 201 with its URL, or { error } with the French
 * message and the UploadError's status. It records no media_items row: the screen that
 * uses the file saves its URL. UploadField (app/components/admin/upload-field.tsx) calls it.
 * Every refusal reads the rest of the body first, so that the answer reaches the client
 * (app/storage/request-body.server.ts).
 */

const NO_FILE_MESSAGE = "Aucun fichier reçu";

/** multipart/form-data with its boundary: what busboy can read. */
const MULTIPART = /^multipart\/form-data\s*;(?:.*;)?\s*boundary=\S/i;

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  if (request.method !== "POST") {
    return Response.json({ error: "Méthode non autorisée" }, { status: 405 });
  }
  if (!MULTIPART.test(request.headers.get("content-type") ?? "")) {
    if (request.body) await drainBody(request.body.getReader());
    return Response.json({ error: UPLOAD_MESSAGES.wrongType }, { status: 415 });
  }

  const peeked = await readLeadingFields(request);
  if (peeked.cut) {
    await peeked.drain();
    return Response.json({ error: UPLOAD_MESSAGES.incomplete }, { status: 400 });
  }
  const target = UploadTargetSchema.safeParse(peeked.fields);
  if (!target.success) {
    await peeked.drain();
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

interface Peeked {
  /** The text fields sent before the first file part. */
  fields: Record<string, string>;
  /** The body ended inside those fields: a cut form. */
  cut: boolean;
  /** Replays the whole body, for receiveUpload. */
  request: Request;
  /** Reads and drops the rest of the body (see request-body.server.ts). */
  drain: () => Promise<boolean>;
}

/**
 * The text fields sent before the first file part (UploadField appends kind, bucket and
 * subpath first), and a Request that replays the whole body for receiveUpload.
 *
 * NOTE: receiveUpload needs the kind and bucket before it reads the file (its size limit
 * and destination), so they cannot be read from a body parsed once; reading the prefix
 * only keeps the file streamed instead of buffered.
 */
async function readLeadingFields(request: Request): Promise<Peeked> {
  // Field names are the client's: a Map, never a plain object's keys.
  const fields = new Map<string, string>();
  const body = request.body ?? new ReadableStream<Uint8Array>({ start: (c) => c.close() });
  const reader = body.getReader();
  const parser = busboy({
    headers: { "content-type": request.headers.get("content-type") ?? undefined },
    defParamCharset: "utf8",
    limits: { fieldSize: PEEK_LIMIT },
  });
  let sawFile = false;
  let failed = false;
  parser.on("field", (name, value) => {
    if (!sawFile) fields.set(name, value);
  });
  parser.on("file", (_name, stream) => {
    sawFile = true;
    stream.on("error", () => undefined);
    stream.resume();
  });
  parser.on("error", () => {
    failed = true;
  });
  // Resolves once busboy took the chunk (or the end), or failed on it.
  const written = (chunk?: Uint8Array) =>
    new Promise<void>((resolve) => {
      const settle = () => {
        parser.off("error", settle);
        resolve();
      };
      parser.once("error", settle);
      if (chunk) parser.write(chunk, settle);
      else parser.end(settle);
    });

  const chunks: Uint8Array[] = [];
  let size = 0;
  let done = false;
  while (!sawFile && !failed && size < PEEK_LIMIT) {
    const next = await reader.read();
    if (next.done) {
      done = true;
      // The whole body held no file: busboy says whether the form itself was complete.
      await written();
      break;
    }
    chunks.push(next.value);
    size += next.value.length;
    await written(next.value);
  }
  parser.removeAllListeners("field");
  parser.on("error", () => undefined);
  parser.destroy();

  const replay = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      if (done) controller.close();
    },
    async pull(controller) {
      const next = await reader.read();
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
    // Never passed on to the request's body: cancelling it would drop the connection.
    cancel: () => undefined,
  });
  return {
    fields: Object.fromEntries(fields),
    cut: failed && !sawFile,
    request: new Request(request.url, {
      method: request.method,
      headers: request.headers,
      body: replay,
      signal: request.signal,
      duplex: "half",
    } as RequestInit),
    drain: async () => (done ? true : drainBody(reader)),
  };
}
