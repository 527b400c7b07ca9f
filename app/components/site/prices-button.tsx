import { FileText, LoaderCircle } from "lucide-react";
import { buttonClass } from "./button-link";
import { useHydrated } from "./use-hydrated";

export const PRICES_PRINT_PATH = "/tarifs/imprimer";
export const PRICES_PDF_LABEL = "Voir la liste des Tarifs (PDF)";
export const PRICES_FALLBACK_LABEL = "Télécharger la liste des tarifs (PDF)";

/**
 * The prices button of spec §5. Disabled until the page is interactive; then, with a PDF
 * URL, a link opening the PDF in a new tab, otherwise a button opening the printable list
 * of documents and payment modes in a new window.
 */
export function PricesButton({ pdfUrl }: { pdfUrl: string }) {
  const hydrated = useHydrated();
  const url = pdfUrl.trim();
  const label = url ? PRICES_PDF_LABEL : PRICES_FALLBACK_LABEL;
  const classes = buttonClass("gold", "w-full sm:w-auto");

  if (!hydrated) {
    return (
      <button type="button" disabled aria-busy="true" className={classes}>
        <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />
        {label}
      </button>
    );
  }
  if (url) {
    return (
      <a href={url} target="_blank" rel="noopener" className={classes}>
        <FileText aria-hidden="true" className="size-5" />
        {label}
      </a>
    );
  }
  return (
    <button
      type="button"
      className={classes}
      onClick={() => {
        window.open(PRICES_PRINT_PATH, "tarifs", "noopener,width=900,height=1000");
      }}
    >
      <FileText aria-hidden="true" className="size-5" />
      {label}
    </button>
  );
}
