import { describe, expect, it } from "vitest";
import { absoluteUrl, isHttpUrl, isSafeUrl, isSafeUrlOrEmpty, isSitePath, isWebUrl } from "./url";

describe("isHttpUrl", () => {
  it("accepts http(s) URLs with a host, any case", () => {
    for (const url of [
      "https://example.org",
      "http://example.org/a.jpg",
      "HTTPS://www.facebook.com/club?x=1#top",
      "https://www.google.com/maps/search/?api=1&query=Meyzieu%2069330",
      "http://localhost:5173/uploads/a.webp",
    ]) {
      expect(isHttpUrl(url), url).toBe(true);
    }
  });

  it("refuses other schemes, no host, spaces and backslashes", () => {
    for (const url of [
      "",
      "https://",
      "http:example.org",
      "//example.org",
      "javascript:alert(1)",
      "JAVASCRIPT://%0aalert(1)",
      "ftp://example.org",
      "data:image/png;base64,AAAA",
      "mailto:a@b.fr",
      "https://exa mple.org",
      "https://example.org/a b.jpg",
      "https://example.org\\@evil.example",
      " https://example.org",
      "https://[::1",
    ]) {
      expect(isHttpUrl(url), url).toBe(false);
    }
  });
});

describe("isSitePath / isSafeUrl", () => {
  it("accepts a path of the site, never one that leaves it", () => {
    expect(isSitePath("/contact#essai")).toBe(true);
    expect(isSitePath("/uploads/a.jpg")).toBe(true);
    expect(isSitePath("//evil.example")).toBe(false);
    expect(isSitePath("/\\evil.example")).toBe(false);
    expect(isSitePath("/a b")).toBe(false);
    expect(isSitePath("contact")).toBe(false);
  });

  it("is a site path or an http(s) URL", () => {
    expect(isSafeUrl("/tarifs")).toBe(true);
    expect(isSafeUrl("https://example.org/a.jpg")).toBe(true);
    expect(isSafeUrl("")).toBe(false);
    expect(isSafeUrl("tel:0612345678")).toBe(false);
    expect(isSafeUrl("//example.org/a.jpg")).toBe(false);
  });
});

describe("isWebUrl", () => {
  it("reads a stored link with spaces around it", () => {
    expect(isWebUrl("  https://instagram.com/club ")).toBe(true);
    expect(isWebUrl("javascript:alert(1)")).toBe(false);
    expect(isWebUrl("/contact")).toBe(false);
  });
});

describe("absoluteUrl", () => {
  it("keeps an absolute URL and puts a path on the origin", () => {
    expect(absoluteUrl("https://club.fr", "https://cdn.example/a.jpg")).toBe(
      "https://cdn.example/a.jpg",
    );
    expect(absoluteUrl("https://club.fr", "HTTP://cdn.example/a.jpg")).toBe(
      "HTTP://cdn.example/a.jpg",
    );
    expect(absoluteUrl("https://club.fr", "/uploads/a.jpg")).toBe("https://club.fr/uploads/a.jpg");
    expect(absoluteUrl("https://club.fr", "uploads/a.jpg")).toBe("https://club.fr/uploads/a.jpg");
  });
});

// Gathered from the tests of the seven rules this one replaces (post content, content
// blocks, the schedule's images): each of their cases still holds.
describe("the cases of the former rules", () => {
  it("accepts site paths and http(s) URLs only", () => {
    for (const url of [
      "https://example.org/a.jpg",
      "http://example.org/a.jpg",
      "/uploads/a.jpg",
      "/uploads/x.jpg",
      "https://example.org/x.jpg",
      "/contact#essai",
      "https://www.facebook.com/club",
    ]) {
      expect(isSafeUrl(url), url).toBe(true);
    }
    for (const url of [
      "//example.org/a.jpg",
      "/\\example.org",
      "JAVASCRIPT:alert(1)",
      "ftp://example.org",
      "//evil.example/x.jpg",
      "data:image/png;base64,AAAA",
      "//evil.example",
      "/\\evil",
      "mailto:a@b.fr",
      "https://",
    ]) {
      expect(isSafeUrl(url), url).toBe(false);
    }
  });

  it("lets an optional address be empty", () => {
    expect(isSafeUrlOrEmpty("")).toBe(true);
    expect(isSafeUrlOrEmpty("  ")).toBe(true);
    expect(isSafeUrlOrEmpty(" /contact ")).toBe(true);
    expect(isSafeUrlOrEmpty("//evil.example")).toBe(false);
  });
});
