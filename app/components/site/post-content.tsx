import { isSafeUrl } from "~/core/url";
import type { VariantMap } from "~/storage/variants.server";
import { LightboxGroup, ZoomableImage } from "./lightbox";

export type ContentBlock =
  { type: "paragraph"; text: string } | { type: "image"; src: string; alt: string };

const IMAGE_LINE = /^!\[([^\]]*)\]\((.*)\)$/;

/**
 * An article's content, line by line (spec §3): a line in markdown image syntax is an
 * image, any other non-empty line a paragraph. Never HTML: text stays text.
 * An image line with a URL we do not accept is dropped.
 */
export function parsePostContent(content: string): ContentBlock[] {
  const blocks: ContentBlock[] = [];
  for (const raw of content.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line) continue;
    const image = IMAGE_LINE.exec(line);
    if (image) {
      const [, alt = "", target = ""] = image;
      // The URL is the target's first word; a quoted title may follow it.
      const src = (target.trim().split(/\s+/)[0] ?? "").replace(/^<(.*)>$/, "$1");
      if (isSafeUrl(src)) blocks.push({ type: "image", src, alt: alt.trim() });
      continue;
    }
    blocks.push({ type: "paragraph", text: line });
  }
  return blocks;
}

/** The article body: paragraphs, and images that enlarge in an accessible lightbox. */
export function PostContent({
  blocks,
  variants,
}: {
  blocks: ContentBlock[];
  variants: VariantMap;
}) {
  return (
    <LightboxGroup>
      <div className="space-y-5 text-lg leading-relaxed text-gray-800">
        {blocks.map((block, i) =>
          block.type === "paragraph" ? (
            <p key={i}>{block.text}</p>
          ) : (
            <figure key={i} className="my-8">
              <ZoomableImage
                image={{ src: block.src, alt: block.alt, variants: variants[block.src] }}
                sizes="(min-width: 768px) 720px, 100vw"
              />
              {block.alt && (
                <figcaption className="mt-2 text-center text-sm text-gray-600">
                  {block.alt}
                </figcaption>
              )}
            </figure>
          ),
        )}
      </div>
    </LightboxGroup>
  );
}
