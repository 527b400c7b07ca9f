import http from "node:http";
import { expect, test } from "@playwright/test";
import { createSessionRow, deleteSessionRow, SESSION_COOKIE } from "./fixtures";

/*
 * Bad requests to /admin/upload get an answer with a status and a French message, never a
 * dropped connection. Raw HTTP, since a browser cannot send a truncated
 * or boundary-less multipart body.
 */

const BOUNDARY = "----club-e2e-boundary";

function part(name: string, value: string): string {
  return `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
}

function fileHead(name = "photo.png", type = "image/png"): string {
  return (
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n` +
    `Content-Type: ${type}\r\n\r\n`
  );
}

/** A whole multipart body: a file of `size` bytes. */
function multipart(size = 200_000, closed = true): Buffer {
  return Buffer.concat([
    Buffer.from(fileHead()),
    Buffer.alloc(size, 7),
    Buffer.from(closed ? `\r\n--${BOUNDARY}--\r\n` : ""),
  ]);
}

interface Answer {
  status: number;
  body: string;
}

/**
 * Sends the body to the destination in one go and waits for the answer; rejects when the
 * socket is dropped.
 */
function send(
  port: number,
  cookie: string,
  destination: Record<string, string>,
  body: Buffer,
  contentType: string | null = `multipart/form-data; boundary=${BOUNDARY}`,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: "127.0.0.1",
        port,
        path: `/admin/upload?${new URLSearchParams(destination)}`,
        method: "POST",
        headers: {
          Cookie: cookie,
          "Content-Length": String(body.length),
          ...(contentType ? { "Content-Type": contentType } : {}),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString() }),
        );
        response.on("error", reject);
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

const TARGET = { kind: "image", bucket: "site-images", subpath: "blog" };
const INVALID_TARGET = "Destination de l'upload invalide";

test.describe("/admin/upload answers every bad request", () => {
  let sessionId = "";
  let cookie = "";
  // playwright.config.ts sets it, in every worker too.
  const port = Number(process.env.E2E_PORT);
  test.beforeAll(() => {
    sessionId = createSessionRow();
    cookie = `${SESSION_COOKIE}=${sessionId}`;
  });
  test.afterAll(() => deleteSessionRow(sessionId));

  for (const [what, destination] of [
    ["an unknown kind", { ...TARGET, kind: "exe" }],
    ["an unknown bucket", { ...TARGET, bucket: "constructor" }],
    ["an unknown subpath", { ...TARGET, subpath: "../../etc" }],
    ["a missing target", {}],
  ] as const) {
    test(`${what}: 400 with the French message, after a 3 Mo file`, async () => {
      const answer = await send(port, cookie, destination, multipart(3 * 1024 * 1024));
      expect(answer.status).toBe(400);
      expect(JSON.parse(answer.body)).toEqual({ error: INVALID_TARGET });
    });
  }

  test("a body cut in the middle of the file: 400 with a French message", async () => {
    const answer = await send(port, cookie, TARGET, multipart(300_000, false));
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toEqual({
      error: "Le formulaire envoyé est incomplet : envoyez le fichier à nouveau.",
    });
  });

  test("a body cut before the file: 400 with a French message", async () => {
    const body = Buffer.from(part("note", "avant le fichier") + `--${BOUNDARY}\r\nContent-Disp`);
    const answer = await send(port, cookie, TARGET, body);
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body).error).toMatch(/^[A-ZÉ].* /);
  });

  const WRONG_TYPE = "Envoyez le fichier dans un formulaire multipart/form-data.";
  for (const [what, type] of [
    ["multipart without boundary", "multipart/form-data"],
    ["JSON", "application/json"],
    ["plain text", "text/plain"],
    ["no content type", null],
  ] as const) {
    test(`${what}: 415 with a French message`, async () => {
      const answer = await send(port, cookie, TARGET, multipart(1000), type);
      expect(answer.status).toBe(415);
      expect(JSON.parse(answer.body)).toEqual({ error: WRONG_TYPE });
    });
  }

  test("the server still serves after all of them", async () => {
    const answer = await send(port, cookie, { ...TARGET, bucket: "x" }, multipart(10));
    expect(answer.status).toBe(400);
  });
});
