import { MIB } from "./rules";

/*
 * Reading an upload's body so that a refusal always reaches the client.
 *
 * NOTE: cancelling a request's body stream destroys its socket (@react-router/node's
 * stream adapter calls req.destroy()), and the client gets no answer at all instead of
 * our 400 or 413. So a body we stop parsing is never cancelled: it is read to
 * its end and dropped, as a browser that sent it whole waits for the answer. Only a body
 * past DRAIN_LIMIT bytes, or one that stalls for DRAIN_TIME_MS, is cut.
 */

/** Past the largest upload (video, 100 Mo) and its form: a client sending more is cut. */
export const DRAIN_LIMIT = 128 * MIB;
export const DRAIN_TIME_MS = 30_000;

/** The body's chunks, one by one; stopping early leaves the rest unread, not cancelled. */
export async function* chunksOf(
  reader: ReadableStreamDefaultReader<Uint8Array>,
): AsyncGenerator<Uint8Array> {
  for (;;) {
    const next = await reader.read();
    if (next.done) return;
    yield next.value;
  }
}

/**
 * Reads what is left of a body and drops it. True when the body ended; false when it
 * passed `maxBytes` or stalled past `maxMs`, and was then cancelled (the client is cut).
 */
export async function drainBody(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  { maxBytes = DRAIN_LIMIT, maxMs = DRAIN_TIME_MS }: { maxBytes?: number; maxMs?: number } = {},
): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<"timeout">((resolve) => {
    timer = setTimeout(() => resolve("timeout"), maxMs);
  });
  let read = 0;
  try {
    for (;;) {
      const next = await Promise.race([reader.read(), timeout]);
      if (next === "timeout") break;
      if (next.done) return true;
      read += next.value.length;
      if (read > maxBytes) break;
    }
  } catch {
    // The client went away: nothing left to answer.
    return false;
  } finally {
    clearTimeout(timer);
  }
  await reader.cancel().catch(() => undefined);
  return false;
}
