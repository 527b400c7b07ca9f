import { parsePostContent } from "~/components/site/post-content";
import { excerpt } from "~/domains/content/excerpt";
import { getContentBlock } from "~/domains/content/content.server";
import type { Post } from "~/domains/content/post.server";
import { getImageVariants } from "~/storage/variants.server";

const META_DESCRIPTION_LENGTH = 155;

/**
 * What the article page draws, for /blog/:slug and for the admin's preview of a draft
 * (/admin/blog/:id/apercu), which renders the same component.
 */
export async function articlePageData(post: Post) {
  const blocks = parsePostContent(post.content);
  const images = blocks.flatMap((block) => (block.type === "image" ? [block.src] : []));
  const [variants, texts] = await Promise.all([
    getImageVariants({ urls: [post.image_url, ...images] }),
    getContentBlock({ category: "blog", section: "article" }),
  ]);
  return {
    post: {
      id: post.id,
      slug: post.slug,
      title: post.title,
      subtitle: post.subtitle,
      image_url: post.image_url,
      category: post.category,
      author: post.author,
      published_at: post.published_at,
      updated_at: post.updated_at,
      description: excerpt(post, META_DESCRIPTION_LENGTH),
    },
    blocks,
    variants,
    texts,
  };
}
