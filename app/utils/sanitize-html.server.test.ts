import { describe, expect, it } from "vitest";
import { sanitizePageHtml } from "./sanitize-html.server";

describe("sanitizePageHtml", () => {
  it("keeps the allowed structure and text", () => {
    const html =
      "<h2>Titre</h2><p>Un <strong>texte</strong> avec <em>style</em>.</p><ul><li>un</li></ul>";
    expect(sanitizePageHtml(html)).toBe(html);
  });

  it("removes scripts, styles, iframes and their content", () => {
    const out = sanitizePageHtml(
      "<p>ok</p><script>alert(1)</script><style>p{}</style><iframe src='https://x.test'></iframe>",
    );
    expect(out).toBe("<p>ok</p>");
  });

  it("drops event handlers, style and class attributes", () => {
    const out = sanitizePageHtml(
      '<p onclick="alert(1)" style="color:red" class="x" id="y">texte</p><img src="/a.jpg" onerror="alert(1)" alt="a">',
    );
    expect(out).not.toMatch(/onclick|onerror|style|class|id=/);
    expect(out).toContain("<p>texte</p>");
  });

  it("accepts http(s), mailto, tel and relative links and refuses other schemes", () => {
    const out = sanitizePageHtml(
      [
        '<a href="https://example.org">web</a>',
        '<a href="mailto:club@example.org">mail</a>',
        '<a href="tel:+33612345678">tel</a>',
        '<a href="/contact">contact</a>',
        '<a href="javascript:alert(1)">js</a>',
        '<a href="JaVaScRiPt:alert(1)">js2</a>',
        '<a href="data:text/html,hi">data</a>',
        '<a href="//evil.example/x">proto-relative</a>',
      ].join(""),
    );
    expect(out).toContain('href="https://example.org"');
    expect(out).toContain('href="mailto:club@example.org"');
    expect(out).toContain('href="tel:+33612345678"');
    expect(out).toContain('href="/contact"');
    expect(out.toLowerCase()).not.toContain("javascript:");
    expect(out).not.toContain("data:");
    expect(out).not.toContain("//evil.example");
  });

  it("accepts images only from http(s) or the site itself", () => {
    const out = sanitizePageHtml(
      [
        '<img src="https://example.org/a.jpg" alt="a">',
        '<img src="/uploads/b.webp" alt="b">',
        '<img src="data:image/png;base64,AAAA" alt="c">',
        '<img src="mailto:x@example.org" alt="d">',
      ].join(""),
    );
    expect(out).toContain('src="https://example.org/a.jpg"');
    expect(out).toContain('src="/uploads/b.webp"');
    expect(out).not.toContain("data:");
    expect(out).not.toContain("mailto:");
    expect(out.match(/<img/g)).toHaveLength(2);
    expect(out).toContain('loading="lazy"');
  });

  it("turns h1 into h2 and protects links opening a new tab", () => {
    const out = sanitizePageHtml(
      '<h1>Titre</h1><a href="https://example.org" target="_blank">x</a><a href="/a" target="top">y</a>',
    );
    expect(out).toContain("<h2>Titre</h2>");
    expect(out).toContain('target="_blank" rel="noopener noreferrer"');
    expect(out).toContain('<a href="/a">y</a>');
  });
});
