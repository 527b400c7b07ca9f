// How the page cache sees what the app answers. Express and React Router write to the
// Node response (writeHead, write, end) and offer no hook that hands over the finished
// answer, so these wrap those methods of one response: what is written still goes to the
// browser unchanged.
import type { OutgoingHttpHeaders, ServerResponse } from "node:http";

/** What the app answered, once the whole of it went out. */
export interface CapturedAnswer {
  status: number;
  /** Every header sent, by lower-case name. */
  headers: OutgoingHttpHeaders;
  body: Buffer;
}

type Method<K extends keyof ServerResponse> = (
  ...args: unknown[]
) => ReturnType<Extract<ServerResponse[K], (...args: never[]) => unknown>>;

/**
 * Calls `hook` with the status and writeHead's other arguments just before the head of
 * the answer goes out, while its headers can still be changed.
 */
export function beforeHead(res: ServerResponse, hook: (status: number, args: unknown[]) => void) {
  const writeHead = res.writeHead as unknown as Method<"writeHead">;
  res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    hook(typeof args[0] === "number" ? args[0] : res.statusCode, args.slice(1));
    return writeHead.apply(this, args);
  } as unknown as ServerResponse["writeHead"];
}

function toBuffer(chunk: unknown, encoding: unknown): Buffer | null {
  if (chunk === undefined || chunk === null || typeof chunk === "function") return null;
  if (Buffer.isBuffer(chunk)) return chunk;
  if (typeof chunk === "string") {
    return Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8");
  }
  const view = chunk as Uint8Array;
  return Buffer.from(view.buffer, view.byteOffset, view.byteLength);
}

export interface CaptureOptions {
  /** Asked as the head goes out: false drops the copy (the answer itself is unchanged). */
  keep: (status: number) => boolean;
  /** Bodies over this size are not kept. */
  maxBytes: number;
  /** Called once the answer has gone out in full, unless the copy was dropped. */
  done: (answer: CapturedAnswer) => void;
}

/**
 * Keeps a copy of the answer `res` is about to write. Only a head written with a numeric
 * status and string arguments (what Express and React Router do) can be kept: headers
 * passed to writeHead as an object would be missed.
 */
export function captureAnswer(res: ServerResponse, { keep, maxBytes, done }: CaptureOptions) {
  let chunks: Buffer[] | null = [];
  let size = 0;
  const collect = (chunk: unknown, encoding: unknown) => {
    const buffer = chunks && toBuffer(chunk, encoding);
    if (!chunks || !buffer) return;
    size += buffer.length;
    if (size > maxBytes) chunks = null;
    else chunks.push(buffer);
  };
  beforeHead(res, (status, rest) => {
    if (!rest.every((arg) => typeof arg === "string") || !keep(status)) chunks = null;
  });
  const write = res.write as unknown as Method<"write">;
  res.write = function (this: ServerResponse, ...args: unknown[]) {
    collect(args[0], args[1]);
    return write.apply(this, args);
  } as unknown as ServerResponse["write"];
  const end = res.end as unknown as Method<"end">;
  res.end = function (this: ServerResponse, ...args: unknown[]) {
    collect(args[0], args[1]);
    return end.apply(this, args);
  } as unknown as ServerResponse["end"];
  res.on("finish", () => {
    if (chunks)
      done({ status: res.statusCode, headers: res.getHeaders(), body: Buffer.concat(chunks) });
  });
}

export interface HoldOptions extends Omit<CaptureOptions, "done"> {
  /**
   * Called once the whole answer is written, with the response's own methods back: returns
   * true when it answered itself, false to let the held answer go out as the app wrote it.
   */
  done: (answer: CapturedAnswer) => boolean;
}

/**
 * Like captureAnswer, but nothing reaches the browser until the app has written the whole
 * answer: the page cache answers the visitor whose request renders a page from what it
 * stores, as it answers the visitors waiting for that render (one gzip assembled from the
 * stored parts, no compression streamed through the thread pool while others wait). An
 * answer not to keep (`keep` false, a head written with an object, a body over maxBytes)
 * is let go: what was held goes out, and the rest passes through unchanged.
 */
export function holdAnswer(res: ServerResponse, { keep, maxBytes, done }: HoldOptions) {
  const writeHead = res.writeHead as unknown as Method<"writeHead">;
  const write = res.write as unknown as Method<"write">;
  const end = res.end as unknown as Method<"end">;
  let head: unknown[] | null = null;
  let kept: boolean | null = null;
  let chunks: Buffer[] = [];
  let size = 0;

  const restore = () => {
    res.writeHead = writeHead as unknown as ServerResponse["writeHead"];
    res.write = write as unknown as ServerResponse["write"];
    res.end = end as unknown as ServerResponse["end"];
  };
  /** Stops holding: the head and the chunks held go out, the rest passes through. */
  const letGo = () => {
    restore();
    if (head) writeHead.apply(res, head);
    for (const chunk of chunks) write.call(res, chunk);
    chunks = [];
  };
  /** Decided once, when the head would go out: keep the answer, or let it go. */
  const keeping = (status: number, rest: unknown[]) => {
    kept ??= rest.every((arg) => typeof arg === "string") && keep(status);
    return kept;
  };
  /** Adds a chunk; false once the body outgrows maxBytes. */
  const collect = (chunk: unknown, encoding: unknown) => {
    const buffer = toBuffer(chunk, encoding);
    if (buffer) {
      size += buffer.length;
      chunks.push(buffer);
    }
    return size <= maxBytes;
  };
  const callbackOf = (args: unknown[]) =>
    args.find((arg) => typeof arg === "function") as (() => void) | undefined;

  res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    head = args;
    if (!keeping(typeof args[0] === "number" ? args[0] : res.statusCode, args.slice(1))) letGo();
    return this;
  } as unknown as ServerResponse["writeHead"];

  res.write = function (this: ServerResponse, ...args: unknown[]) {
    if (!keeping(res.statusCode, [])) {
      letGo();
      return write.apply(this, args);
    }
    if (!collect(args[0], args[1])) {
      letGo();
      return true;
    }
    const callback = callbackOf(args.slice(1));
    if (callback) process.nextTick(callback);
    return true;
  } as unknown as ServerResponse["write"];

  res.end = function (this: ServerResponse, ...args: unknown[]) {
    if (!keeping(res.statusCode, [])) {
      letGo();
      return end.apply(this, args);
    }
    const callback = callbackOf(args);
    if (!collect(args[0], args[1])) {
      letGo();
      return end.call(this, callback);
    }
    restore();
    const status = typeof head?.[0] === "number" ? head[0] : res.statusCode;
    const body = Buffer.concat(chunks);
    if (!done({ status, headers: res.getHeaders(), body })) {
      if (head) writeHead.apply(this, head);
      end.call(this, body, callback);
    } else if (callback) {
      res.once("finish", callback);
    }
    return this;
  } as unknown as ServerResponse["end"];
}
