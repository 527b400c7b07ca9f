import express, { type RequestHandler } from "express";
import { UPLOAD_CACHE_SECONDS } from "~/domains/content/defaults";
import { checkKey, getFileStore, type ByteRange } from "~/storage/file-store.server";
import { uploadsRoot } from "~/storage/paths.server";
import { getEnv } from "~/core/env.server";

/*
 * GET /uploads/<bucket>/<path> (docs/decisions/020-file-storage.md):
 * - disk store: express.static over DATA_DIR/uploads, as always;
 * - S3 store: the object streamed through the site with the same caching (the names never
 *   change content), its ETag answered with 304, one byte range for videos;
 * - S3 with S3_PUBLIC_URL: a redirect to the object's public address.
 * A missing file goes to the error handler as a 404 ("Fichier introuvable.").
 */

const CACHE_CONTROL = `public, max-age=${UPLOAD_CACHE_SECONDS}`;

export function uploadsHandler(): RequestHandler {
  if (!getEnv().s3) {
    return express.static(uploadsRoot(), {
      maxAge: UPLOAD_CACHE_SECONDS * 1000,
      index: false,
      dotfiles: "deny",
      fallthrough: false,
      setHeaders: (res) => res.setHeader("X-Content-Type-Options", "nosniff"),
    });
  }
  return async (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.setHeader("Allow", "GET, HEAD");
      return next(httpError(405));
    }
    let key: string;
    try {
      key = checkKey(decodeURIComponent(req.path.slice(1)));
    } catch {
      return next(httpError(404));
    }
    try {
      const store = await getFileStore();
      const publicUrl = store.publicUrl(key);
      if (publicUrl) {
        res.setHeader("Cache-Control", CACHE_CONTROL);
        return res.redirect(302, publicUrl);
      }
      const range = parseRange(req.headers.range);
      const file = await store.get(key, range ? { range } : undefined);
      if (!file) return next(httpError(404));
      res.setHeader("Cache-Control", CACHE_CONTROL);
      res.setHeader("ETag", file.etag);
      res.setHeader("Last-Modified", new Date(file.modifiedMs).toUTCString());
      res.setHeader("X-Content-Type-Options", "nosniff");
      res.setHeader("Accept-Ranges", "bytes");
      if (req.headers["if-none-match"] === file.etag) {
        file.stream.destroy();
        return res.status(304).end();
      }
      res.setHeader("Content-Type", file.contentType);
      res.setHeader("Content-Length", String(file.size));
      if (file.contentRange) {
        res.status(206);
        res.setHeader("Content-Range", file.contentRange);
      }
      if (req.method === "HEAD") {
        file.stream.destroy();
        return res.end();
      }
      file.stream.on("error", (error) => res.destroy(error));
      file.stream.pipe(res);
    } catch (error) {
      next(error);
    }
  };
}

/** One "bytes=start-[end]" range; anything else (suffix, several) is answered whole. */
function parseRange(header: string | undefined): ByteRange | null {
  const match = /^bytes=(\d+)-(\d*)$/.exec(header?.trim() ?? "");
  if (!match) return null;
  const start = Number(match[1]);
  const end = match[2] ? Number(match[2]) : undefined;
  return end === undefined || end >= start ? { start, end } : null;
}

function httpError(status: number): Error {
  return Object.assign(new Error(status === 404 ? "Not Found" : "Method Not Allowed"), {
    status,
  });
}
