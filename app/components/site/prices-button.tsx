import { FileText, LoaderCircle } from "lucide-react";
import { buttonClass } from "./button-link";

export const PRICES_PRINT_PATH = "/tarifs/imprimer";
export const PRICES_PDF_LABEL = "Voir la liste des Tarifs (PDF)";
export const PRICES_FALLBACK_LABEL = "Télécharger la liste des tarifs (PDF)";

/**
 * The prices button of spec §5. With a PDF URL, a link opening the PDF in a new tab.
 * Otherwise a button, rendered disabled and busy while the page loads, that the site script
 * (site-script.ts) enables and makes open the printable list of documents and payment
 * modes in a new window.
 */
export function PricesButton({ pdfUrl }: { pdfUrl: string }) {
  const url = pdfUrl.trim();
  const classes = buttonClass("gold", "w-full sm:w-auto");
  if (url) {
    return (
      <a href={url} target="_blank" rel="noopener" className={classes}>
        <FileText aria-hidden="true" className="size-5" />
        {PRICES_PDF_LABEL}
      </a>
    );
  }
  return (
    <button
      type="button"
      disabled
      aria-busy="true"
      data-needs-script=""
      data-popup={PRICES_PRINT_PATH}
      className={classes}
    >
      <LoaderCircle aria-hidden="true" data-busy-icon="" className="size-5 animate-spin" />
      <FileText aria-hidden="true" data-ready-icon="" className="hidden size-5" />
      {PRICES_FALLBACK_LABEL}
    </button>
  );
}
