import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clientIp, contentSecurityPolicy, formTargets, securityMiddleware } from "./security";

// A minimal app with the middleware in front, as server/index.ts mounts it.
let server: Server;
let base: string;
const reached: string[] = [];
const hosts: string[] = [];

beforeAll(async () => {
  const app = express();
  app.disable("x-powered-by");
  // As behind TLS with TRUST_PROXY=1: Express would then read X-Forwarded-Host.
  app.set("trust proxy", 1);
  app.use(securityMiddleware({ publicUrl: "https://www.club.example" }));
  app.use(express.urlencoded({ extended: false }));
  app.all("/{*path}", (req, res) => {
    reached.push(`${req.method} ${req.path}`);
    hosts.push(req.host);
    res.send(`nonce=${res.locals.cspNonce}`);
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise((resolve) => server.close(resolve)));

function post(path: string, headers: Record<string, string>) {
  return fetch(`${base}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
    body: "a=1",
    redirect: "manual",
  });
}

describe("security headers", () => {
  it("sets the security headers on every response, with a new nonce each time", async () => {
    const first = await fetch(`${base}/`);
    const second = await fetch(`${base}/disciplines`);
    for (const response of [first, second]) {
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      expect(response.headers.get("permissions-policy")).toBe(
        "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()",
      );
      expect(response.headers.get("x-frame-options")).toBe("DENY");
      expect(response.headers.get("x-powered-by")).toBeNull();
      expect(response.headers.get("strict-transport-security")).toBeNull();
      expect(response.headers.get("content-security-policy-report-only")).toBeNull();
    }
    const nonceOf = (response: Response) =>
      response.headers.get("content-security-policy")?.match(/'nonce-([^']+)'/)?.[1];
    const firstNonce = nonceOf(first);
    expect(firstNonce).toMatch(/^[A-Za-z0-9+/]{40}$/);
    expect(nonceOf(second)).not.toBe(firstNonce);
    // The nonce handed to the app (res.locals) is the header's.
    expect(await first.text()).toBe(`nonce=${firstNonce}`);
  });

  it("enforces the content security policy word for word", async () => {
    const response = await fetch(`${base}/`);
    expect(response.headers.get("content-security-policy")).toBe(
      contentSecurityPolicy(
        response.headers.get("content-security-policy")!.match(/'nonce-([^']+)'/)![1]!,
      ),
    );
    expect(contentSecurityPolicy("abc")).toBe(
      "default-src 'self'; script-src 'self' 'nonce-abc' 'strict-dynamic'; " +
        "style-src 'self' 'unsafe-inline'; img-src 'self' https:; font-src 'self'; " +
        "media-src 'self' blob:; connect-src 'self'; " +
        "frame-src https://www.google.com https://maps.google.com; frame-ancestors 'none'; " +
        `base-uri 'self'; form-action ${formTargets()}; object-src 'none'`,
    );
    // Forms lead to the site, and to HelloAsso's payment pages (a card payment's redirect).
    expect(formTargets("")).toBe("'self' https://*.helloasso.com https://*.helloasso-sandbox.com");
    expect(formTargets("http://127.0.0.1:3219/")).toBe(
      "'self' https://*.helloasso.com https://*.helloasso-sandbox.com http://127.0.0.1:3219",
    );
    expect(contentSecurityPolicy("abc", true)).toContain("connect-src 'self' ws:");
  });

  it("takes images from the site and any https origin only", () => {
    const directives = contentSecurityPolicy("abc").split("; ");
    // The editors accept an outside https image URL (disciplines, formats, articles).
    expect(directives.filter((d) => d.startsWith("img-src"))).toEqual(["img-src 'self' https:"]);
    // No http:, data: or blob: images (above), and a bare https: nowhere else.
    expect(directives.filter((d) => /\bhttps:(?!\/\/)/.test(d))).toEqual(["img-src 'self' https:"]);
  });

  it("adds HSTS only over HTTPS", async () => {
    const response = await fetch(`${base}/`, { headers: { "X-Forwarded-Proto": "https" } });
    expect(response.headers.get("strict-transport-security")).toBe(
      "max-age=31536000; includeSubDomains",
    );
  });

  it("marks back-office answers no-store", async () => {
    const response = await fetch(`${base}/admin/dashboard`);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect((await fetch(`${base}/`)).headers.get("cache-control")).toBeNull();
  });
});

describe("cross-origin writes", () => {
  it("refuses a POST from another origin with 403 before any handler", async () => {
    reached.length = 0;
    const response = await post("/admin/login", { Origin: "https://evil.example" });
    expect(response.status).toBe(403);
    expect(response.headers.get("content-security-policy")).toContain("default-src 'self'");
    expect(reached).toEqual([]);
  });

  it("refuses a POST the browser marks Sec-Fetch-Site: cross-site", async () => {
    reached.length = 0;
    const response = await post("/admin/logout", { "Sec-Fetch-Site": "cross-site" });
    expect(response.status).toBe(403);
    expect(reached).toEqual([]);
  });

  it("refuses an Origin that differs only by protocol or port, and the opaque 'null'", async () => {
    const host = new URL(base).host;
    for (const origin of [`https://${host}`, "http://127.0.0.1:1", "null"]) {
      expect((await post("/admin/login", { Origin: origin })).status, origin).toBe(403);
    }
  });

  it("lets same-origin and origin-less POSTs through, and any GET", async () => {
    reached.length = 0;
    expect(
      (await post("/admin/login", { Origin: base, "Sec-Fetch-Site": "same-origin" })).status,
    ).toBe(200);
    expect((await post("/admin/login", {})).status).toBe(200);
    expect(
      (
        await fetch(`${base}/`, {
          headers: { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
        })
      ).status,
    ).toBe(200);
    expect(reached).toEqual(["POST /admin/login", "POST /admin/login", "GET /"]);
  });

  it("accepts PUBLIC_URL's origin, and the Host with https behind a TLS proxy", async () => {
    const publicOrigin = await post("/admin/login", { Origin: "https://www.club.example" });
    expect(publicOrigin.status).toBe(200);
    const host = new URL(base).host;
    const proxied = await post("/admin/login", {
      Origin: `https://${host}`,
      "X-Forwarded-Proto": "https",
    });
    expect(proxied.status).toBe(200);
  });
});

describe("the request's host", () => {
  it("never comes from X-Forwarded-Host, even behind a trusted proxy", async () => {
    hosts.length = 0;
    await fetch(`${base}/`, { headers: { "X-Forwarded-Host": "evil.example" } });
    expect(hosts).toEqual([new URL(base).host]);
  });
});

describe("client IP", () => {
  const request = (remoteAddress: string, forwardedFor?: string) =>
    ({
      socket: { remoteAddress },
      get: (name: string) => (name.toLowerCase() === "x-forwarded-for" ? forwardedFor : undefined),
    }) as unknown as express.Request;

  it("is the socket's address, X-Forwarded-For being ignored by default", () => {
    expect(clientIp(request("::ffff:192.0.2.1", "198.51.100.7"))).toBe("192.0.2.1");
  });

  it("is the entry our proxy added to X-Forwarded-For when TRUST_PROXY=1", () => {
    expect(clientIp(request("10.0.0.2", "6.6.6.6, 198.51.100.7"), { trustProxy: true })).toBe(
      "198.51.100.7",
    );
    expect(clientIp(request("10.0.0.2"), { trustProxy: true })).toBe("10.0.0.2");
  });
});
