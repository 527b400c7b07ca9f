import { Printer } from "lucide-react";
import { buttonClass } from "./button-link";

/**
 * Opens the browser's print dialog. Rendered disabled: the site script (site-script.ts)
 * enables it and answers its click.
 */
export function PrintButton({ label }: { label: string }) {
  return (
    <button
      type="button"
      disabled
      data-needs-script=""
      data-print=""
      className={buttonClass("dark", "no-print")}
    >
      <Printer aria-hidden="true" className="size-5" />
      {label}
    </button>
  );
}
