// The build's hashed files (/assets/…): a file's name changes with its bytes, so browsers
// keep it a year without asking again. scripts/precompress.js wrote a .br and a .gz beside
// each text file at build time; the smallest one the browser accepts is sent as is.
import fs from "node:fs";
import path from "node:path";
import express, { type RequestHandler } from "express";

const TYPES = new Map([
  [".js", "text/javascript; charset=utf-8"],
  [".css", "text/css; charset=utf-8"],
  [".svg", "image/svg+xml"],
  [".json", "application/json; charset=utf-8"],
  [".txt", "text/plain; charset=utf-8"],
  [".woff", "font/woff"],
]);

/** `dir`: BUILD_DIR/client/assets. */
export function assetsMiddleware(dir: string): RequestHandler {
  // Read once: a build's assets never change while it is served.
  const files = new Set(fs.existsSync(dir) ? fs.readdirSync(dir) : []);
  const fallback = express.static(dir, {
    immutable: true,
    maxAge: "1y",
    index: false,
  });
  return (req, res, next) => {
    const name = decodeURIComponent(req.path.slice(1));
    const type = TYPES.get(path.extname(name));
    if ((req.method === "GET" || req.method === "HEAD") && type && files.has(name)) {
      const accepted = String(req.headers["accept-encoding"] ?? "");
      const encoding =
        /\bbr\b/.test(accepted) && files.has(`${name}.br`)
          ? "br"
          : /\bgzip\b/.test(accepted) && files.has(`${name}.gz`)
            ? "gzip"
            : null;
      res.setHeader("Vary", "Accept-Encoding");
      if (encoding) {
        res.setHeader("Content-Type", type);
        res.setHeader("Content-Encoding", encoding);
        res.sendFile(
          `${name}.${encoding === "br" ? "br" : "gz"}`,
          { root: dir, immutable: true, maxAge: "1y", dotfiles: "deny" },
          (error) => error && next(error),
        );
        return;
      }
    }
    fallback(req, res, next);
  };
}
