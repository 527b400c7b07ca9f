import type { AddressInfo } from "node:net";
import http, { type Server } from "node:http";
import express from "express";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  ADMIN_BODY_LIMIT,
  AUTH_BODY_LIMIT,
  errorHandler,
  PUBLIC_BODY_LIMIT,
  requestGuards,
} from "./request-guards";

// The guards and the error handler around a few routes, as server/index.ts mounts them.
let server: Server;
let port: number;
const reached: string[] = [];

beforeAll(async () => {
  process.env.NODE_ENV = "production";
  const app = express();
  app.use(requestGuards());
  app.use((req, res, next) => {
    res.locals.requestId = "abc123";
    next();
  });
  app.get("/boom", () => {
    throw new Error("secret détail /srv/club/app.js");
  });
  app.get("/bad-escape", (req) => {
    decodeURIComponent(String(req.query.q));
  });
  app.use("/uploads", express.static("/nonexistent-folder", { fallthrough: false }));
  app.all("/{*path}", (req, res) => {
    reached.push(`${req.method} ${req.path}`);
    res.send("ok");
  });
  app.use(errorHandler);
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => new Promise((resolve) => server.close(resolve)));

/** A raw request (fetch cannot send TRACE, a malformed path or a lying header). */
function send(
  method: string,
  path: string,
  headers: Record<string, string | number> = {},
  body?: string | Buffer,
): Promise<{ status: number; text: string; headers: http.IncomingHttpHeaders }> {
  const length =
    body === undefined || "transfer-encoding" in headers || "content-length" in headers
      ? {}
      : { "content-length": Buffer.byteLength(body) };
  return new Promise((resolve, reject) => {
    const options = { host: "127.0.0.1", port, method, path, headers: { ...length, ...headers } };
    const request = http.request(options, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, text, headers: res.headers }));
    });
    // The server may answer and close before the whole body is sent: the answer counts.
    request.on("error", reject);
    if (body !== undefined) request.write(body);
    request.end();
  });
}

const form = "application/x-www-form-urlencoded";

describe("request guards", () => {
  it("answers 405 with Allow to methods the site does not serve", async () => {
    for (const method of ["TRACE", "PROPFIND", "OPTIONS"]) {
      const answer = await send(method, "/");
      expect(answer.status).toBe(405);
      expect(answer.text).toBe("Méthode non autorisée.\n");
      expect(answer.headers.allow).toBe("GET, HEAD, POST, PUT, PATCH, DELETE");
    }
  });

  it("answers 400 to an address that does not decode", async () => {
    for (const path of ["/assets/%", "/%E0%A4%A", "/blog/%zz"]) {
      const answer = await send("GET", path);
      expect(answer.status).toBe(400);
      expect(answer.text).toBe("Adresse invalide.\n");
    }
  });

  it("answers 400 to an address holding an encoded control character, in its path or its query", async () => {
    for (const path of [
      "/essai/annuler/abc%00",
      "/adhesion/desabonnement/%0Aabc",
      "/admin/messages?q=a%1b",
      "/blog/a%C2%85b",
    ]) {
      const answer = await send("GET", path);
      expect(answer.status).toBe(400);
      expect(answer.text).toBe("Adresse invalide.\n");
    }
    // An accent, a space or a percent sign written out stay an address.
    expect((await send("GET", "/blog/caf%C3%A9%20%2520")).status).not.toBe(400);
  });

  it("refuses a body over its limit from its length alone, before reading it", async () => {
    const cases: [string, number][] = [
      ["/admin/login", AUTH_BODY_LIMIT],
      ["/admin/logout", AUTH_BODY_LIMIT],
      ["/admin/login.data", AUTH_BODY_LIMIT],
      ["/admin/content", ADMIN_BODY_LIMIT],
      ["/contact", PUBLIC_BODY_LIMIT],
    ];
    for (const [path, limit] of cases) {
      const over = await send("POST", path, { "content-type": form, "content-length": limit + 1 });
      expect(over.status, path).toBe(413);
      expect(over.text).toBe("Requête trop volumineuse.\n");
      const at = await send("POST", path, { "content-type": form }, "a".repeat(limit));
      expect(at.status, path).toBe(200);
    }
  });

  it("asks for a length when a body comes in chunks", async () => {
    const answer = await send(
      "POST",
      "/admin/login",
      { "content-type": form, "transfer-encoding": "chunked" },
      "username=a",
    );
    expect(answer.status).toBe(411);
  });

  it("answers 415 to a body that is not a form, and lets forms and empty posts through", async () => {
    for (const type of ["application/json", "text/plain", "multipart/form-data", ""]) {
      const answer = await send("POST", "/admin/login", { "content-type": type }, "{}");
      expect(answer.status, type).toBe(415);
    }
    reached.length = 0;
    await send("POST", "/admin/login", { "content-type": form }, "username=a");
    await send(
      "POST",
      "/admin/settings",
      { "content-type": "multipart/form-data; boundary=x" },
      "--x--",
    );
    await send("POST", "/admin/logout", { "content-length": 0 });
    expect(reached).toEqual(["POST /admin/login", "POST /admin/settings", "POST /admin/logout"]);
  });

  it("lets JSON through to HelloAsso's notification address only, under the public limit", async () => {
    reached.length = 0;
    const json = { "content-type": "application/json" };
    expect((await send("POST", "/api/helloasso/notification", json, "{}")).status).toBe(200);
    expect((await send("POST", "/contact", json, "{}")).status).toBe(415);
    const over = { ...json, "content-length": 64 * 1024 + 1 };
    expect((await send("POST", "/api/helloasso/notification", over)).status).toBe(413);
    expect(reached).toEqual(["POST /api/helloasso/notification"]);
  });

  it("leaves the upload routes' bodies to their own limits", async () => {
    reached.length = 0;
    const big = { "content-type": "multipart/form-data; boundary=x", "content-length": 0 };
    await send("POST", "/admin/upload", big);
    await send("POST", "/admin/media", big);
    expect(reached).toEqual(["POST /admin/upload", "POST /admin/media"]);
  });
});

describe("error handler", () => {
  it("answers a missing upload 404 without its path on disk", async () => {
    const answer = await send("GET", "/uploads/x.webp");
    expect(answer.status).toBe(404);
    expect(answer.text).toBe("Fichier introuvable.\n");
  });

  it("answers 500 with the correlation id and logs one line with the detail", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      const answer = await send("GET", "/boom");
      expect(answer.status).toBe(500);
      expect(answer.text).toContain("Référence : abc123.");
      expect(answer.text).not.toMatch(/secret|\/srv|at /);
      expect(log).toHaveBeenCalledTimes(1);
      const line = String(log.mock.calls[0]?.[0]);
      expect(line).toMatch(/^Erreur abc123 GET \/boom : Error: secret détail/);
      expect(line).not.toContain("\n");
    } finally {
      log.mockRestore();
    }
  });

  it("turns a URIError anywhere into a 400", async () => {
    const answer = await send("GET", "/bad-escape?q=%25E0%25A4");
    expect(answer.status).toBe(400);
    expect(answer.text).toBe("Requête invalide.\n");
  });
});
