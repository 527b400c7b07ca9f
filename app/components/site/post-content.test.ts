import { describe, expect, it } from "vitest";
import { parsePostContent } from "./post-content";

describe("parsePostContent", () => {
  it("turns image lines into images and other non-empty lines into paragraphs", () => {
    const content = [
      "Premier paragraphe.",
      "",
      "![Remise des médailles](/uploads/site-images/podium.jpg)",
      "   ",
      "Second paragraphe avec ![une image](/x.jpg) au milieu.",
      '![](https://example.org/photo.webp "titre")',
    ].join("\r\n");
    expect(parsePostContent(content)).toEqual([
      { type: "paragraph", text: "Premier paragraphe." },
      { type: "image", src: "/uploads/site-images/podium.jpg", alt: "Remise des médailles" },
      { type: "paragraph", text: "Second paragraphe avec ![une image](/x.jpg) au milieu." },
      { type: "image", src: "https://example.org/photo.webp", alt: "" },
    ]);
  });

  it("keeps HTML as text", () => {
    expect(parsePostContent("<script>alert(1)</script>")).toEqual([
      { type: "paragraph", text: "<script>alert(1)</script>" },
    ]);
  });

  it("drops image lines whose URL is not http(s) or on the site", () => {
    const content = [
      "![a](javascript:alert(1))",
      "![b](data:image/png;base64,AAAA)",
      "![c](//evil.example/x.jpg)",
      "![d](photo.jpg)",
    ].join("\n");
    expect(parsePostContent(content)).toEqual([]);
  });
});
