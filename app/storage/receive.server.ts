import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import busboy from "busboy";
import { chunksOf, drainBody } from "./request-body.server";
import { MIB, tooLarge, UploadError, UPLOAD_MESSAGES } from "./rules";

/*
 * Receiving: the multipart body is parsed as a stream (busboy); the file part is written
 * to DATA_DIR/uploads/.tmp/<uuid>.part while its bytes are counted, and the request is
 * refused as soon as the limit of its kind is passed. Nothing is held whole in memory.
 */

// Text fields beside the file: generous, but bounded.
const FIELD_SIZE = 1 * MIB;
const MAX_FIELDS = 1000;
const MAX_FILE_PARTS = 10;
const FORM_ALLOWANCE = 4 * MIB;

export interface Received {
  path: string;
  size: number;
  originalName: string;
}

/**
 * Reads a multipart (or url-encoded) body: its text fields, and the file of `field`
 * written to a temporary file in `tempDir` (null when the form has none). The caller
 * removes the temporary file.
 * @throws UploadError (French message, status 400, 413 or 415)
 */
export async function receiveBody(
  request: Request,
  { field, limit, tempDir }: { field: string; limit: number; tempDir: string },
): Promise<{ fields: FormData; received: Received | null }> {
  const fields = new FormData();
  if (!request.body) return { fields, received: null };

  // NOTE: never cancelled, drained on a refusal: see app/storage/request-body.server.ts.
  const reader = request.body.getReader();
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": request.headers.get("content-type") ?? undefined },
      defParamCharset: "utf8",
      limits: { fieldSize: FIELD_SIZE, fields: MAX_FIELDS, files: MAX_FILE_PARTS },
    });
  } catch (error) {
    // No content type, another one, or multipart without its boundary.
    await drainBody(reader);
    throw new UploadError(UPLOAD_MESSAGES.wrongType, 415, { cause: error });
  }

  let failure: unknown;
  let receiving: Promise<Received> | undefined;
  const counter = byteLimit(limit + FORM_ALLOWANCE, () => tooLarge(limit));
  // Stops reading at once. The parser is destroyed too: when the body was already read
  // whole, busboy would otherwise wait for ever for the end of a file stream we destroyed.
  const fail = (error: unknown) => {
    failure ??= error;
    counter.destroy(error as Error);
    parser.destroy(error as Error);
  };

  parser.on("file", (name, stream, info) => {
    if (name !== field || receiving || !info.filename) {
      // Read and dropped; busboy destroys it with the form's error, if any.
      stream.on("error", () => undefined);
      stream.resume();
      return;
    }
    receiving = writeTemp(stream, { limit, tempDir, originalName: info.filename });
    receiving.catch(fail);
  });
  parser.on("field", (name, value, info) => {
    if (info.valueTruncated) fail(new UploadError(UPLOAD_MESSAGES.formTooLarge, 413));
    else fields.append(name, value);
  });
  parser.on("fieldsLimit", () => fail(new UploadError(UPLOAD_MESSAGES.formTooLarge, 413)));

  // Made before reading, so that a file stream gets its pipeline (and error listener)
  // in the same tick as busboy hands it over.
  try {
    await fs.promises.mkdir(tempDir, { recursive: true });
  } catch (error) {
    await drainBody(reader);
    throw new UploadError(UPLOAD_MESSAGES.failed, 500, { cause: error });
  }
  const source = Readable.from(chunksOf(reader), { objectMode: false });
  try {
    await pipeline(source, counter, parser);
    const received = receiving ? await receiving : null;
    return { fields, received };
  } catch (error) {
    await receiving?.then(
      (done) => fs.promises.rm(done.path, { force: true }),
      () => undefined,
    );
    await drainBody(reader);
    const cause = failure ?? error;
    if (cause instanceof UploadError) throw cause;
    const cut = cause instanceof Error && CUT_FORM.test(cause.message);
    throw new UploadError(cut ? UPLOAD_MESSAGES.incomplete : UPLOAD_MESSAGES.failed, 400, {
      cause,
    });
  }
}

/** busboy's errors for a body that ends inside the form (a cut upload). */
const CUT_FORM = /^(Unexpected end of (form|file)|Malformed part header)$/;

/** Passes bytes through, failing as soon as more than `max` have gone by. */
function byteLimit(max: number, error: () => Error, onCount?: (n: number) => void): Transform {
  let count = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      count += chunk.length;
      onCount?.(count);
      if (count > max) callback(error());
      else callback(null, chunk);
    },
  });
}

async function writeTemp(
  stream: Readable,
  { limit, tempDir, originalName }: { limit: number; tempDir: string; originalName: string },
): Promise<Received> {
  let size = 0;
  const file = path.join(tempDir, `${randomUUID()}.part`);
  const out = fs.createWriteStream(file, { flags: "wx", mode: 0o600 });
  try {
    await pipeline(
      stream,
      byteLimit(
        limit,
        () => tooLarge(limit),
        (n) => (size = n),
      ),
      out,
    );
  } catch (error) {
    stream.resume();
    // Removed once the file stream has closed: a refusal can come while the file is still
    // being opened (in the thread pool), and that open would create it after the removal.
    if (!out.closed) await new Promise<void>((closed) => out.once("close", () => closed()));
    await fs.promises.rm(file, { force: true });
    throw error;
  }
  return { path: file, size, originalName };
}
