import { useState } from "react";
import { PLACEHOLDER_IMAGE } from "~/domains/content/defaults";
import type { ImageVariant } from "~/storage/variants.server";

/** Whether an <img> failed to load, with the ref and the handler that tell it. */
export function useBrokenImage() {
  const [broken, setBroken] = useState(false);
  return {
    broken,
    // NOTE: an image that failed before hydration fired no React event; the ref sees it.
    ref: (img: HTMLImageElement | null) => {
      if (img?.complete && img.naturalWidth === 0 && img.currentSrc) setBroken(true);
    },
    onError: () => setBroken(true),
  };
}

/**
 * An image with its AVIF and WebP variants offered through srcset, and its intrinsic size
 * so the page does not jump while it loads. Lazy unless it is above the fold (`priority`).
 * A broken image is replaced by `fallbackSrc` (the placeholder by default, spec §8): by
 * React where it runs (back office), by the site script (site-script.ts) on public pages,
 * which reads `data-fallback`.
 */
export function ResponsiveImage({
  src,
  alt,
  variants = [],
  sizes = "100vw",
  priority = false,
  className,
  width = 1600,
  height = 1000,
  fallbackSrc = PLACEHOLDER_IMAGE,
}: {
  src: string;
  alt: string;
  variants?: ImageVariant[];
  sizes?: string;
  priority?: boolean;
  className?: string;
  width?: number;
  height?: number;
  fallbackSrc?: string;
}) {
  const { broken: failed, ref, onError } = useBrokenImage();
  const srcSet = (format: ImageVariant["format"]) =>
    variants
      .filter((v) => v.format === format)
      .map((v) => `${v.url} ${v.width}w`)
      .join(", ");
  const largest = variants.at(-1);
  const broken = failed && src !== fallbackSrc;
  const showVariants = variants.length > 0 && !broken;
  return (
    <picture>
      {showVariants && <source type="image/avif" srcSet={srcSet("avif")} sizes={sizes} />}
      {showVariants && <source type="image/webp" srcSet={srcSet("webp")} sizes={sizes} />}
      <img
        ref={ref}
        onError={onError}
        src={broken ? fallbackSrc : src}
        data-fallback={broken || src === fallbackSrc ? undefined : fallbackSrc}
        alt={alt}
        width={largest?.width ?? width}
        height={largest?.height ?? height}
        loading={priority ? "eager" : "lazy"}
        fetchPriority={priority ? "high" : undefined}
        decoding="async"
        className={className}
      />
    </picture>
  );
}
