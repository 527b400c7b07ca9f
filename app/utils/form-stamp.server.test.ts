import { describe, expect, it } from "vitest";
import { NONCE_CHARS } from "../../server/security";
import { readFormStamp, signFormStamp, stampingNonces } from "./form-stamp.server";

const SECRET = "secret-de-test";
const NOW = Date.parse("2026-11-23T10:00:00Z");

describe("the signed form stamp", () => {
  it("reads back the time it was signed with", () => {
    expect(readFormStamp(SECRET, signFormStamp(SECRET, NOW), NOW + 5000)).toBe(NOW);
  });

  it("rounds the time up to the second: a fill time is never overestimated", () => {
    expect(readFormStamp(SECRET, signFormStamp(SECRET, NOW - 2500), NOW)).toBe(NOW - 2000);
  });

  it("is a CSP nonce: base64 of the page cache's nonce length, never twice the same", () => {
    const nonces = stampingNonces(SECRET);
    // More than the random pool holds, all within one second (one signature).
    const stamps = Array.from({ length: 600 }, (_, i) => nonces(NOW - 999 + (i % 999)));
    for (const stamp of stamps) expect(readFormStamp(SECRET, stamp, NOW)).toBe(NOW);
    for (const stamp of stamps) expect(stamp).toMatch(/^[A-Za-z0-9+/]+$/);
    expect(new Set(stamps.map((stamp) => stamp.length))).toEqual(new Set([NONCE_CHARS]));
    expect(new Set(stamps).size).toBe(stamps.length);
  });

  it("refuses a stamp signed with another key, altered, missing or from the future", () => {
    expect(readFormStamp(SECRET, signFormStamp("autre", NOW), NOW)).toBeNull();
    // The same signature on an earlier time (a script wanting to look patient).
    const bytes = Buffer.from(signFormStamp(SECRET, NOW), "base64");
    bytes.writeUIntBE(NOW - 60_000, 0, 6);
    expect(readFormStamp(SECRET, bytes.toString("base64"), NOW)).toBeNull();
    expect(readFormStamp(SECRET, "", NOW)).toBeNull();
    expect(readFormStamp(SECRET, "x".repeat(NONCE_CHARS), NOW)).toBeNull();
    expect(readFormStamp(SECRET, signFormStamp(SECRET, NOW + 3_600_000), NOW)).toBeNull();
  });
});
