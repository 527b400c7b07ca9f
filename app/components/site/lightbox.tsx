import { Maximize2, X } from "lucide-react";
import type { ReactNode } from "react";
import { ResponsiveImage } from "~/components/ui/responsive-image";
import type { ImageVariant } from "~/storage/variants.server";

export interface LightboxImage {
  src: string;
  alt: string;
  variants?: ImageVariant[];
}

/**
 * The enlarged images of a gallery or an article share one modal <dialog>: the site script
 * (site-script.ts) fills it from its <template> with the image of the button pressed, opens
 * it with the focus on 'Fermer', keeps the focus inside, closes it on Escape, 'Fermer' or a
 * click on the backdrop, and gives the focus back to the button.
 */
export function LightboxGroup({ children }: { children: ReactNode }) {
  return (
    <div data-lightbox-group="">
      {children}
      <dialog
        aria-modal="true"
        aria-label="Image agrandie"
        className="m-auto max-h-none max-w-none bg-transparent p-0 backdrop:bg-[rgb(17_24_39/0.92)] open:flex open:h-dvh open:w-screen open:items-center open:justify-center"
      >
        <template>
          <figure className="flex max-h-full w-full max-w-6xl flex-col items-center gap-3 p-4 sm:p-8">
            <button
              type="button"
              data-lightbox-close=""
              className="focus-light inline-flex items-center gap-2 self-end rounded-full bg-white px-4 py-2 font-semibold text-ink shadow-lg hover:bg-gray-100"
            >
              <X aria-hidden="true" className="size-5" />
              Fermer
            </button>
            <img
              alt=""
              className="h-auto max-h-[calc(100dvh-9rem)] w-auto max-w-full rounded-lg object-contain shadow-2xl"
            />
            <figcaption className="max-w-2xl text-center text-sm text-gray-200" />
          </figure>
        </template>
      </dialog>
    </div>
  );
}

/**
 * An image shown as a button that opens it in the lightbox of its LightboxGroup. Rendered
 * disabled: the site script enables it.
 */
export function ZoomableImage({
  image,
  sizes,
  className = "",
}: {
  image: LightboxImage;
  sizes?: string;
  className?: string;
}) {
  const largest = image.variants?.filter((v) => v.format === "webp").at(-1);
  return (
    <button
      type="button"
      disabled
      data-needs-script=""
      data-lightbox-open=""
      data-src={largest?.url ?? image.src}
      data-width={largest?.width ?? 1600}
      data-height={largest?.height ?? 1000}
      data-alt={image.alt}
      aria-label={image.alt ? `Agrandir l'image : ${image.alt}` : "Agrandir l'image"}
      className={`group relative block w-full cursor-zoom-in overflow-hidden rounded-xl bg-gray-100 ${className}`}
    >
      <ResponsiveImage
        src={image.src}
        alt={image.alt}
        variants={image.variants}
        sizes={sizes}
        className="h-auto w-full object-cover transition duration-300 group-hover:scale-[1.02]"
      />
      <span
        aria-hidden="true"
        className="absolute bottom-3 right-3 rounded-full bg-ink/80 p-2 text-white opacity-80 transition group-hover:opacity-100"
      >
        <Maximize2 className="size-4" />
      </span>
    </button>
  );
}

/** A grid of enlargeable images sharing one lightbox. */
export function Gallery({
  images,
  className = "",
}: {
  images: LightboxImage[];
  className?: string;
}) {
  return (
    <LightboxGroup>
      <ul className={`grid gap-4 sm:grid-cols-2 ${className}`}>
        {images.map((image) => (
          <li key={image.src}>
            <ZoomableImage
              image={image}
              sizes="(min-width: 1024px) 360px, (min-width: 640px) 50vw, 100vw"
              className="aspect-[4/3] [&_img]:h-full"
            />
          </li>
        ))}
      </ul>
    </LightboxGroup>
  );
}
