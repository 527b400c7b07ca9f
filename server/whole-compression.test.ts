import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import { writeReadableStreamToWritable } from "@react-router/node";
import compression from "compression";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { wholeCompression } from "./whole-compression";

/** A page as React Router writes it: many small chunks, each followed by res.flush(). */
const ROW = '<li class="flex flex-col gap-2 rounded-md border px-3 py-2 text-sm">Article n°';
const chunks = Array.from({ length: 400 }, (_, i) => `${ROW}${i}</li>`);

function app(withFix: boolean) {
  const server = express();
  server.use(compression());
  if (withFix) server.use(wholeCompression);
  server.get("/", async (_req, res) => {
    res.setHeader("Content-Type", "text/html");
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
        controller.close();
      },
    });
    await writeReadableStreamToWritable(stream, res);
  });
  return http.createServer(server);
}

/** The bytes sent for a gzip request (node:http: fetch would decompress them), and the page. */
function gzippedSize(server: http.Server): Promise<{ sent: number; body: string }> {
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    http
      .get(
        { host: "127.0.0.1", port, path: "/", headers: { "Accept-Encoding": "gzip" } },
        (res) => {
          const parts: Buffer[] = [];
          res.on("data", (part: Buffer) => parts.push(part));
          res.on("end", () => {
            const raw = Buffer.concat(parts);
            resolve({ sent: raw.length, body: zlib.gunzipSync(raw).toString() });
          });
        },
      )
      .on("error", reject);
  });
}

describe("wholeCompression", () => {
  const servers = { with: app(true), without: app(false) };
  beforeAll(async () => {
    for (const server of Object.values(servers)) {
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    }
  });
  afterAll(() => Object.values(servers).forEach((server) => server.close()));

  it("gzips a page written in flushed chunks as well as the whole body", async () => {
    const whole = zlib.gzipSync(chunks.join("")).length;
    const fixed = await gzippedSize(servers.with);
    const flushed = await gzippedSize(servers.without);
    expect(fixed.body).toBe(chunks.join(""));
    expect(fixed.sent).toBeLessThan(whole * 1.2);
    // What it mends: a block ended at each chunk.
    expect(flushed.sent).toBeGreaterThan(whole * 2);
  });
});
