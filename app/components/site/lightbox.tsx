import { Maximize2, X } from "lucide-react";
import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { ResponsiveImage } from "~/components/ui/responsive-image";
import type { ImageVariant } from "~/storage/images.server";
import { useHydrated } from "./use-hydrated";

export interface LightboxImage {
  src: string;
  alt: string;
  variants?: ImageVariant[];
}

const FOCUSABLE = 'button, [href], input, select, textarea, [tabindex]:not([tabindex="-1"])';

/**
 * An enlarged image in a modal <dialog>: focus moves to its 'Fermer' button and stays
 * inside, Escape or a click on the backdrop closes it, and focus then returns to the
 * element that opened it.
 */
export function Lightbox({ image, onClose }: { image: LightboxImage | null; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const opener = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element || !image) return;
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!element.open) element.showModal();
    closeButton.current?.focus();
    return () => {
      if (element.open) element.close();
      opener.current?.focus();
    };
  }, [image]);

  function trapFocus(event: KeyboardEvent<HTMLDialogElement>) {
    if (event.key !== "Tab" || !dialog.current) return;
    const focusable = [...dialog.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = focusable[0];
    const last = focusable.at(-1);
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  const largest = image?.variants?.filter((v) => v.format === "webp").at(-1);
  return (
    <dialog
      ref={dialog}
      aria-modal="true"
      aria-label={image?.alt ? `Image agrandie : ${image.alt}` : "Image agrandie"}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
      onKeyDown={trapFocus}
      className="m-auto max-h-none max-w-none bg-transparent p-0 backdrop:bg-[rgb(17_24_39/0.92)] open:flex open:h-dvh open:w-screen open:items-center open:justify-center"
    >
      {image && (
        <figure className="flex max-h-full w-full max-w-6xl flex-col items-center gap-3 p-4 sm:p-8">
          <button
            ref={closeButton}
            type="button"
            onClick={onClose}
            className="focus-light inline-flex items-center gap-2 self-end rounded-full bg-white px-4 py-2 font-semibold text-ink shadow-lg hover:bg-gray-100"
          >
            <X aria-hidden="true" className="size-5" />
            Fermer
          </button>
          <img
            src={largest?.url ?? image.src}
            alt={image.alt}
            width={largest?.width ?? 1600}
            height={largest?.height ?? 1000}
            className="h-auto max-h-[calc(100dvh-9rem)] w-auto max-w-full rounded-lg object-contain shadow-2xl"
          />
          {image.alt && (
            <figcaption className="max-w-2xl text-center text-sm text-gray-200">
              {image.alt}
            </figcaption>
          )}
        </figure>
      )}
    </dialog>
  );
}

/** An image shown as a button that opens it in the lightbox. */
export function ZoomableImage({
  image,
  onOpen,
  sizes,
  className = "",
}: {
  image: LightboxImage;
  onOpen: (image: LightboxImage) => void;
  sizes?: string;
  className?: string;
}) {
  // Until React runs, a click could not open the lightbox: the button waits for it.
  const hydrated = useHydrated();
  return (
    <button
      type="button"
      disabled={!hydrated}
      onClick={() => onOpen(image)}
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
  const [open, setOpen] = useState<LightboxImage | null>(null);
  return (
    <>
      <ul className={`grid gap-4 sm:grid-cols-2 ${className}`}>
        {images.map((image) => (
          <li key={image.src}>
            <ZoomableImage
              image={image}
              onOpen={setOpen}
              sizes="(min-width: 1024px) 360px, (min-width: 640px) 50vw, 100vw"
              className="aspect-[4/3] [&_img]:h-full"
            />
          </li>
        ))}
      </ul>
      <Lightbox image={open} onClose={() => setOpen(null)} />
    </>
  );
}
