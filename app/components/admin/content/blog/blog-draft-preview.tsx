import { Eye } from "lucide-react";
import type { MouseEvent } from "react";
import { ArticleView, type ArticleViewProps } from "~/components/site/article-view";
import { parsePostContent } from "~/components/site/post-content";
import { isSafeUrl } from "~/core/url";
import { BLOG_CATEGORIES } from "~/domains/content/defaults";
import { clubLocalToIso } from "~/core/club-time";
import { type PostDraft } from "~/domains/content/post-schema";

/*
 * The article editor's "Aperçu" tab: the article being written (saved or not) drawn by the
 * public page's own component, from the same line-by-line reading of its text
 * (parsePostContent: paragraphs and images, never HTML). Images show without their
 * variants, which the server makes at upload.
 */

/** The page's texts set in Contenu (Blog › article), given by the blog screen's loader. */
export type ArticleTexts = ArticleViewProps["texts"];

function previewOf(draft: PostDraft, texts: ArticleTexts): ArticleViewProps {
  const category = BLOG_CATEGORIES.find((value) => value === draft.category) ?? "actualite";
  return {
    post: {
      title: draft.title.trim(),
      subtitle: draft.subtitle.trim(),
      image_url: isSafeUrl(draft.image_url) ? draft.image_url : "",
      category,
      author: draft.author.trim(),
      published_at: clubLocalToIso(draft.published_at) ?? new Date().toISOString(),
    },
    blocks: parsePostContent(draft.content),
    variants: {},
    texts,
  };
}

/** A link of the preview leads nowhere: the dialog and its typing stay. */
function keepLinksInert(event: MouseEvent) {
  if (event.target instanceof Element && event.target.closest("a")) event.preventDefault();
}

export function BlogDraftPreview({ draft, texts }: { draft: PostDraft; texts: ArticleTexts }) {
  if (!draft.title.trim()) {
    return (
      <p className="rounded-md border border-gray-200 bg-gray-50 px-4 py-6 text-center text-gray-700">
        Donnez un titre à l'article pour voir son aperçu.
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-3">
      <p className="flex items-center gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm font-semibold text-amber-900">
        <Eye aria-hidden="true" className="size-4 shrink-0" />
        L'article tel que les visiteurs le verront ; ses liens sont inactifs ici.
      </p>
      <div
        onClickCapture={keepLinksInert}
        className="-mx-4 overflow-hidden bg-white ring-1 ring-gray-200 sm:mx-0 sm:rounded-lg"
      >
        <ArticleView {...previewOf(draft, texts)} />
      </div>
    </div>
  );
}
