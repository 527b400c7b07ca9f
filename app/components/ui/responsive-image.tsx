import type { ImageVariant } from "~/storage/images.server";

/**
 * An image with its AVIF and WebP variants offered through srcset, and its intrinsic size
 * so the page does not jump while it loads. Lazy unless it is above the fold (`priority`).
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
}: {
  src: string;
  alt: string;
  variants?: ImageVariant[];
  sizes?: string;
  priority?: boolean;
  className?: string;
  width?: number;
  height?: number;
}) {
  const srcSet = (format: ImageVariant["format"]) =>
    variants
      .filter((v) => v.format === format)
      .map((v) => `${v.url} ${v.width}w`)
      .join(", ");
  const largest = variants.at(-1);
  return (
    <picture>
      {variants.length > 0 && <source type="image/avif" srcSet={srcSet("avif")} sizes={sizes} />}
      {variants.length > 0 && <source type="image/webp" srcSet={srcSet("webp")} sizes={sizes} />}
      <img
        src={src}
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
