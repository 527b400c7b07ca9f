import { describe, expect, it } from "vitest";
import { drainBody } from "./request-body.server";

/** A body of `chunks` chunks of 1 Ko; counts what was read and whether it was cancelled. */
function body(chunks: number) {
  const seen = { read: 0, cancelled: false };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (seen.read === chunks) return controller.close();
      seen.read += 1;
      controller.enqueue(new Uint8Array(1024));
    },
    cancel() {
      seen.cancelled = true;
    },
  });
  return { reader: stream.getReader(), seen };
}

describe("drainBody", () => {
  it("reads a refused body to its end without cancelling it", async () => {
    const { reader, seen } = body(100);
    expect(await drainBody(reader)).toBe(true);
    expect(seen).toEqual({ read: 100, cancelled: false });
  });

  it("cuts a body past its byte bound", async () => {
    const { reader, seen } = body(100);
    expect(await drainBody(reader, { maxBytes: 10 * 1024 })).toBe(false);
    expect(seen.read).toBeLessThan(20);
    expect(seen.cancelled).toBe(true);
  });

  it("cuts a body that stalls past its time bound", async () => {
    let cancelled = false;
    const stalled = new ReadableStream<Uint8Array>({
      pull: () => new Promise(() => undefined),
      cancel() {
        cancelled = true;
      },
    });
    expect(await drainBody(stalled.getReader(), { maxMs: 50 })).toBe(false);
    expect(cancelled).toBe(true);
  });
});
