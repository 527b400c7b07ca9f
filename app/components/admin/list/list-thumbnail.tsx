import { useState } from "react";
import { cn } from "~/components/ui/cn";
import { PLACEHOLDER_IMAGE } from "~/content/defaults";

/**
 * A row's small picture (getThumbnails gives its URL), decorative: the row's text names
 * it. A grey box without an image; the placeholder where the file is missing.
 */
export function ListThumbnail({ src, className }: { src: string | null; className?: string }) {
  const [failed, setFailed] = useState(false);
  return (
    <div className={cn("shrink-0 overflow-hidden bg-gray-100", className)}>
      {src && (
        <img
          // NOTE: an image that failed before hydration fired no React event; the ref sees it.
          ref={(img) => {
            if (img?.complete && img.naturalWidth === 0 && img.currentSrc) setFailed(true);
          }}
          onError={() => setFailed(true)}
          src={failed ? PLACEHOLDER_IMAGE : src}
          alt=""
          loading="lazy"
          decoding="async"
          className="size-full object-cover"
        />
      )}
    </div>
  );
}
