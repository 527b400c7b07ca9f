import { cn } from "~/components/ui/cn";
import { useBrokenImage } from "~/components/ui/responsive-image";
import { PLACEHOLDER_IMAGE } from "~/domains/content/defaults";

/**
 * A row's small picture (getThumbnails gives its URL), decorative: the row's text names
 * it. A grey box without an image; the placeholder where the file is missing.
 */
export function ListThumbnail({ src, className }: { src: string | null; className?: string }) {
  const { broken, ref, onError } = useBrokenImage();
  return (
    <div className={cn("shrink-0 overflow-hidden bg-gray-100", className)}>
      {src && (
        <img
          ref={ref}
          onError={onError}
          src={broken ? PLACEHOLDER_IMAGE : src}
          alt=""
          loading="lazy"
          decoding="async"
          className="size-full object-cover"
        />
      )}
    </div>
  );
}
