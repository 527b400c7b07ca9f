export const HOME_EXCERPT_LENGTH = 100;
export const CARD_EXCERPT_LENGTH = 150;

const MARKDOWN_IMAGE = /!\[[^\]]*\]\([^)]*\)/g;

export interface ExcerptSource {
  excerpt?: string | null;
  content?: string | null;
}

/** Explicit excerpt when set, otherwise the start of the content without images. */
export function excerpt(post: ExcerptSource, length = HOME_EXCERPT_LENGTH): string {
  const explicit = post.excerpt?.trim();
  if (explicit) return explicit;

  const text = (post.content ?? "").replace(MARKDOWN_IMAGE, " ").replace(/\s+/g, " ").trim();
  const chars = Array.from(text);
  const max = Math.max(0, Math.floor(length));
  return chars.length > max ? `${chars.slice(0, max).join("")}...` : text;
}
