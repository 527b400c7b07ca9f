import { ExternalLink, MapPin } from "lucide-react";
import { buttonClass } from "./button-link";

/** The embed address of Google Maps for a postal address. */
export function mapEmbedUrl(query: string): string {
  return `https://www.google.com/maps?q=${encodeURIComponent(query)}&output=embed`;
}

/**
 * The map of the contact page. Nothing is asked of Google until the visitor presses the
 * button (no third-party request or cookie on page load): the site script (site-script.ts)
 * then puts the frame named by the button's data in place; a plain link works without it.
 */
export function ContactMap({
  query,
  mapsUrl,
  buttonText,
  linkText,
  notice,
}: {
  query: string;
  mapsUrl: string;
  buttonText: string;
  linkText: string;
  notice: string;
}) {
  return (
    <div>
      <div className="relative aspect-[4/3] overflow-hidden rounded-3xl bg-ink shadow-xl sm:aspect-video">
        <div
          data-map-placeholder=""
          className="absolute inset-0 flex flex-col items-center justify-center gap-5 bg-[radial-gradient(circle_at_30%_30%,rgba(94,207,203,0.3),transparent_60%),repeating-linear-gradient(0deg,rgba(255,255,255,0.05)_0_1px,transparent_1px_40px),repeating-linear-gradient(90deg,rgba(255,255,255,0.05)_0_1px,transparent_1px_40px)] p-6 text-center text-white"
        >
          <MapPin aria-hidden="true" className="size-12 text-gold" />
          <p className="max-w-sm text-sm text-gray-200">{notice}</p>
          <button
            type="button"
            disabled
            data-needs-script=""
            data-map-src={mapEmbedUrl(query)}
            data-map-title={`Carte : ${query}`}
            className={buttonClass("teal")}
          >
            {buttonText}
          </button>
        </div>
      </div>
      {mapsUrl && (
        <p className="mt-4">
          <a
            href={mapsUrl}
            className="inline-flex items-center gap-2 font-semibold text-teal-dark underline-offset-4 hover:underline"
          >
            {linkText}
            <ExternalLink aria-hidden="true" className="size-4" />
          </a>
        </p>
      )}
    </div>
  );
}
