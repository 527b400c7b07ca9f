import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { keyOf } from "./cache-rules";

// No page is built from the Host (app/domains/content/site-address.server.ts): a forged one gets
// the page everyone gets, and adds no entry of its own to the cache.
describe("keyOf", () => {
  it("is the same page whatever Host or X-Forwarded-Host asked", () => {
    const request = (headers: Record<string, string>) =>
      ({ headers, socket: {} }) as unknown as IncomingMessage;
    const club = keyOf(request({ host: "club.example" }), "/contact");
    expect(keyOf(request({ host: "evil.example" }), "/contact")).toBe(club);
    expect(
      keyOf(request({ host: "club.example", "x-forwarded-host": "evil.example" }), "/contact"),
    ).toBe(club);
    expect(keyOf(request({ host: "club.example" }), "/blog")).not.toBe(club);
  });
});
