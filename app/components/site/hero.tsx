import { ResponsiveImage } from "~/components/ui/responsive-image";
import type { ImageVariant } from "~/storage/variants.server";
import { ButtonLink } from "./button-link";

/**
 * The banner of spec §2: title, subtitle, two buttons (default /essai, the trial booking,
 * and /disciplines).
 * 70vh on phones and the full screen from 768 px, or 60vh when not `fullHeight`. Behind it,
 * the background image, or the teal gradient, and on the home page a muted looping video
 * that fades in once it plays and is dropped if it fails.
 */
export function Hero({
  title,
  subtitle,
  primaryText,
  primaryLink,
  secondaryText,
  secondaryLink,
  backgroundImage,
  backgroundVariants,
  videoUrl,
  fullHeight = true,
}: {
  title: string;
  subtitle?: string;
  primaryText?: string;
  primaryLink?: string;
  secondaryText?: string;
  secondaryLink?: string;
  backgroundImage?: string;
  backgroundVariants?: ImageVariant[];
  videoUrl?: string;
  fullHeight?: boolean;
}) {
  const height = fullHeight ? "min-h-[70svh] md:min-h-svh" : "min-h-[60svh]";
  return (
    <section
      aria-labelledby="hero-title"
      className={`relative isolate -mt-header flex items-center overflow-hidden bg-gradient-to-br from-teal-dark via-ink to-ink pt-header text-white ${height}`}
    >
      {backgroundImage && (
        <ResponsiveImage
          src={backgroundImage}
          variants={backgroundVariants}
          alt=""
          priority
          className="absolute inset-0 -z-20 size-full object-cover"
        />
      )}
      {videoUrl && <HeroVideo url={videoUrl} />}
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-gradient-to-b from-ink/75 via-ink/60 to-ink/85"
      />
      <div
        aria-hidden="true"
        className="absolute inset-x-0 bottom-0 -z-10 h-1.5 bg-gradient-to-r from-teal via-gold to-teal"
      />
      <div className="mx-auto w-full max-w-5xl px-4 py-16 text-center sm:px-6 md:py-24">
        <p aria-hidden="true" className="mx-auto mb-6 h-1 w-16 rounded-full bg-gold" />
        <h1
          id="hero-title"
          className="text-4xl uppercase leading-[1.05] tracking-wide drop-shadow-lg sm:text-5xl md:text-7xl"
        >
          {title}
        </h1>
        {subtitle && (
          <p className="mx-auto mt-6 max-w-2xl text-lg leading-relaxed text-gray-100 md:text-xl">
            {subtitle}
          </p>
        )}
        {(primaryText || secondaryText) && (
          <div className="mt-10 flex flex-col items-stretch justify-center gap-4 sm:flex-row sm:items-center">
            {primaryText && (
              <ButtonLink to={primaryLink || "/essai"} variant="gold">
                {primaryText}
              </ButtonLink>
            )}
            {secondaryText && (
              <ButtonLink to={secondaryLink || "/disciplines"} variant="outline-light">
                {secondaryText}
              </ButtonLink>
            )}
          </div>
        )}
      </div>
    </section>
  );
}

/**
 * The background video, rendered without autoplay and invisible: the site script
 * (site-script.ts) starts it only when the visitor does not ask for reduced motion (and
 * pauses it if they then do), fades it in once it plays and drops it if it fails.
 */
function HeroVideo({ url }: { url: string }) {
  return (
    <video
      src={url}
      muted
      loop
      playsInline
      preload="none"
      aria-hidden="true"
      tabIndex={-1}
      data-hero-video=""
      className="absolute inset-0 -z-20 size-full object-cover opacity-0 transition-opacity duration-1000"
    >
      Votre navigateur ne supporte pas la lecture de vidéos.
    </video>
  );
}
