import fs from "node:fs";
import type { AddressInfo } from "node:net";
import path from "node:path";
import express from "express";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { action as uploadAction } from "./content/upload";
import { rereadEnv } from "~/core/env.server";
import { uploadsHandler } from "../../../server/uploads";
import { callRoute, createUser, ORIGIN, signIn } from "../../../tests/auth";
import { startTestS3, TEST_S3_BUCKET, type TestS3 } from "../../../tests/s3-server";
import { getFileStore } from "~/storage/file-store.server";
import {
  ORPHAN_UPLOAD_MIN_AGE_MS,
  sweepOrphanUploads,
} from "~/domains/content/upload-removal.server";

/*
 * The app with S3_BUCKET set, against a real s3rver on loopback: an upload through the
 * real /admin/upload action lands in the bucket (not on the disk), the site serves it
 * with the immutable caching, and the sweep removes an unused object with its variants.
 */

let s3: TestS3;
let cookie: string;
let png: Buffer;
let site: { origin: string; close: () => Promise<void> };

beforeAll(async () => {
  s3 = await startTestS3();
  Object.assign(process.env, s3.env);
  rereadEnv();
  ({ cookie } = await signIn(await createUser("s3-uploader", "mot-de-passe")));
  png = await sharp({
    create: { width: 1000, height: 600, channels: 3, background: { r: 200, g: 40, b: 40 } },
  })
    .png()
    .toBuffer();
  const app = express();
  app.use("/uploads", uploadsHandler());
  const server = app.listen(0, "127.0.0.1");
  await new Promise((listening) => server.once("listening", listening));
  site = {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((closed) => server.close(() => closed(undefined))),
  };
});

afterAll(async () => {
  await site?.close();
  for (const name of Object.keys(s3?.env ?? {})) delete process.env[name];
  rereadEnv();
  await s3?.stop();
});

async function upload(name: string, subpath = "") {
  const body = new FormData();
  body.append("file", new File([new Uint8Array(png)], name, { type: "image/png" }));
  const destination = new URLSearchParams({ kind: "image", bucket: "site-images", subpath });
  const answer = await callRoute(
    uploadAction,
    new Request(`${ORIGIN}/admin/upload?${destination}`, {
      method: "POST",
      body,
      headers: { Cookie: cookie },
    }),
  );
  expect(answer.status).toBe(201);
  return JSON.parse(String(answer.data)) as { url: string; variants: { url: string }[] };
}

/** The bucket's objects as s3rver keeps them, listed through the S3 API. */
async function objectsInBucket(): Promise<string[]> {
  const store = await getFileStore();
  expect(store.kind).toBe("s3");
  return (await store.list("")).map((entry) => `/uploads/${entry.key}`);
}

const diskUploads = () => path.join(process.env.DATA_DIR!, "uploads");

describe("uploads on S3-compatible storage", () => {
  it("stores an upload and its variants in the bucket, not on the disk, and the site serves them", async () => {
    const uploaded = await upload("Ring rouge.png", "blog");
    expect(uploaded.url).toMatch(/^\/uploads\/site-images\/blog\/\d+-Ring_rouge\.png$/);
    const objects = await objectsInBucket();
    expect(objects).toContain(uploaded.url);
    for (const variant of uploaded.variants) expect(objects).toContain(variant.url);
    // s3rver's own folder holds the bucket: the object really is there.
    expect(fs.existsSync(path.join(s3.directory, TEST_S3_BUCKET))).toBe(true);
    const onDisk = fs.existsSync(diskUploads())
      ? (fs.readdirSync(diskUploads(), { recursive: true }) as string[]).filter((entry) =>
          /\.(png|webp|avif)$/.test(entry),
        )
      : [];
    expect(onDisk).toEqual([]);

    const answer = await fetch(site.origin + uploaded.url);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("image/png");
    expect(answer.headers.get("cache-control")).toBe("public, max-age=3600");
    const etag = answer.headers.get("etag");
    expect(etag).toMatch(/^"[^"]+"$/);
    const served = Buffer.from(await answer.arrayBuffer());
    expect((await sharp(served).metadata()).width).toBe(1000);

    const again = await fetch(site.origin + uploaded.url, { headers: { "If-None-Match": etag! } });
    expect(again.status).toBe(304);
    const part = await fetch(site.origin + uploaded.url, { headers: { Range: "bytes=0-7" } });
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer())).toEqual(served.subarray(0, 8));
    const webp = uploaded.variants.find((variant) => variant.url.endsWith(".webp"))!;
    expect((await fetch(site.origin + webp.url)).headers.get("content-type")).toBe("image/webp");

    const missing = await fetch(`${site.origin}/uploads/site-images/absent.webp`);
    expect(missing.status).toBe(404);
    const escaping = await fetch(`${site.origin}/uploads/site-images/%2e%2e/secret.png`);
    expect(escaping.status).toBe(404);
  });

  it("sweeps an unused object with its variants and keeps a used one", async () => {
    const unused = await upload("oubliee.png");
    const used = await upload("utilisee.png");
    const stamp = new Date().toISOString();
    await getDb()
      .insertInto("media_items")
      .values({ title: "Gardée", url: used.url, created_at: stamp, updated_at: stamp })
      .execute();
    const later = Date.now() + ORPHAN_UPLOAD_MIN_AGE_MS + 60_000;
    const removed = await sweepOrphanUploads({ now: later });
    expect(removed).toContain(unused.url);
    expect(removed).not.toContain(used.url);
    const objects = await objectsInBucket();
    expect(objects).not.toContain(unused.url);
    for (const variant of unused.variants) expect(objects).not.toContain(variant.url);
    expect(objects).toContain(used.url);
    for (const variant of used.variants) expect(objects).toContain(variant.url);
    expect((await fetch(site.origin + unused.url)).status).toBe(404);
  });

  it("with S3_PUBLIC_URL, sends browsers to the bucket's public address", async () => {
    const uploaded = await upload("publique.png");
    process.env.S3_PUBLIC_URL = "https://fichiers.example/club";
    rereadEnv();
    const app = express();
    app.use("/uploads", uploadsHandler());
    const server = app.listen(0, "127.0.0.1");
    try {
      await new Promise((listening) => server.once("listening", listening));
      const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const answer = await fetch(origin + uploaded.url, { redirect: "manual" });
      expect(answer.status).toBe(302);
      expect(answer.headers.get("location")).toBe(`https://fichiers.example/club${uploaded.url}`);
    } finally {
      server.close();
      delete process.env.S3_PUBLIC_URL;
      rereadEnv();
    }
  });
});
